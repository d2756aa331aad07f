package dev.joseki.book.values;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A hand-made graph: node 0 (ply 1 from games) and node 4 (ply 7 from games). Followed moves: 0→1,
 * 1→2, 4→5; moves nobody played or evaluated: 0→2 (a shortcut), 2→3, 3→2, 3→4; nothing leads to
 * node 6. Expected: 1 = 2; 2 = 3 (the followed chain wins over the shortcut, which would give 2); 3
 * = 4 (only an unfollowed move reaches it); 4 keeps 7 although 3 reaches it; 5 = 8; 6 = the orphan
 * ply 1.
 */
class NodePliesTest {
    @Test
    void shouldTakeTheShortestFollowedChainThenAnyMoveThenTheOrphanPly() {
        BookGraph.Builder b = new BookGraph.Builder();
        b.node(false).edge(10, 1).edge(11, 2); // moves 0, 1
        b.node(false).edge(12, 2); // move 2
        b.node(false).edge(13, 3); // move 3
        b.node(false).edge(14, 2).edge(15, 4); // moves 4, 5
        b.node(false).edge(16, 5); // move 6
        b.node(false);
        b.node(false).leafMove(17, ValueDepth.of(5, 0));
        BookGraph g = b.build();
        Set<Integer> followed = Set.of(0, 2, 6);
        int[] ply =
                NodePlies.of(
                        g,
                        new int[] {1, 0, 0, 0, 7, 0, 0},
                        (node, move) -> followed.contains(move));
        assertThat(ply).containsExactly(1, 2, 3, 4, 7, 8, NodePlies.ORPHAN_PLY);
    }
}
