package dev.joseki.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One hand-built position per special rule; expected move sets are reasoned out by hand in
 * comments.
 */
class MoveGeneratorTest {

    static List<String> legal(String sfen) {
        Position pos = Sfen.parse(sfen);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.generateLegal(pos, buf, 0);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(Move.usi(buf[i]));
        }
        return out;
    }

    @Test
    void pawnLanceAndKnightMustPromoteWhereTheyCouldNotMoveAgain() {
        // Black pawn 2b, knight 7c, lance 1d; White king 9i... kings far away.
        List<String> moves = legal("9/7P1/2N6/8L/9/9/9/9/k3K4 b - 1");
        assertThat(moves).contains("2b2a+").doesNotContain("2b2a");
        assertThat(moves).contains("7c6a+", "7c8a+").doesNotContain("7c6a", "7c8a");
        // A lance on rank b can still move: only rank a forces promotion.
        assertThat(moves)
                .contains("1d1c+", "1d1c", "1d1b+", "1d1b", "1d1a+")
                .doesNotContain("1d1a");
        // A knight reaching rank b must promote too.
        assertThat(legal("9/9/9/2N6/9/9/9/9/k3K4 b - 1"))
                .contains("7d6b+", "7d8b+")
                .doesNotContain("7d6b", "7d8b");
    }

    @Test
    void promotionIsOptionalIntoOutOfAndInsideTheZone() {
        // Silver 5d entering the zone, silver 2c leaving it, bishop 9i entering it.
        List<String> moves = legal("9/9/7S1/4S4/9/9/9/9/B3K3k b - 1");
        assertThat(moves)
                .contains("5d5c", "5d5c+", "2c3d", "2c3d+", "2c2b", "2c2b+", "9i3c", "9i3c+");
        // No promotion outside the zone and never for gold or king.
        assertThat(moves).contains("5d4e").doesNotContain("5d4e+", "9i7g+");
        assertThat(legal("9/9/4G4/9/9/9/9/9/4K3k b - 1")).contains("5c5b").doesNotContain("5c5b+");
    }

    @Test
    void pinnedPieceMovesOnlyAlongThePin() {
        // Gold 5h pinned by the rook on 5a: only 5h5g. Silver 4h pinned on the diagonal by bishop
        // 1e: only 4h3g.
        assertThat(legal("4r4/9/9/9/9/9/9/4G4/4K3k b - 1"))
                .filteredOn(m -> m.startsWith("5h"))
                .containsExactly("5h5g");
        assertThat(legal("9/9/9/9/8b/9/9/5S3/4K3k b - 1"))
                .filteredOn(m -> m.startsWith("4h"))
                .containsExactly("4h3g");
    }

    @Test
    void kingMayNotStepIntoAttackNorRetreatAlongTheCheckingLine() {
        // Rook 5a checks the king on 5e: 5d and 5f (x-ray through the king's square) are attacked.
        assertThat(legal("4r4/9/9/9/4K4/9/9/9/k8 b - 1"))
                .containsExactlyInAnyOrder("5e4d", "5e4e", "5e4f", "5e6d", "5e6e", "5e6f");
    }

    @Test
    void checkEvasionsAreCaptureInterpositionOrKingMove() {
        // Rook 5a checks king 5i; Black's gold 4b may capture, a drop may interpose on 5b..5h.
        List<String> moves = legal("4r4/5G3/9/9/9/9/9/9/4K3k b P 1");
        assertThat(moves)
                .contains("4b5a", "P*5e", "P*5h", "5i4i", "5i6h")
                .doesNotContain("5i5h", "4b4a", "P*4e");
        assertThat(moves).filteredOn(m -> m.startsWith("P*")).hasSize(7);
    }

    @Test
    void doubleCheckAllowsOnlyKingMoves() {
        // Rook 5a and bishop 1e both check the king on 5i; the gold on 4b could take the rook but
        // may not.
        List<String> moves = legal("4r4/5G3/9/9/8b/9/9/9/4K3k b P 1");
        assertThat(moves).isNotEmpty().allMatch(m -> m.startsWith("5i"));
    }

    @Test
    void movesComeInTheDocumentedOrderKingFirstThenBySquareThenDrops() {
        // Start position: king 5i (N 5h; E 4i and W 6i are golds; NE 4h, NW 6h), then from
        // square 0 up: pawn 1g, lance 1i (to 1h, then its own pawn), pawn 2g, rook 2h (N pawn,
        // S knight: blocked; E 1h; W 3h..7h up to the bishop), knight 2i (both targets own pawns),
        // pawn 3g, silver 3i (N 3h, NE the rook, NW 4h).
        assertThat(legal(Sfen.STARTPOS).subList(0, 15))
                .containsExactly(
                        "5i5h", "5i4h", "5i6h", "1g1f", "1i1h", "2g2f", "2h1h", "2h3h", "2h4h",
                        "2h5h", "2h6h", "2h7h", "3g3f", "3i3h", "3i4h");
        // Drops after the king's moves, square by square from 1a, each square's types ascending: on
        // 1a (Black's last rank) only the gold, on 1b no knight, from 1c all four.
        List<String> drops = legal("4k4/9/9/9/9/9/9/9/4K4 b GNLP 1");
        assertThat(drops.subList(0, 13))
                .containsExactly(
                        "5i5h", "5i4i", "5i6i", "5i4h", "5i6h", "G*1a", "P*1b", "L*1b", "G*1b",
                        "P*1c", "L*1c", "N*1c", "G*1c");
    }
}
