package dev.joseki.tournament;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.play.EngineSpec;
import dev.joseki.play.Opening;
import dev.joseki.play.SearchLimit;
import dev.joseki.play.usi.UsiMain;
import dev.joseki.rules.Declaration;
import dev.joseki.rules.Game;
import dev.joseki.rules.Result;
import dev.joseki.rules.Termination;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tournament games in this process: external USI engines (real subprocesses) and built-in players
 * under the one referee.
 */
// Full tier: plays against engines in child processes.
@Tag("full")
class RefereedGamesTest {
    private static final Game.Rules SHORT = new Game.Rules(60, Declaration.Rule.POINTS_27);

    /**
     * A second copy of our own engine, launched as `java -cp ... UsiMain`, plays a built-in player.
     */
    @Test
    void ourEngineAsASubprocessPlaysABuiltinPlayer() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        EngineSpec external =
                new EngineSpec(
                        "external",
                        java,
                        null,
                        List.of(
                                "-Xmx128m",
                                "-XX:TieredStopAtLevel=1",
                                "-cp",
                                System.getProperty("java.class.path"),
                                UsiMain.class.getName()),
                        Map.of("USI_Hash", "1"),
                        SearchLimit.nodes(200),
                        0);
        EngineSpec builtin = EngineSpec.parse("name=builtin builtin option.USI_Hash=1 nodes=200");
        TournamentSetup setup =
                new TournamentSetup(
                        "ext",
                        List.of(external, builtin),
                        TournamentFormat.ROUND_ROBIN,
                        1,
                        OpeningSuite.startPosition(),
                        null,
                        SHORT);
        TournamentResults r;
        try (RefereedGames player = new RefereedGames(SHORT, "ext")) {
            r = Tournament.run(setup, player, new LocalExecutor(player), TournamentListener.NONE);
        }
        assertThat(r.games()).hasSize(2);
        for (GameOutcome o : r.games()) {
            // Real play: moves were made and neither side forfeited by a protocol failure.
            assertThat(o.plies()).isGreaterThan(10);
            assertThat(o.termination())
                    .isNotIn(Termination.TIME, Termination.ABORT, Termination.ILLEGAL_MOVE);
        }
        // Same engine, same node limit, same start: the external copy plays exactly as the built-in
        // one.
        assertThat(r.games().get(0).record().usi()).isEqualTo(r.games().get(1).record().usi());
    }

    /**
     * A USI engine that answers 'go' with nonsense loses by an illegal move, and the game is
     * recorded.
     */
    @Test
    void anUnreadableBestmoveLosesByIllegalMove() {
        String script =
                "while read l; do case $l in usi) echo usiok;; isready) echo readyok;;"
                        + " go*) echo bestmove zz;; quit) exit;; esac; done";
        EngineSpec bad =
                new EngineSpec(
                        "bad",
                        "/bin/sh",
                        null,
                        List.of("-c", script),
                        Map.of(),
                        SearchLimit.movetime(100),
                        0);
        GameOutcome o = playOneGameAsBlack(bad);
        assertThat(o.result()).isEqualTo(Result.WHITE_WIN);
        assertThat(o.termination()).isEqualTo(Termination.ILLEGAL_MOVE);
        assertThat(o.reason()).contains("unreadable move 'zz' from 'bad'");
    }

    /** An engine that exits mid-game loses by abort instead of hanging the tournament. */
    @Test
    void anEngineThatExitsLosesByAbort() {
        String script =
                "while read l; do case $l in usi) echo usiok;; isready) echo readyok;; go*) exit"
                        + " 3;; esac; done";
        EngineSpec crash =
                new EngineSpec(
                        "crash",
                        "/bin/sh",
                        null,
                        List.of("-c", script),
                        Map.of(),
                        SearchLimit.movetime(100),
                        0);
        GameOutcome o = playOneGameAsBlack(crash);
        assertThat(o.result()).isEqualTo(Result.WHITE_WIN);
        assertThat(o.termination()).isEqualTo(Termination.ABORT);
    }

    /**
     * The pre-flight handshake leaves no engine process behind (on workers it would idle all
     * tournament).
     */
    @Test
    void theCheckedEngineProcessIsGoneAfterTheCheck(@TempDir Path dir) throws Exception {
        Path pidFile = dir.resolve("pid");
        String script =
                "echo $$ > '"
                        + pidFile
                        + "'; while read l; do case $l in usi) echo usiok;;"
                        + " isready) echo readyok;; quit) exit;; esac; done";
        EngineSpec spec =
                new EngineSpec(
                        "sh",
                        "/bin/sh",
                        null,
                        List.of("-c", script),
                        Map.of(),
                        SearchLimit.movetime(100),
                        0);
        try (RefereedGames player = new RefereedGames(SHORT, "t")) {
            player.check(spec);
            long pid = Long.parseLong(Files.readString(pidFile).trim());
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)
                    && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                    .as("engine pid %d alive", pid)
                    .isFalse();
        }
    }

    private static GameOutcome playOneGameAsBlack(EngineSpec black) {
        EngineSpec white = EngineSpec.parse("name=w builtin option.USI_Hash=1 nodes=50");
        GameTask task = new GameTask(0, 0, 0, 0, 1, black, white, Opening.STARTPOS);
        try (RefereedGames player = new RefereedGames(SHORT, "t")) {
            return player.play(task);
        }
    }

    @Test
    void badSpecsFailTheCheckBeforeAnyGame() {
        try (RefereedGames p = new RefereedGames(SHORT, "x")) {
            assertThatThrownBy(() -> p.check(EngineSpec.parse("name=a builtin option.Foo=1")))
                    .hasMessageStartingWith("engine 'a': built-in engine has no option 'Foo'");
            assertThatThrownBy(() -> p.check(EngineSpec.parse("name=a builtin option.USI_Hash=0")))
                    .hasMessage("engine 'a': option USI_Hash: 0 outside 1..4096");
            assertThatThrownBy(
                            () -> p.check(EngineSpec.parse("name=a builtin option.BookMode=XQM")))
                    .hasMessage(
                            "engine 'a': option BookMode: 'XQM' is not one of NM, HM, HQM, HQCM");
            assertThatThrownBy(
                            () ->
                                    p.check(
                                            EngineSpec.parse(
                                                    "name=b builtin option.BookDir=/tmp/none")))
                    .hasMessage("engine 'b': option BookDir: no book in '/tmp/none'");
            assertThatThrownBy(() -> p.check(EngineSpec.parse("name=a cmd=/bin/true")))
                    .hasMessageStartingWith("engine 'a' (/bin/true): ");
            assertThatThrownBy(() -> p.check(EngineSpec.parse("name=c cmd=/nonexistent/engine")))
                    .hasMessageContaining("cannot start");
        }
    }
}
