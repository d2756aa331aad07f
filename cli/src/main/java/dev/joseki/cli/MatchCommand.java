package dev.joseki.cli;

import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.command.GameOptions;
import dev.joseki.play.BuiltinPlayer;
import dev.joseki.play.GameSeed;
import dev.joseki.play.Opening;
import dev.joseki.play.PlayedGame;
import dev.joseki.play.RandomPlies;
import dev.joseki.play.Referee;
import dev.joseki.play.SearchLimit;
import dev.joseki.play.TimeControl;
import dev.joseki.rules.Game;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Result;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki match}: an in-process strength check between two settings of the engine (depth or
 * nodes), colours swapped on every random opening. Last line: {@code A <name> vs B <name>: W-L-D
 * <w>-<l>-<d> score <pct>%}.
 */
@Command(
        name = "match",
        mixinStandardHelpOptions = true,
        description = {
            "Plays the engine against itself with two search limits (in-process, 1 thread each).",
            "With --tc (or --a-tc/--b-tc) the players play on clocks the referee keeps"
                    + " (docs/time-controls.md).",
            "Each random opening is played twice with colours swapped; one line per game with"
                    + " --verbose.",
            "Last line: 'A <a> vs B <b>: W-L-D <w>-<l>-<d> score <pct>%%' (from A's side)."
        })
final class MatchCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(
            names = "--games",
            description =
                    "Number of games (rounded up to an even number; default ${DEFAULT-VALUE}).")
    int games = 100;

    @Option(names = "--a-depth", description = "Depth limit of player A.")
    int aDepth;

    @Option(names = "--a-nodes", description = "Node limit of player A.")
    long aNodes;

    @Option(names = "--b-depth", description = "Depth limit of player B.")
    int bDepth;

    @Option(names = "--b-nodes", description = "Node limit of player B.")
    long bNodes;

    @Option(
            names = "--a-tc",
            paramLabel = "TC",
            description =
                    "Clock of player A: MAIN[+INC] seconds [byoyomi=MS], e.g. 10+0.1"
                            + " (docs/time-controls.md).")
    String aTc;

    @Option(names = "--b-tc", paramLabel = "TC", description = "Clock of player B, as --a-tc.")
    String bTc;

    /** --tc: the clock of both players, instead of --a-tc and --b-tc. */
    @Mixin GameOptions.Clock clock;

    @Option(
            names = "--random-plies",
            description = "Random opening plies (default ${DEFAULT-VALUE}).")
    int randomPlies = 6;

    @Mixin GameOptions.MaxPlies maxPlies;

    /** Seeds the random opening plies. */
    @Mixin GameOptions.Seed seed;

    @Option(names = "--hash", description = "Hash MB per player (default ${DEFAULT-VALUE}).")
    int hashMb = 16;

    @Override
    public Integer call() {
        boolean verbose =
                Main.verbose(spec.commandLine()); // the global --verbose: one line per game
        String tc = clock.tc;
        if (tc != null && (aTc != null || bTc != null)) {
            throw new IllegalArgumentException("give --tc or --a-tc/--b-tc, not both");
        }
        if (clock.margin() < 0) {
            throw new IllegalArgumentException("--time-margin must not be negative");
        }
        TimeControl ta = clock("--a-tc", tc != null ? tc : aTc),
                tb = clock("--b-tc", tc != null ? tc : bTc);
        SearchLimit a = ta != null ? noLimit("A", aDepth, aNodes) : limit("A", aDepth, aNodes);
        SearchLimit b = tb != null ? noLimit("B", bDepth, bNodes) : limit("B", bDepth, bNodes);
        String nameA = ta != null ? ta.toString() : a.toString(),
                nameB = tb != null ? tb.toString() : b.toString();
        if (games < 2 || randomPlies < 0 || maxPlies.maxPlies < 1) {
            throw new IllegalArgumentException(
                    "--games >= 2, --random-plies >= 0, --max-plies >= 1");
        }
        if (hashMb < 1 || hashMb > 4096) {
            throw new IllegalArgumentException("--hash must be 1..4096");
        }
        PrintWriter out = spec.commandLine().getOut();
        Game.Rules rules = maxPlies.rules();
        Map<String, String> options = Map.of("USI_Hash", Integer.toString(hashMb));
        int wins = 0, losses = 0, draws = 0, index = 0;
        try (BuiltinPlayer pa = new BuiltinPlayer(options);
                BuiltinPlayer pb = new BuiltinPlayer(options)) {
            Referee.Seat seatA = new Referee.Seat(nameA, pa, a, ta),
                    seatB = new Referee.Seat(nameB, pb, b, tb);
            for (int pair = 0; pair < (games + 1) / 2; pair++) {
                // Both games of a pair start from the same random plies, colours swapped.
                long pairSeed = GameSeed.task(seed.seed, pair);
                for (int swap = 0; swap < 2; swap++) {
                    index++;
                    Referee.Start start =
                            new Referee.Start(
                                    Opening.STARTPOS,
                                    randomPlies,
                                    RandomPlies.seedOf(pairSeed),
                                    rules,
                                    GameSeed.game(pairSeed, swap));
                    PlayedGame g =
                            Referee.play(
                                    start,
                                    swap == 0 ? seatA : seatB,
                                    swap == 0 ? seatB : seatA,
                                    () -> false);
                    if (verbose) {
                        out.println(
                                "game "
                                        + index
                                        + " black "
                                        + (swap == 0 ? nameA : nameB)
                                        + " white "
                                        + (swap == 0 ? nameB : nameA)
                                        + " result "
                                        + g.result().id()
                                        + " "
                                        + g.termination().id()
                                        + " plies "
                                        + g.plies());
                        out.flush();
                    }
                    Result aWins = Result.winner(swap == 0 ? Piece.BLACK : Piece.WHITE);
                    if (g.result() == Result.DRAW) {
                        draws++;
                    } else if (g.result() == aWins) {
                        wins++;
                    } else {
                        losses++;
                    }
                }
            }
        }
        int total = wins + losses + draws;
        out.printf(
                "A %s vs B %s: W-L-D %d-%d-%d score %.1f%%%n",
                nameA, nameB, wins, losses, draws, 100.0 * (wins + draws / 2.0) / total);
        out.flush();
        return ExitCodes.OK;
    }

    private TimeControl clock(String option, String value) {
        return value == null ? null : TimeControl.parseOption(option, value, clock.margin());
    }

    /** A clocked player takes no per-move limit. */
    private static SearchLimit noLimit(String who, int depth, long nodes) {
        if (depth > 0 || nodes > 0) {
            throw new IllegalArgumentException(
                    "player "
                            + who
                            + " has a clock: drop --"
                            + who.toLowerCase()
                            + "-depth and --"
                            + who.toLowerCase()
                            + "-nodes");
        }
        return null;
    }

    private static SearchLimit limit(String who, int depth, long nodes) {
        if ((depth > 0) == (nodes > 0)) {
            throw new IllegalArgumentException(
                    "give player "
                            + who
                            + " exactly one of --"
                            + who.toLowerCase()
                            + "-depth or --"
                            + who.toLowerCase()
                            + "-nodes");
        }
        return depth > 0 ? SearchLimit.depth(depth) : SearchLimit.nodes(nodes);
    }
}
