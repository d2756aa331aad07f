package dev.joseki.notation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.rules.Result;
import dev.joseki.rules.Termination;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every real record parses and replays legally with the ply count, result and ending that
 * common/src/test/resources/records/README.md states for it (the independent oracle; the figures
 * below are copied from it, not computed here). Where the README gives no termination (KI2 result
 * lines), the expected value follows from the record's own words, as noted per row.
 */
class RealRecordsTest {
    static Stream<Arguments> records() {
        return Stream.of(
                // 173 plies, %TORYO, Black wins
                Arguments.of(
                        "kifu-for-js/2005_GPS_K-SHOGI.csa",
                        173,
                        Result.BLACK_WIN,
                        Termination.RESIGN),
                // 107 plies, %TORYO. The README gives no result; the final position is mate
                // (Black's knight on 8e checks White's king on 9c, which has no legal move), so the
                // rules' verdict is checkmate for Black; the record's %TORYO is kept as its
                // terminal (see below).
                Arguments.of(
                        "kifu-for-js/2005_YAMADA_GPS.csa",
                        107,
                        Result.BLACK_WIN,
                        Termination.CHECKMATE),
                // 400 plies, entering-king declaration, Black wins
                Arguments.of(
                        RecordFixtures.AOBAZERO, 400, Result.BLACK_WIN, Termination.DECLARATION),
                // 107 moves + 投了, Black wins
                Arguments.of(
                        "kifu-for-js/jt201409130101.kif",
                        107,
                        Result.BLACK_WIN,
                        Termination.RESIGN),
                // 85 moves + 投了, Black wins
                Arguments.of(
                        "kifu-for-js/kiou201403160101.kif",
                        85,
                        Result.BLACK_WIN,
                        Termination.RESIGN),
                // unfinished: 52 moves, then 53 封じ手
                Arguments.of(
                        "kifu-for-js/meijinsen_20180508_M7_10034.kif",
                        52,
                        Result.UNFINISHED,
                        Termination.ABORT),
                // 116 moves + 投了, White wins
                Arguments.of(
                        "kifu-for-js/oui201407080101.kif",
                        116,
                        Result.WHITE_WIN,
                        Termination.RESIGN),
                // 103 moves, no terminal move and no result line
                Arguments.of(
                        "kifu-for-js/ouza201410070101.kif",
                        103,
                        Result.UNFINISHED,
                        Termination.UNKNOWN),
                // 117 moves + 投了, Black wins
                Arguments.of(
                        "kifu-for-js/ryuou201409020101.kif",
                        117,
                        Result.BLACK_WIN,
                        Termination.RESIGN),
                // 110 moves + 投了 at 111, White wins
                Arguments.of(
                        "kifu-for-js/shogidb2.kifu", 110, Result.WHITE_WIN, Termination.RESIGN),
                // 172 moves, White wins ("まで172手で後手の勝ち": no terminal word, so a resignation)
                Arguments.of("kifu-for-js/20091203.ki2", 172, Result.WHITE_WIN, Termination.RESIGN),
                // 98 moves, White wins ("まで98手で後手の勝ち")
                Arguments.of("kifu-for-js/denou3-1.ki2", 98, Result.WHITE_WIN, Termination.RESIGN),
                // tsume problem: 49-move mate ("まで49手詰"), so Black mates
                Arguments.of(
                        "kifu-for-js/kobayashi_kinsho196702.ki2",
                        49,
                        Result.BLACK_WIN,
                        Termination.CHECKMATE),
                // 181 moves + 投了, Black wins
                Arguments.of(
                        "python-shogi/habu-fujii-2006.kif",
                        181,
                        Result.BLACK_WIN,
                        Termination.RESIGN));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("records")
    void realRecordReplaysWithTheStatedLengthAndResult(
            String file, int plies, Result result, Termination termination) {
        GameRecord g = RecordFixtures.game(file);
        assertThat(g.plies()).as("plies").isEqualTo(plies);
        assertThat(g.result()).as("result (%s)", g.reason()).isEqualTo(result);
        assertThat(g.termination()).as("termination (%s)", g.reason()).isEqualTo(termination);
    }

    @org.junit.jupiter.api.Test
    void mateFollowedByToryoKeepsTheRecordsTerminal() {
        GameRecord g = RecordFixtures.game("kifu-for-js/2005_YAMADA_GPS.csa");
        assertThat(g.terminal()).isEqualTo(Terminal.RESIGN);
        assertThat(g.whiteName()).isEqualTo("山田将棋 Version 2.18 (LEVEL5)");
        assertThat(g.blackName()).isEqualTo("gps");
    }

    @org.junit.jupiter.api.Test
    void doubleKachiIsOneValidDeclarationWithItsTime() {
        GameRecord g = RecordFixtures.game(RecordFixtures.AOBAZERO);
        assertThat(g.terminal()).isEqualTo(Terminal.KACHI);
        assertThat(g.reason()).isEqualTo("valid declaration");
        // "%KACHI,'* -5000 win" then "T10" then "%KACHI" again.
        assertThat(g.terminalSeconds()).isEqualTo(10);
        assertThat(g.moves().get(399).comments()).contains("* -5000 win");
    }

    @org.junit.jupiter.api.Test
    void declarationOneMoveEarlierByWhiteIsJudgedInvalid() {
        GameRecord g = RecordFixtures.game(RecordFixtures.AOBAZERO);
        String usi = g.usi();
        // Drop the last move: White is to move, with its king on 3e (outside Black's camp) per the
        // commented final diagram of the file, so White's declaration fails and White loses.
        String line = usi.substring(0, usi.lastIndexOf(' ')) + " win";
        GameRecord early = UsiRecordReader.read(line, "early.usi").get(0);
        assertThat(early.plies()).isEqualTo(399);
        assertThat(early.result()).isEqualTo(Result.BLACK_WIN);
        assertThat(early.termination()).isEqualTo(Termination.ILLEGAL_MOVE);
        assertThat(early.reason()).contains("king not inside");
    }
}
