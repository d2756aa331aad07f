package dev.joseki.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.notation.Sfen;
import org.junit.jupiter.api.Test;

class SearchTunablesTest {
    /** Nodes of the bench positions at depth 6 with the given margins (null: never set). */
    private static long nodes(SearchTunables t) {
        long n = 0;
        for (String sfen : Bench.POSITIONS) {
            Search s = new Search(new HandcraftedEvaluator(), 16);
            s.setRootMateNodes(0);
            if (t != null) {
                s.setTunables(t);
            }
            n += s.go(Sfen.parse(sfen), null, Limits.depth(6), SearchListener.NONE).nodes();
        }
        return n;
    }

    @Test
    void theDefaultsAreTheSearchAsItWas() {
        assertThat(nodes(SearchTunables.DEFAULT)).isEqualTo(nodes(null));
    }

    @Test
    void changedMarginsChangeWhatIsSearched() {
        long base = nodes(null);
        // reverse futility off, futility at every margin, a narrow first window: other trees.
        // (The null move's base is not among them: at depth 6 its reduced search is a
        // quiescence search whether R starts at 3 or 5.)
        assertThat(nodes(new SearchTunables(100, 100, 1000, 3, 25, 0, 0))).isNotEqualTo(base);
        assertThat(nodes(new SearchTunables(0, 0, 80, 3, 25, 0, 0))).isNotEqualTo(base);
        assertThat(nodes(new SearchTunables(100, 100, 80, 3, 5, 0, 0))).isNotEqualTo(base);
    }

    @Test
    void theSingularExtensionAndTheInternalReductionActWhenOn() {
        long base = nodes(null);
        // At depth 6 a hash move from depth 3 on is tested (a search of 2 plies without it) and
        // a PV or cut node without one from depth 4 on is searched a ply shallower.
        assertThat(nodes(new SearchTunables(100, 100, 80, 3, 25, 4, 0))).isNotEqualTo(base);
        assertThat(nodes(new SearchTunables(100, 100, 80, 3, 25, 0, 4))).isNotEqualTo(base);
        // A least depth deeper than the search never acts.
        assertThat(nodes(new SearchTunables(100, 100, 80, 3, 25, 7, 7))).isEqualTo(base);
    }

    @Test
    void leastDepthsBelowTheirFloorActAsTheFloor() {
        // As documented: a singular least depth of 1 to 3 counts as 4, an IIR least depth of 1 as
        // 2.
        assertThat(nodes(new SearchTunables(100, 100, 80, 3, 25, 1, 0)))
                .isEqualTo(nodes(new SearchTunables(100, 100, 80, 3, 25, 4, 0)));
        assertThat(nodes(new SearchTunables(100, 100, 80, 3, 25, 0, 1)))
                .isEqualTo(nodes(new SearchTunables(100, 100, 80, 3, 25, 0, 2)));
    }

    @Test
    void aReductionOrWindowBelowOneIsRefused() {
        assertThatThrownBy(() -> new SearchTunables(100, 100, 80, 0, 25, 0, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
