package dev.joseki.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.rules.Move;
import dev.joseki.rules.Result;
import dev.joseki.rules.Termination;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** CSA reading on hand-written records; expected positions and results worked out by hand. */
class CsaReaderTest {
    private static GameRecord one(String csa) {
        List<GameRecord> games = CsaReader.read(csa, "t.csa");
        assertThat(games).hasSize(1);
        return games.get(0);
    }

    private static List<String> usi(GameRecord g) {
        return Arrays.stream(g.moveArray()).mapToObj(Move::usi).toList();
    }

    @Test
    void handicapPiRemovesPiecesAndWhiteMovesFirst() {
        GameRecord g = one("V2.2\nPI82HI22KA\n-\n-5142OU\n%TORYO\n");
        assertThat(g.startSfen())
                .isEqualTo("lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
        assertThat(usi(g)).containsExactly("5a4b");
        // After White's move Black is to move and resigns.
        assertThat(g.result()).isEqualTo(Result.WHITE_WIN);
        assertThat(g.termination()).isEqualTo(Termination.RESIGN);
    }

    @Test
    void pieceListsWithHandAndAllRestGiveTheTsumeStartAndMateIsFound() {
        GameRecord g = one("P-11OU\nP+13FU00KI\nP-00AL\n+\n+0012KI\n");
        // White gets every piece not placed: 2 R, 2 B, 3 G, 4 S, 4 N, 4 L, 17 P.
        assertThat(g.startSfen()).isEqualTo("8k/9/8P/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
        assertThat(usi(g)).containsExactly("G*1b");
        // The gold on 1b, guarded by the pawn on 1c, covers 1a's every escape: mate with no
        // terminal written.
        assertThat(g.terminal()).isNull();
        assertThat(g.result()).isEqualTo(Result.BLACK_WIN);
        assertThat(g.termination()).isEqualTo(Termination.CHECKMATE);
    }

    @Test
    void rowsReadWithCollapsedBlanksToo() {
        String rows =
                """
                P1-KY-KE-GI-KI-OU-KI-GI-KE-KY
                P2 * -HI * * * * * -KA *
                P3-FU-FU-FU-FU-FU-FU-FU-FU-FU
                P4 *  *  *  *  *  *  *  *  *
                P5 *  *  *  *  *  *  *  *  *\s
                P6 *  *  *  *  *  *  *  *  *\s
                P7+FU+FU+FU+FU+FU+FU+FU+FU+FU
                P8 * +KA *  *  *  *  * +HI *\s
                P9+KY+KE+GI+KI+OU+KI+GI+KE+KY
                +
                """;
        assertThat(one(rows).startSfen()).isEqualTo(Sfen.STARTPOS);
    }

    @Test
    void commasSplitItemsAndACommentRunsToTheEndOfTheLine() {
        GameRecord g = one("PI\n+\n+7776FU  ,T5  ,'hello, world\n-3334FU\nT2.75\n");
        assertThat(usi(g)).containsExactly("7g7f", "3c3d");
        assertThat(g.moves().get(0).seconds()).isEqualTo(5);
        assertThat(g.moves().get(0).comments()).containsExactly("hello, world");
        // V3.0 fractional seconds are truncated.
        assertThat(g.moves().get(1).seconds()).isEqualTo(2);
        assertThat(g.result()).isEqualTo(Result.UNFINISHED);
        assertThat(g.termination()).isEqualTo(Termination.UNKNOWN);
    }

    @Test
    void gamesSeparatedBySlashAreReadInOrder() {
        List<GameRecord> games =
                CsaReader.read(
                        "V2.2\n"
                                + "N+a\n"
                                + "N-b\n"
                                + "$EVENT:test\n"
                                + "PI\n"
                                + "+\n"
                                + "+7776FU\n"
                                + "%TORYO\n"
                                + "/\n"
                                + "N+c\n"
                                + "PI\n"
                                + "+\n"
                                + "+2726FU\n"
                                + "-8384FU\n"
                                + "%CHUDAN\n",
                        "m.csa");
        assertThat(games).hasSize(2);
        assertThat(games.get(0).blackName()).isEqualTo("a");
        assertThat(games.get(0).headers()).containsEntry("EVENT", "test");
        // White, to move after 7g7f, resigns.
        assertThat(games.get(0).result()).isEqualTo(Result.BLACK_WIN);
        assertThat(games.get(1).blackName()).isEqualTo("c");
        assertThat(usi(games.get(1))).containsExactly("2g2f", "8c8d");
        assertThat(games.get(1).result()).isEqualTo(Result.UNFINISHED);
        assertThat(games.get(1).termination()).isEqualTo(Termination.ABORT);
    }

    @Test
    void illegalMoveIsReportedWithLineAndColumn() {
        assertThatThrownBy(() -> CsaReader.read("PI\n+\n+7776FU\n'x\n-3335FU\n", "bad.csa"))
                .isInstanceOf(ParseException.class)
                .hasMessageStartingWith("bad.csa:5:1: illegal move '-3335FU' at ply 2");
    }

    @Test
    void moveOfTheWrongSideIsReported() {
        assertThatThrownBy(() -> CsaReader.read("PI\n+\n+7776FU\n+2726FU\n", "bad.csa"))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("bad.csa:4:1:")
                .hasMessageContaining("White's turn");
    }

    @Test
    void pieceThatCannotBecomeTheWrittenPieceIsReported() {
        // The gold on 69 cannot promote.
        assertThatThrownBy(() -> CsaReader.read("PI\n+\n+6958NG\n", "bad.csa"))
                .isInstanceOf(ParseException.class)
                .hasMessageStartingWith("bad.csa:3:6:");
    }

    @Test
    void aDifferentSecondTerminalIsAnError() {
        assertThatThrownBy(() -> CsaReader.read("PI\n+\n+7776FU\n%TORYO\n%CHUDAN\n", "bad.csa"))
                .isInstanceOf(ParseException.class)
                .hasMessageStartingWith("bad.csa:5:1: second terminal");
    }

    @Test
    void moveAfterTheTerminalIsAnError() {
        assertThatThrownBy(() -> CsaReader.read("PI\n+\n%TORYO\n+7776FU\n", "bad.csa"))
                .isInstanceOf(ParseException.class)
                .hasMessageStartingWith("bad.csa:4:1: move '+7776FU' after");
    }

    @Test
    void repetitionIsDetectedByTheReplayAndAMoveAfterItIsRejected() {
        String shuffle = "+5968OU\n-5142OU\n+6859OU\n-4251OU\n";
        // The start position recurs after plies 4, 8 and 12: the fourth occurrence ends the game.
        GameRecord g = one("PI\n+\n" + shuffle.repeat(3) + "%SENNICHITE\n");
        assertThat(g.plies()).isEqualTo(12);
        assertThat(g.result()).isEqualTo(Result.DRAW);
        assertThat(g.termination()).isEqualTo(Termination.SENNICHITE);
        assertThat(g.reason()).isEqualTo("fourth repetition");
        assertThatThrownBy(
                        () -> CsaReader.read("PI\n+\n" + shuffle.repeat(3) + "+5968OU\n", "s.csa"))
                .isInstanceOf(ParseException.class)
                .hasMessageStartingWith("s.csa:15:1: move '+5968OU' after the game ended");
    }

    @Test
    void sennichiteClaimWithoutRepetitionIsStillADraw() {
        GameRecord g = one("PI\n+\n+7776FU\n%SENNICHITE\n");
        assertThat(g.result()).isEqualTo(Result.DRAW);
        assertThat(g.termination()).isEqualTo(Termination.SENNICHITE);
        assertThat(g.reason()).contains("no fourth occurrence");
    }

    /** After +7776FU White is to move; each code's outcome follows formats.md §3.5. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "%TORYO, BLACK_WIN, RESIGN",
        "%CHUDAN, UNFINISHED, ABORT",
        "%TIME_UP, BLACK_WIN, TIME",
        "%ILLEGAL_MOVE, BLACK_WIN, ILLEGAL_MOVE",
        "%+ILLEGAL_ACTION, WHITE_WIN, ILLEGAL_MOVE",
        "%-ILLEGAL_ACTION, BLACK_WIN, ILLEGAL_MOVE",
        "%JISHOGI, DRAW, DECLARATION",
        "%HIKIWAKE, DRAW, DECLARATION",
        // White's king is at home: the declaration is invalid and loses.
        "%KACHI, BLACK_WIN, ILLEGAL_MOVE",
        "%TSUMI, BLACK_WIN, CHECKMATE",
        "%MAX_MOVES, DRAW, MAX_PLIES",
        "%MATTA, UNFINISHED, UNKNOWN",
        "%FUZUMI, UNFINISHED, UNKNOWN",
        "%ERROR, UNFINISHED, UNKNOWN"
    })
    void everySpecialMoveHasItsOutcome(String code, Result result, Termination termination) {
        GameRecord g = one("PI\n+\n+7776FU\n" + code + "\n");
        assertThat(g.terminal().csa()).isEqualTo(code);
        assertThat(g.result()).isEqualTo(result);
        assertThat(g.termination()).isEqualTo(termination);
    }

    @Test
    void invalidDeclarationNamesTheFailedCondition() {
        GameRecord g = one("PI\n+\n%KACHI\n");
        assertThat(g.result()).isEqualTo(Result.WHITE_WIN);
        assertThat(g.reason()).contains("king not inside");
    }

    @Test
    void encodingLineSelectsShiftJis() {
        byte[] bytes = "'CSA encoding=SHIFT_JIS\nV3.0\nN+羽生\nPI\n+\n".getBytes(RecordText.CP932);
        GameRecord g = RecordReader.read(bytes, "v3.csa", null).get(0);
        assertThat(g.blackName()).isEqualTo("羽生");
        assertThat(g.headers()).containsEntry("VERSION", "3.0");
    }

    @Test
    void utf8WithByteOrderMarkReads() {
        byte[] text = "N-藤井\nPI\n+\n".getBytes(StandardCharsets.UTF_8);
        byte[] bytes = new byte[text.length + 3];
        bytes[0] = (byte) 0xef;
        bytes[1] = (byte) 0xbb;
        bytes[2] = (byte) 0xbf;
        System.arraycopy(text, 0, bytes, 3, text.length);
        assertThat(RecordReader.read(bytes, "x.csa", null).get(0).whiteName()).isEqualTo("藤井");
    }

    @Test
    void startWithTheSideNotToMoveInCheckIsRejected() {
        // Black's rook on 5h gives check to White's king on 5a, but it is Black's turn.
        assertThatThrownBy(() -> CsaReader.read("P-51OU\nP+58HI59OU\n+\n", "c.csa"))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("side not to move (White) is in check");
    }
}
