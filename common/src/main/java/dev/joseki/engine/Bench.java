package dev.joseki.engine;

import dev.joseki.notation.Sfen;
import dev.joseki.rules.Position;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * The bench: fixed positions searched to a fixed depth with one thread and a fresh 16 MB table, so
 * the total node count is a signature of the search's behaviour: it changes only with functional
 * changes (quote it as "Bench: N" in commit messages).
 */
public final class Bench {
    public static final int DEFAULT_DEPTH = 7;

    public static final List<String> POSITIONS =
            List.of(
                    Sfen.STARTPOS,
                    // Matsuri: a well-known perft test position (207 legal moves), rich in tactics.
                    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
                    "ln1g3nl/1sk1gr3/1pppp1bpp/p3spp2/7P1/P1P1PPP2/1P1P4P/1BKGGS1R1/LNS4NL b - 25",
                    // Two middle-game positions from one of the engine's own games (plies 40 and
                    // 64).
                    "3gk1b2/2rsgs2l/l1npppp2/1pp5P/p6pL/PPP3P2/2NPPPN1R/3SGS3/L1BGK4 b NPp 41",
                    "3gk2+L1/r2sgs3/2nppppP+L/1pp6/9/1PP3P2/2NPPPN1R/p2SGS3/2G1K4 b B2L2Pbn2p 65",
                    // A sharp middle game with pieces in hand on both sides, a test position of
                    // several shogi libraries.
                    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p"
                            + " 124");

    private Bench() {}

    /** Totals of one bench run. */
    public record Totals(long nodes, long timeMs, long cpuMs) {
        public long nps() {
            return timeMs > 0 ? nodes * 1000 / timeMs : nodes * 1000;
        }

        /**
         * Nodes per second of CPU time of the searching thread: what the machine's load does not
         * skew.
         */
        public long cpuNps() {
            return cpuMs > 0 ? nodes * 1000 / cpuMs : nodes * 1000;
        }
    }

    public static Totals run(int depth, SearchListener listener) {
        return run(depth, listener, (sfen, r) -> {});
    }

    /** Runs the bench; perPosition sees each position's result in order. */
    public static Totals run(
            int depth, SearchListener listener, BiConsumer<String, SearchResult> perPosition) {
        return run(depth, DefaultEvaluation::evaluator, listener, perPosition);
    }

    /**
     * Runs the bench with another evaluation (a fresh one from evaluator per position): its node
     * count is that evaluation's signature, not the engine's.
     */
    public static Totals run(
            int depth,
            java.util.function.Supplier<Evaluator> evaluator,
            SearchListener listener,
            BiConsumer<String, SearchResult> perPosition) {
        long nodes = 0, ms = 0;
        java.lang.management.ThreadMXBean threads =
                java.lang.management.ManagementFactory.getThreadMXBean();
        long cpu0 = threads.getCurrentThreadCpuTime();
        for (String sfen : POSITIONS) {
            Search search = new Search(evaluator.get(), 16);
            search.setRootMateNodes(0);
            Position pos = Sfen.parse(sfen);
            SearchResult r = search.go(pos, null, Limits.depth(depth), listener);
            perPosition.accept(sfen, r);
            nodes += r.nodes();
            ms += r.timeMs();
        }
        return new Totals(nodes, ms, (threads.getCurrentThreadCpuTime() - cpu0) / 1_000_000);
    }
}
