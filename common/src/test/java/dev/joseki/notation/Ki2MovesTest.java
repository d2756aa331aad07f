package dev.joseki.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Position;
import org.junit.jupiter.api.Test;

/**
 * KI2 disambiguation on hand-built positions. Expected origins are worked out by hand from the KI2
 * conventions (relative words from the mover's side: Black's right is file 1, White's right is file
 * 9).
 */
class Ki2MovesTest {
    /** Golds on 7h and 5h can both reach 6g. */
    private static final String TWO_GOLDS = "4k4/9/9/9/9/9/9/2G1G4/4K4 b - 1";

    /** Black golds on 6h, 5h, 4g and 5f can all reach 5g. */
    private static final String FOUR_GOLDS = "8k/9/9/9/9/4G4/5G3/3GG4/K8 b - 1";

    private static String find(String sfen, String text) {
        Position pos = Sfen.parse(sfen);
        KifMoveText mt = KifMoveText.parse(text, 0, -1, false, "t.ki2", 1);
        int[] legal = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.generateLegal(pos, legal, 0);
        return Move.usi(Ki2Moves.find(mt, legal, n, pos.sideToMove(), text, "t.ki2", 1, 1));
    }

    @Test
    void rightAndLeftAreSeenFromBlacksSide() {
        assertThat(find(TWO_GOLDS, "６七金右")).isEqualTo("5h6g");
        assertThat(find(TWO_GOLDS, "６七金左")).isEqualTo("7h6g");
    }

    @Test
    void twoCandidatesWithoutAWordAreAmbiguous() {
        assertThatThrownBy(() -> find(TWO_GOLDS, "６七金"))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("ambiguous")
                .hasMessageContaining("2 legal moves");
    }

    @Test
    void rightAndLeftAreSeenFromWhitesSide() {
        // White golds on 5b and 3b, both reaching 4c: White's right is the larger file.
        String sfen = "4k4/4g1g2/9/9/9/9/9/9/4K4 w - 1";
        assertThat(find(sfen, "４三金右")).isEqualTo("5b4c");
        assertThat(find(sfen, "４三金左")).isEqualTo("3b4c");
    }

    @Test
    void straightSidewaysAndBackwardWords() {
        assertThat(find(FOUR_GOLDS, "５七金直")).isEqualTo("5h5g");
        assertThat(find(FOUR_GOLDS, "５七金寄")).isEqualTo("4g5g");
        assertThat(find(FOUR_GOLDS, "５七金引")).isEqualTo("5f5g");
        assertThat(find(FOUR_GOLDS, "５七金左")).isEqualTo("6h5g");
        // Forward moves come from 6h and 5h: 上 alone does not decide.
        assertThatThrownBy(() -> find(FOUR_GOLDS, "５七金上")).isInstanceOf(ParseException.class);
    }

    @Test
    void upAndBackAreSeenFromWhitesSide() {
        // White golds on 5c and 5e reach 5d: for White, 5c→5d goes forward (上), 5e→5d backward (引).
        String sfen = "8k/9/4g4/9/4g4/9/9/9/K8 w - 1";
        assertThat(find(sfen, "５四金上")).isEqualTo("5c5d");
        assertThat(find(sfen, "５四金引")).isEqualTo("5e5d");
    }

    @Test
    void dropIsWrittenOnlyWhenABoardPieceCouldMoveThere() {
        String sfen = "8k/9/9/9/9/9/9/4G4/K8 b G 1";
        assertThat(find(sfen, "５七金打")).isEqualTo("G*5g");
        assertThat(find(sfen, "５七金")).isEqualTo("5h5g");
        // No board gold reaches 1e: the drop needs no 打.
        assertThat(find(sfen, "１五金")).isEqualTo("G*1e");
    }

    @Test
    void promotionWordsPickTheVariant() {
        String sfen = "8k/9/9/5S3/9/9/9/9/K8 b - 1";
        assertThat(find(sfen, "４三銀成")).isEqualTo("4d4c+");
        assertThat(find(sfen, "４三銀不成")).isEqualTo("4d4c");
        assertThat(find(sfen, "４三銀生")).isEqualTo("4d4c");
        // Without a word the non-promotion is meant.
        assertThat(find(sfen, "４三銀")).isEqualTo("4d4c");
    }

    @Test
    void noMatchingMoveIsReported() {
        assertThatThrownBy(() -> find(Sfen.STARTPOS, "７五歩"))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("no legal move matches");
    }

    @Test
    void ki2GameWithAnIllegalMoveNamesLineAndColumn() {
        // The second ▲７五歩 (column 11 of line 3) pushes a pawn onto its own pawn on 7e.
        assertThatThrownBy(() -> Ki2Reader.read("先手：a\n▲７六歩 △３四歩\n▲７五歩 △８四歩 ▲７五歩\n", "g.ki2"))
                .isInstanceOf(ParseException.class)
                .hasMessageStartingWith("g.ki2:3:11: no legal move matches '▲７五歩'");
    }

    @Test
    void ki2MovesOfTheWrongSideAreReported() {
        assertThatThrownBy(() -> Ki2Reader.read("▲７六歩 ▲２六歩\n", "g.ki2"))
                .isInstanceOf(ParseException.class)
                .hasMessageStartingWith("g.ki2:1:6: it is White's turn");
    }
}
