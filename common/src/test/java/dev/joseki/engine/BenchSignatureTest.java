package dev.joseki.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The bench signature: the total node count of {@code ./joseki bench} (the cli's BenchCommand runs
 * {@code Bench.run(Bench.DEFAULT_DEPTH, ...)}). Each position is searched by a fresh
 * single-threaded Search to a fixed depth with no time or node limit, so the count is deterministic
 * and changes only when the search's behaviour does: a pure speed-up keeps it, any change of what
 * is searched moves it.
 */
class BenchSignatureTest {
    /**
     * The documented signature (docs/results.md, its engine sections); changed only with the play.
     */
    private static final long SIGNATURE = 99785;

    /** The handcrafted evaluation's own signature ({@code ./joseki bench --handcrafted}). */
    private static final long HANDCRAFTED_SIGNATURE = 70800;

    @Test
    void theBenchSearchesTheDocumentedNumberOfNodes() {
        Bench.Totals totals = Bench.run(Bench.DEFAULT_DEPTH, SearchListener.NONE);

        assertThat(totals.nodes())
                .as(
                        "The bench signature changed: the search now behaves differently. If that"
                            + " is intended (a change of play, measured as docs/tournament.md"
                            + " describes), update SIGNATURE here knowingly, and quote 'Bench: %d'"
                            + " in the commit message; a pure speed-up or refactoring must keep"
                            + " %d.",
                        totals.nodes(), SIGNATURE)
                .isEqualTo(SIGNATURE);
    }

    @Test
    void theHandcraftedEvaluationKeepsItsOwnSignature() {
        Bench.Totals totals =
                Bench.run(
                        Bench.DEFAULT_DEPTH,
                        HandcraftedEvaluator::new,
                        SearchListener.NONE,
                        (sfen, r) -> {});

        assertThat(totals.nodes()).isEqualTo(HANDCRAFTED_SIGNATURE);
    }
}
