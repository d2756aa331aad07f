package dev.joseki.play.usi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Position;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every go gets its answer, whatever the GUI sends: the engine as a real child process over its
 * stdin and stdout, the protocol lines asserted as a GUI reads them.
 */
// Full tier: starts the front end as a child process and asserts on wall-clock time.
@Tag("full")
class UsiFrontAnswersTest {
    private static final long T = 20_000;
    private static final String MAX = Long.toString(Long.MAX_VALUE);

    private static UsiProcess started() throws Exception {
        UsiProcess e = new UsiProcess();
        e.send("usi");
        e.expect("usiok"::equals, T);
        e.send("isready");
        e.expect("readyok"::equals, T);
        return e;
    }

    /** The next line, whatever it is (a GUI reads them in order). */
    private static String next(UsiProcess e) throws InterruptedException {
        return e.expect(l -> true, T);
    }

    private static boolean legalAtStart(String bestmoveLine) {
        Position start = Sfen.startPosition();
        String move = bestmoveLine.split(" ")[1];
        return start.isLegal(UsiMove.parseSyntax(start, move, "engine", 1, 1));
    }

    @Test
    void aRejectedGoGetsTheErrorLineThenBestmoveResign() throws Exception {
        try (UsiProcess e = started()) {
            e.send("position startpos");
            e.send("go sideways 3");
            assertThat(next(e))
                    .isEqualTo(
                            "info string ignored 'go sideways 3': unknown go parameter"
                                    + " 'sideways'");
            assertThat(next(e)).isEqualTo("bestmove resign");
            e.send("go nodes -5");
            assertThat(next(e))
                    .isEqualTo("info string ignored 'go nodes -5': go nodes: negative value -5");
            assertThat(next(e)).isEqualTo("bestmove resign");
            e.send("go depth");
            assertThat(next(e)).startsWith("info string ignored 'go depth': ");
            assertThat(next(e)).isEqualTo("bestmove resign");
            // go mate is answered with checkmate, never bestmove
            e.send("go mate soon");
            assertThat(next(e)).startsWith("info string ignored 'go mate soon': ");
            assertThat(next(e)).isEqualTo("checkmate timeout");
            // the engine still plays from the position it was given
            e.send("go nodes 2000");
            assertThat(legalAtStart(e.expectStartingWith("bestmove", T))).isTrue();
        }
    }

    @Test
    void aGoWhileThinkingIsAnsweredAfterTheRunningSearchInOrder() throws Exception {
        try (UsiProcess e = started()) {
            e.send("position startpos");
            e.send("go infinite");
            e.send("go nodes 100");
            List<String> during = e.drain(1_000);
            assertThat(during)
                    .contains(
                            "info string ignored 'go nodes 100': go while thinking (send stop"
                                    + " first)")
                    .noneMatch(l -> l.startsWith("bestmove"));
            e.send("stop");
            String first = e.expectStartingWith("bestmove", T);
            assertThat(first).isNotEqualTo("bestmove resign");
            assertThat(legalAtStart(first)).isTrue();
            assertThat(next(e)).isEqualTo("bestmove resign");
        }
    }

    @Test
    void zeroOnBothClocksMovesAtOnce() throws Exception {
        // No byoyomi, no increment: nothing left to think with. It used to search until stop.
        try (UsiProcess e = started()) {
            e.send("position startpos");
            e.send("go btime 0 wtime 0");
            // 5 s for a 10 ms budget: room for a starved child JVM on a loaded machine
            assertThat(legalAtStart(e.expectStartingWith("bestmove", 5_000))).isTrue();
        }
    }

    @Test
    void maximalTimeValuesGiveTheLongestThinkNotAWrappedOne() throws Exception {
        // Each wrapped to a 10 ms budget before the arithmetic saturated.
        String[] gos = {
            "go btime " + MAX + " wtime " + MAX + " byoyomi " + MAX,
            "go btime " + MAX + " wtime " + MAX + " binc " + MAX + " winc " + MAX,
            "go btime 18446744073709551615 wtime 18446744073709551615 byoyomi 1000000000000000",
        };
        for (String go : gos) {
            try (UsiProcess e = started()) {
                e.send("position startpos");
                e.send(go);
                assertThat(e.drain(2_000)).as(go).noneMatch(l -> l.startsWith("bestmove"));
                e.send("stop");
                assertThat(legalAtStart(e.expectStartingWith("bestmove", T))).as(go).isTrue();
            }
        }
    }

    @Test
    void aTenMegabyteJunkLineIsQuotedCutWithItsLength() throws Exception {
        String junk = "z".repeat(10_000_000);
        try (UsiProcess e = started()) {
            e.send(junk);
            String line = next(e);
            assertThat(line)
                    .startsWith("info string unknown command: zzz")
                    .endsWith("… (10000000 characters)")
                    .hasSizeLessThan(300);
            e.send("go " + junk);
            assertThat(next(e))
                    .startsWith("info string ignored 'go zzz")
                    .contains("(10000003 characters)")
                    .contains("unknown go parameter 'zzz")
                    .contains("(10000000 characters)")
                    .hasSizeLessThan(600);
            assertThat(next(e)).isEqualTo("bestmove resign");
            e.send("position " + junk);
            assertThat(next(e)).contains("(10000009 characters)").hasSizeLessThan(600);
            e.send("isready");
            assertThat(next(e)).isEqualTo("readyok");
        }
    }
}
