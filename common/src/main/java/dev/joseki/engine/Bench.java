package dev.joseki.engine;

import dev.joseki.notation.Sfen;
import dev.joseki.rules.Position;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * The bench: fixed positions searched to a fixed depth with one thread and a fresh 16 MB table, so the
 * total node count is a signature of the search's behaviour: it changes only with functional changes
 * (quote it as "Bench: N" in commit messages).
 */
public final class Bench {
    public static final int DEFAULT_DEPTH = 7;

    public static final List<String> POSITIONS = List.of(
            Sfen.STARTPOS,
            // Matsuri: the famous position with 207 legal moves... and a lot of tactics.
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
            "ln1g3nl/1sk1gr3/1pppp1bpp/p3spp2/7P1/P1P1PPP2/1P1P4P/1BKGGS1R1/LNS4NL b - 25");

    private Bench() {
    }

    /** Totals of one bench run. */
    public record Totals(long nodes, long timeMs) {
        public long nps() {
            return timeMs > 0 ? nodes * 1000 / timeMs : nodes * 1000;
        }
    }

    public static Totals run(int depth, SearchListener listener) {
        return run(depth, listener, (sfen, r) -> { });
    }

    /** Runs the bench; perPosition sees each position's result in order. */
    public static Totals run(int depth, SearchListener listener, BiConsumer<String, SearchResult> perPosition) {
        long nodes = 0, ms = 0;
        for (String sfen : POSITIONS) {
            Search search = new Search(new HandcraftedEvaluator(), 16);
            search.setRootMateNodes(0);
            Position pos = Sfen.parse(sfen);
            SearchResult r = search.go(pos, null, Limits.depth(depth), listener);
            perPosition.accept(sfen, r);
            nodes += r.nodes();
            ms += r.timeMs();
        }
        return new Totals(nodes, ms);
    }
}
