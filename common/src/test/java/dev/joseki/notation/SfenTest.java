package dev.joseki.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The SFEN reader refuses every position the rules cannot play from, with the reason in the
 * message.
 */
class SfenTest {

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                // Black's rook on 5b gives check to White's king on 5a, but Black is to move: 5b5a
                // takes the king.
                "4k4/4R4/9/9/9/9/9/9/4K4 b - 1 | the side not to move (White) is in check",
                "9/9/9/9/9/9/9/9/9 b - 1 | no kings",
                "4k4/9/9/9/9/9/9/9/9 w - 1 | no Black king",
                "9/9/9/9/9/9/9/9/4K4 b - 1 | no White king",
                "4k4/9/9/9/9/9/9/9/3KK4 b - 1 | more than one king of one colour",
                "P3k4/9/9/9/9/9/9/9/4K4 b - 1 | could never move",
                "4k4/9/9/9/9/9/4P4/4P4/4K4 b - 1 | two unpromoted pawns of one colour on file 5",
                "4k4/9/9/9/9/9/9/9/GGGK5 b 2G 1 | more than 4 G in the position",
                "4k4/9/9/9/9/9/9/9/4K4 b 19P 1 | too many P in hand",
            })
    void impossiblePositionsAreRejected(String sfen, String reason) {
        assertThatThrownBy(() -> Sfen.parse(sfen))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining(reason);
    }

    @Test
    void aMateProblemMayLackTheAttackersKingButNothingElse() {
        // Tsume convention: Black (to move, the attacker) has no king; White's king is on 1a.
        Position p = Sfen.parseProblem("8k/9/8P/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
        assertThat(p.kingSquare(Piece.BLACK)).isEqualTo(-1);
        assertThatThrownBy(() -> Sfen.parse("8k/9/8P/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"))
                .hasMessageContaining("no Black king");
        // The defender (not to move) must have its king, and must not be in check.
        assertThatThrownBy(() -> Sfen.parseProblem("9/9/9/9/9/9/9/9/4K4 b - 1"))
                .hasMessageContaining("no White king");
        assertThatThrownBy(() -> Sfen.parseProblem("8k/8R/9/9/9/9/9/9/9 b - 1"))
                .hasMessageContaining("the side not to move (White) is in check");
    }

    @Test
    void aHugeSfenIsQuotedCut() {
        String huge = "x".repeat(1_000_000);
        assertThatThrownBy(() -> Sfen.parse(huge))
                .isInstanceOf(ParseException.class)
                .satisfies(
                        e ->
                                assertThat(e.getMessage())
                                        .hasSizeLessThan(400)
                                        .contains("(1000000 characters)"));
    }
}
