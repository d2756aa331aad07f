package dev.joseki.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.play.usi.UsiMain;
import dev.joseki.rules.Position;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real engine subprocesses: our own engine (UsiMain in a JVM) and small shell scripts. */
// Full tier: starts engines as child processes.
@Tag("full")
class UsiClientTest {
    static EngineSpec ourEngine(String name) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new EngineSpec(
                name,
                java,
                null,
                List.of(
                        "-Xmx128m",
                        "-XX:TieredStopAtLevel=1",
                        "-cp",
                        System.getProperty("java.class.path"),
                        UsiMain.class.getName()),
                Map.of("USI_Hash", "1"),
                null,
                0);
    }

    static EngineSpec script(String name, String script) {
        return new EngineSpec(name, "/bin/sh", null, List.of("-c", script), Map.of(), null, 0);
    }

    @Test
    void ourEngineAnswersWithItsNameAndALegalMove() throws Exception {
        try (UsiClient p = new UsiClient(ourEngine("ext"))) {
            p.newGame(0);
            Player.Answer a = p.move(Sfen.startPosition(), List.of(), SearchLimit.nodes(300));
            assertThat(p.engineId()).isEqualTo("Joseki");
            Position start = Sfen.startPosition();
            assertThat(start.isLegal(UsiMove.parseSyntax(start, a.usi(), "engine", 1, 1))).isTrue();
            assertThat(a.info().nodes()).isPositive();
            assertThat(a.info().depth()).isPositive();
        }
    }

    @Test
    void anEngineThatNeverAnswersLosesOnTimeAfterTheSpecTimeout() {
        String silent =
                "while read l; do case $l in usi) echo usiok;; isready) echo readyok;; quit) exit;;"
                        + " esac; done";
        EngineSpec spec = script("silent", silent);
        spec = new EngineSpec(spec.name(), spec.command(), null, spec.args(), Map.of(), null, 300);
        try (UsiClient p = new UsiClient(spec)) {
            long t0 = System.nanoTime();
            assertThatThrownBy(
                            () -> {
                                p.newGame(0);
                                p.move(Sfen.startPosition(), List.of(), SearchLimit.nodes(1));
                            })
                    .isInstanceOf(PlayerException.class)
                    .satisfies(
                            e ->
                                    assertThat(((PlayerException) e).kind())
                                            .isEqualTo(PlayerException.Kind.TIME))
                    .hasMessageContaining("within 300 ms");
            assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(10_000);
        }
    }

    @Test
    void stoppingCancelsAWaitForAHungEngineAtOnce() throws Exception {
        String silent =
                "while read l; do case $l in usi) echo usiok;; isready) echo readyok;; quit) exit;;"
                        + " esac; done";
        AtomicBoolean stop = new AtomicBoolean();
        try (UsiClient p =
                new UsiClient(script("silent", silent), UsiTimeouts.DEFAULT, stop::get)) {
            p.newGame(0);
            new Thread(
                            () -> {
                                try {
                                    Thread.sleep(300);
                                } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                }
                                stop.set(true);
                            })
                    .start();
            long t0 = System.nanoTime();
            assertThatThrownBy(() -> p.move(Sfen.startPosition(), List.of(), SearchLimit.nodes(1)))
                    .isInstanceOf(PlayerException.class)
                    .satisfies(
                            e ->
                                    assertThat(((PlayerException) e).kind())
                                            .isEqualTo(PlayerException.Kind.CANCELLED));
            // The move time-out for a node limit is 120 s; cancellation must not wait for it.
            assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(10_000);
        }
    }

    @Test
    void noHandshakeIsACrash() {
        UsiTimeouts quick =
                new UsiTimeouts(
                        Duration.ofMillis(300), Duration.ofSeconds(1), Duration.ofSeconds(1));
        try (UsiClient p = new UsiClient(script("mute", "sleep 5"), quick, () -> false)) {
            assertThatThrownBy(() -> p.newGame(0))
                    .isInstanceOf(PlayerException.class)
                    .satisfies(
                            e ->
                                    assertThat(((PlayerException) e).kind())
                                            .isEqualTo(PlayerException.Kind.CRASH))
                    .hasMessageContaining("no usiok from 'mute'");
        }
    }

    @Test
    void timeoutsAreTheDocumentedOnes() {
        // docs/tournament.md: 20 s handshake; a time limit + 5 s; 120 s for node or depth limits.
        assertThat(UsiTimeouts.DEFAULT.handshake()).isEqualTo(Duration.ofSeconds(20));
        assertThat(UsiTimeouts.DEFAULT.moveMs(SearchLimit.movetime(200), 0)).isEqualTo(5_200);
        assertThat(UsiTimeouts.DEFAULT.moveMs(SearchLimit.nodes(200), 0)).isEqualTo(120_000);
        assertThat(UsiTimeouts.DEFAULT.moveMs(SearchLimit.depth(3), 1500)).isEqualTo(1_500);
    }

    @Test
    void anEngineOfferingMultiPvReportsItsLinesForSampledPlies() throws Exception {
        try (UsiClient p = new UsiClient(ourEngine("ext"))) {
            p.newGame(0);
            Player.Answer a = p.move(Sfen.startPosition(), List.of(), SearchLimit.nodes(3000), 4);
            assertThat(a.lines()).hasSize(4);
            assertThat(a.lines().stream().map(Sampling.Line::usi).distinct()).hasSize(4);
            // back to one line: none reported
            assertThat(p.move(Sfen.startPosition(), List.of(), SearchLimit.nodes(300)).lines())
                    .isEmpty();
        }
    }

    @Test
    void anEngineWithoutMultiPvPlaysItsOwnMoveWithNoLines() throws Exception {
        String script =
                "while read l; do case $l in usi) echo usiok;; isready) echo readyok;; go*) echo"
                        + " 'info depth 1 multipv 1 score cp 5 pv 7g7f'; echo 'bestmove 7g7f';;"
                        + " setoption*) echo bad; exit 3;; quit) exit;; esac; done";
        try (UsiClient p = new UsiClient(script("plain", script))) {
            p.newGame(0);
            Player.Answer a = p.move(Sfen.startPosition(), List.of(), SearchLimit.nodes(10), 4);
            assertThat(a.usi()).isEqualTo("7g7f");
            assertThat(a.lines()).isEmpty();
        }
    }

    @Test
    void aClockedMoveSendsTheClocksAndAtTheFlagStopsTheEngineAndLosesOnTime(@TempDir Path dir)
            throws Exception {
        // Writes every command it gets to a file; answers go only when told to stop.
        Path heard = dir.resolve("heard.txt");
        String script =
                "while read l; do echo \"$l\" >> '"
                        + heard
                        + "'; case $l in usi) echo usiok;; isready) echo readyok;; stop) echo"
                        + " 'bestmove 7g7f';; quit) exit;; esac; done";
        try (UsiClient p = new UsiClient(script("late", script))) {
            p.newGame(0);
            long t0 = System.nanoTime();
            ClockReading clocks = new ClockReading(250, 9_000, 0, 0, 0, 300);
            assertThatThrownBy(() -> p.move(Sfen.startPosition(), List.of(), clocks))
                    .isInstanceOf(PlayerException.class)
                    .satisfies(
                            e ->
                                    assertThat(((PlayerException) e).kind())
                                            .isEqualTo(PlayerException.Kind.TIME));
            long waited = (System.nanoTime() - t0) / 1_000_000;
            assertThat(waited).isBetween(300L, 5_000L);
            // the same process plays on: it answered stop, so it was not killed
            p.newGame(1);
            List<String> lines = Files.readAllLines(heard);
            assertThat(lines).contains("go btime 250 wtime 9000", "stop");
            assertThat(lines.stream().filter("usi"::equals)).hasSize(1);
        }
    }

    @Test
    void theSpecsClockAdapterWritesTheGoLineForTheSideToMove(@TempDir Path dir) throws Exception {
        Path heard = dir.resolve("heard.txt");
        String script =
                "while read l; do echo \"$l\" >> '"
                        + heard
                        + "'; case $l in usi) echo usiok;; isready) echo readyok;; go*) echo"
                        + " 'bestmove 3c3d';; quit) exit;; esac; done";
        EngineSpec s = script("gpslike", script);
        EngineSpec spec =
                new EngineSpec(
                        s.name(),
                        s.command(),
                        null,
                        s.args(),
                        Map.of(),
                        null,
                        0,
                        null,
                        ClockAdapter.BYOYOMI);
        try (UsiClient p = new UsiClient(spec)) {
            p.newGame(0);
            // white to move after 7g7f; black 10+0.1, white 10+0.05 (time odds)
            ClockReading clocks = new ClockReading(9_800, 10_000, 100, 50, 0, 10_050);
            assertThat(p.move(Sfen.startPosition(), List.of(move("7g7f")), clocks).usi())
                    .isEqualTo("3c3d");
        }
        // 9800 - 100, 10000 - 50, white's increment as the byoyomi; no binc/winc words
        assertThat(Files.readAllLines(heard)).contains("go btime 9700 wtime 9950 byoyomi 50");
    }

    private static int move(String usi) {
        Position start = Sfen.startPosition();
        return UsiMove.parseSyntax(start, usi, "test", 1, 1);
    }

    @Test
    void aClockedMoveWaitsUntilTheFlagAndNoLonger() {
        assertThat(UsiTimeouts.DEFAULT.moveMs(new ClockReading(1_000, 1_000, 0, 0, 500, 1_550), 0))
                .isEqualTo(1_550);
    }

    @Test
    void aClockedGameBetweenAChildProcessAndTheBuiltInPlayerRunsBothClocks() {
        // tc=3+0.1 with a 2 s margin: the mechanics, not the tightness (this machine may be loaded)
        TimeControl tc = new TimeControl(3_000, 100, 0, 2_000);
        try (UsiClient external = new UsiClient(ourEngine("ext"));
                BuiltinPlayer builtin = new BuiltinPlayer(Map.of("USI_Hash", "1"))) {
            PlayedGame g =
                    Referee.play(
                            Referee.Start.of(
                                    Opening.STARTPOS,
                                    new dev.joseki.rules.Game.Rules(
                                            12, dev.joseki.rules.Declaration.Rule.POINTS_27),
                                    7),
                            new Referee.Seat("ext", external, null, tc),
                            new Referee.Seat("builtin", builtin, null, tc),
                            () -> false);
            assertThat(g.termination())
                    .as(g.reason())
                    .isEqualTo(dev.joseki.rules.Termination.MAX_PLIES);
            assertThat(g.clockLeftMs())
                    .hasSize(12)
                    .allSatisfy(left -> assertThat(left).isBetween(0L, 3_600L));
            // each side's clock: 3000 + 0.1 s per move - the measured times, to the millisecond
            long black = 3_000, white = 3_000;
            for (int i = 0; i < 12; i++) {
                long used = g.info().get(i).timeMs();
                if (i % 2 == 0) {
                    black = Math.max(0, black - used) + 100;
                    assertThat(g.clockLeftMs().get(i)).isEqualTo(black);
                } else {
                    white = Math.max(0, white - used) + 100;
                    assertThat(g.clockLeftMs().get(i)).isEqualTo(white);
                }
            }
        }
    }
}
