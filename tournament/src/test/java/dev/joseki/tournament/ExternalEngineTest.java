package dev.joseki.tournament;

import dev.joseki.engine.usi.UsiMain;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.Opening;
import dev.joseki.rules.Declaration;
import dev.joseki.rules.Game;
import dev.joseki.rules.Result;
import dev.joseki.rules.Termination;
import org.junit.jupiter.api.Test;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** External USI engines run through the same runner as built-in ones, as real subprocesses. */
class ExternalEngineTest {
    private static final Game.Rules SHORT = new Game.Rules(60, Declaration.Rule.POINTS_27);

    /** A second copy of our own engine, launched as `java -cp ... UsiMain`, plays a built-in player. */
    @Test
    void ourEngineAsASubprocessPlaysABuiltinPlayer() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        EngineSpec external = new EngineSpec("external", java, null,
                List.of("-Xmx128m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                        UsiMain.class.getName()),
                Map.of("USI_Hash", "1"), new EngineLimit(EngineLimit.Kind.NODES, 200));
        EngineSpec builtin = EngineSpec.parse("name=builtin builtin option.USI_Hash=1 nodes=200");
        TournamentSetup setup = new TournamentSetup("ext", List.of(external, builtin), TournamentFormat.ROUND_ROBIN, 1,
                OpeningSuite.startPosition(), null, SHORT);
        TournamentResults r;
        try (EngineGamePlayer player = new EngineGamePlayer(SHORT, "ext")) {
            r = Tournament.run(setup, player, new LocalExecutor(player), TournamentListener.NONE);
        }
        assertThat(r.games()).hasSize(2);
        for (GameOutcome o : r.games()) {
            // Real play: moves were made and neither side forfeited by a protocol failure.
            assertThat(o.plies()).isGreaterThan(10);
            assertThat(o.termination()).isNotIn(Termination.TIME, Termination.ABORT, Termination.ILLEGAL_MOVE);
        }
        // Same engine, same node limit, same start: the external copy plays exactly as the built-in one.
        assertThat(r.games().get(0).record().usi()).isEqualTo(r.games().get(1).record().usi());
    }

    /** A USI engine that answers 'go' with nonsense loses by an illegal move, and the game is recorded. */
    @Test
    void anUnreadableBestmoveLosesByIllegalMove() {
        String script = "while read l; do case $l in usi) echo usiok;; isready) echo readyok;;"
                + " go*) echo bestmove zz;; quit) exit;; esac; done";
        EngineSpec bad = new EngineSpec("bad", "/bin/sh", null, List.of("-c", script), Map.of(),
                new EngineLimit(EngineLimit.Kind.MOVETIME, 100));
        GameOutcome o = playOneGameAsBlack(bad);
        assertThat(o.result()).isEqualTo(Result.WHITE_WIN);
        assertThat(o.termination()).isEqualTo(Termination.ILLEGAL_MOVE);
        assertThat(o.reason()).contains("unreadable move from 'bad'");
    }

    /** An engine that exits mid-game loses by abort instead of hanging the tournament. */
    @Test
    void anEngineThatExitsLosesByAbort() {
        String script = "while read l; do case $l in usi) echo usiok;; isready) echo readyok;; go*) exit 3;; esac; done";
        EngineSpec crash = new EngineSpec("crash", "/bin/sh", null, List.of("-c", script), Map.of(),
                new EngineLimit(EngineLimit.Kind.MOVETIME, 100));
        GameOutcome o = playOneGameAsBlack(crash);
        assertThat(o.result()).isEqualTo(Result.WHITE_WIN);
        assertThat(o.termination()).isEqualTo(Termination.ABORT);
    }

    private static GameOutcome playOneGameAsBlack(EngineSpec black) {
        EngineSpec white = EngineSpec.parse("name=w builtin option.USI_Hash=1 nodes=50");
        GameTask task = new GameTask(0, 0, 0, 0, 1, black, white, Opening.STARTPOS);
        try (EngineGamePlayer player = new EngineGamePlayer(SHORT, "t")) {
            return player.play(task);
        }
    }
}
