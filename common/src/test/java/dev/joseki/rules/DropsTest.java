package dev.joseki.rules;

import static dev.joseki.rules.MoveGeneratorTest.legal;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The drop rules, one hand-built position each, seen in the legal moves; reasoned in comments. */
class DropsTest {
    @Test
    void nifuForbidsASecondUnpromotedPawnOnAFile() {
        // Black pawn on 5g: no pawn drop on file 5; 8 other files x ranks b..i, nothing occupied
        // there.
        List<String> moves = legal("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
        assertThat(moves).filteredOn(m -> m.startsWith("P*5")).isEmpty();
        assertThat(moves).filteredOn(m -> m.startsWith("P*")).hasSize(64).contains("P*4e", "P*9b");
    }

    @Test
    void promotedPawnDoesNotCountForNifu() {
        List<String> moves = legal("4k4/9/9/9/9/9/4+P4/9/4K4 b P 1");
        assertThat(moves).contains("P*5e");
    }

    @Test
    void pawnDropMateIsIllegal() {
        // White king 1a; Black gold 3b covers 2a and 2b; the knight on 2d defends 1b: P*1b would
        // mate.
        assertThat(legal("8k/6G2/9/7N1/9/9/9/9/4K4 b P 1"))
                .doesNotContain("P*1b")
                .contains("P*1d", "P*2c");
    }

    @Test
    void pawnDropCheckThatIsNotMateIsLegal() {
        // Without the gold the king escapes to 2a or 2b.
        assertThat(legal("8k/9/9/7N1/9/9/9/9/4K4 b P 1")).contains("P*1b");
        // With a White gold on 2a able to capture the pawn it is not mate either.
        assertThat(legal("7gk/6G2/9/7N1/9/9/9/9/4K4 b P 1")).contains("P*1b");
    }

    @Test
    void pawnDropMateIsIllegalWhenTheOnlyCapturerIsPinned() {
        // Same, but Black's rook on 9a pins the White gold on 2a to its king along rank a.
        assertThat(legal("R6gk/6G2/9/7N1/9/9/9/9/4K4 b P 1")).doesNotContain("P*1b");
    }

    @Test
    void noDropLeavesAPieceWithoutMoves() {
        // Empty board but kings on 5a and 5i. Knights: ranks c..i minus 5i = 62; lances and pawns:
        // ranks b..i minus 5i = 71 (P*5b checks but the king takes the undefended pawn).
        List<String> moves = legal("4k4/9/9/9/9/9/9/9/4K4 b NLP 1");
        assertThat(moves)
                .filteredOn(m -> m.startsWith("N*"))
                .hasSize(62)
                .noneMatch(m -> m.endsWith("a") || m.endsWith("b"));
        assertThat(moves)
                .filteredOn(m -> m.startsWith("L*"))
                .hasSize(71)
                .noneMatch(m -> m.endsWith("a"));
        assertThat(moves)
                .filteredOn(m -> m.startsWith("P*"))
                .hasSize(71)
                .noneMatch(m -> m.endsWith("a"));
        // The same for White, whose last ranks are h and i.
        List<String> white = legal("4k4/9/9/9/9/9/9/9/4K4 w nlp 1");
        assertThat(white)
                .filteredOn(m -> m.startsWith("N*"))
                .hasSize(62)
                .noneMatch(m -> m.endsWith("i") || m.endsWith("h"));
    }
}
