package dev.joseki.cli;

import dev.joseki.engine.Limits;
import dev.joseki.engine.match.Match;
import dev.joseki.engine.match.Player;
import java.io.PrintWriter;
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
        Limits a = limits("A", aDepth, aNodes), b = limits("B", bDepth, bNodes);
        if (games < 2 || randomPlies < 0 || maxPlies < 1) {
            throw new IllegalArgumentException("--games >= 2, --random-plies >= 0, --max-plies >= 1");
        }
        String aName = name(aDepth, aNodes), bName = name(bDepth, bNodes);
        PrintWriter out = spec.commandLine().getOut();
        Match match = new Match(new Player(aName, a, hashMb), new Player(bName, b, hashMb), randomPlies, maxPlies);
        Match.Score s = match.play((games + 1) / 2, seed, g -> {
            if (verbose) {
                out.println("game " + g.index() + " black " + g.blackName() + " white " + g.whiteName() + " result "
                        + g.result().id() + " " + g.termination() + " plies " + g.plies());
                out.flush();
            }
        });
        out.printf("A %s vs B %s: W-L-D %d-%d-%d score %.1f%%%n", aName, bName, s.wins(), s.losses(), s.draws(),
                s.percent());
        out.flush();
        return ExitCodes.OK;
    }

    private static Limits limits(String who, int depth, long nodes) {
        if ((depth > 0) == (nodes > 0)) {
            throw new IllegalArgumentException("give player " + who + " exactly one of --" + who.toLowerCase()
                    + "-depth or --" + who.toLowerCase() + "-nodes");
        }
        return new Limits(nodes, depth, 0, 0, 0, 0, 0, 0, false, false, 0);
    }

    private static String name(int depth, long nodes) {
        return depth > 0 ? "depth=" + depth : "nodes=" + nodes;
    }
}
