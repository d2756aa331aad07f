package dev.joseki.cli;

import dev.joseki.play.BuiltinPlayer;
import dev.joseki.play.GameSeed;
import dev.joseki.play.Opening;
import dev.joseki.play.PlayedGame;
import dev.joseki.play.RandomPlies;
import dev.joseki.play.Referee;
import dev.joseki.play.SearchLimit;
import dev.joseki.rules.Declaration;
import dev.joseki.rules.Game;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Result;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code ./joseki match}: an in-process strength check between two settings of the engine
 * (depth or nodes), colours swapped on every random opening. Last line:
 * {@code A <name> vs B <name>: W-L-D <w>-<l>-<d> score <pct>%}.
 */
@Command(name = "match", mixinStandardHelpOptions = true,
        description = {"Plays the engine against itself with two search limits (in-process, 1 thread each).",
            "Each random opening is played twice with colours swapped; one line per game with --verbose.",
            "Last line: 'A <a> vs B <b>: W-L-D <w>-<l>-<d> score <pct>%%' (from A's side)."})
final class MatchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--games", description = "Number of games (rounded up to an even number; default ${DEFAULT-VALUE}).")
    int games = 100;

    @Option(names = "--a-depth", description = "Depth limit of player A.")
    int aDepth;

    @Option(names = "--a-nodes", description = "Node limit of player A.")
    long aNodes;

    @Option(names = "--b-depth", description = "Depth limit of player B.")
    int bDepth;

    @Option(names = "--b-nodes", description = "Node limit of player B.")
    long bNodes;

    @Option(names = "--random-plies", description = "Random opening plies (default ${DEFAULT-VALUE}).")
    int randomPlies = 6;

    @Option(names = "--max-plies", description = "Draw after this many plies (default ${DEFAULT-VALUE}).")
    int maxPlies = 256;

    @Option(names = "--seed", description = "Seed of the random openings (default ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--hash", description = "Hash MB per player (default ${DEFAULT-VALUE}).")
    int hashMb = 16;

    @Override
    public Integer call() {
        boolean verbose = Main.verbose(spec.commandLine()); // the global --verbose: one line per game
        SearchLimit a = limit("A", aDepth, aNodes), b = limit("B", bDepth, bNodes);
        if (games < 2 || randomPlies < 0 || maxPlies < 1) {
            throw new IllegalArgumentException("--games >= 2, --random-plies >= 0, --max-plies >= 1");
        }
        if (hashMb < 1 || hashMb > 4096) {
            throw new IllegalArgumentException("--hash must be 1..4096");
        }
        PrintWriter out = spec.commandLine().getOut();
        Game.Rules rules = new Game.Rules(maxPlies, Declaration.Rule.POINTS_27);
        Map<String, String> options = Map.of("USI_Hash", Integer.toString(hashMb));
        int wins = 0, losses = 0, draws = 0, index = 0;
        try (BuiltinPlayer pa = new BuiltinPlayer(options); BuiltinPlayer pb = new BuiltinPlayer(options)) {
            Referee.Seat seatA = new Referee.Seat(a.toString(), pa, a), seatB = new Referee.Seat(b.toString(), pb, b);
            for (int pair = 0; pair < (games + 1) / 2; pair++) {
                // Both games of a pair start from the same random plies, colours swapped.
                long pairSeed = GameSeed.task(seed, pair);
                for (int swap = 0; swap < 2; swap++) {
                    index++;
                    Referee.Start start = new Referee.Start(Opening.STARTPOS, randomPlies, RandomPlies.seedOf(pairSeed),
                            rules, GameSeed.game(pairSeed, swap));
                    PlayedGame g = Referee.play(start, swap == 0 ? seatA : seatB, swap == 0 ? seatB : seatA, () -> false);
                    if (verbose) {
                        out.println("game " + index + " black " + (swap == 0 ? a : b) + " white " + (swap == 0 ? b : a)
                                + " result " + g.result().id() + " " + g.termination().id() + " plies " + g.plies());
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
        out.printf("A %s vs B %s: W-L-D %d-%d-%d score %.1f%%%n", a, b, wins, losses, draws,
                100.0 * (wins + draws / 2.0) / total);
        out.flush();
        return ExitCodes.OK;
    }

    private static SearchLimit limit(String who, int depth, long nodes) {
        if ((depth > 0) == (nodes > 0)) {
            throw new IllegalArgumentException("give player " + who + " exactly one of --" + who.toLowerCase()
                    + "-depth or --" + who.toLowerCase() + "-nodes");
        }
        return depth > 0 ? SearchLimit.depth(depth) : SearchLimit.nodes(nodes);
    }
}
