package dev.joseki.play;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.engine.EvaluationScales;
import dev.joseki.engine.Limits;
import dev.joseki.engine.SearchListener;
import dev.joseki.engine.SearchTunables;
import dev.joseki.notation.Sfen;
import dev.joseki.play.usi.UsiFront;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The built-in engine's Tune* options: the search margins an SPSA tune moves (docs/tune.md). */
class BuiltinTunablesTest {
    @Test
    void theDefaultsAreTheSearchsConstants() {
        // the constants as TreeSearch and SearchWorker were written: 100 + 100·depth futility,
        // 80·depth reverse futility, null move R = 3 + …, aspiration ±25; no singular extension
        // and no internal reduction
        assertThat(BuiltinOptions.defaults().searchTunables())
                .isEqualTo(new SearchTunables(100, 100, 80, 3, 25, 0, 0))
                .isEqualTo(SearchTunables.DEFAULT);
    }

    @Test
    void aSpecsOptionReachesTheMargins() {
        SearchTunables t =
                BuiltinOptions.of(
                                Map.of(
                                        "TuneNullMoveBase",
                                        "4",
                                        "TuneAspirationDelta",
                                        "40",
                                        "TuneSingularMinDepth",
                                        "8",
                                        "TuneIirMinDepth",
                                        "5"))
                        .searchTunables();
        assertThat(t).isEqualTo(new SearchTunables(100, 100, 80, 4, 40, 8, 5));
        assertThat(BuiltinOptions.problem(Map.of("TuneNullMoveBase", "9")))
                .isEqualTo("option TuneNullMoveBase: 9 outside 1..6");
    }

    @Test
    void theEvaluationScalesDefaultToTheFittedWeights() {
        assertThat(BuiltinOptions.defaults().evaluationScales())
                .isEqualTo(new EvaluationScales(100, 100, 100, 100))
                .isEqualTo(EvaluationScales.DEFAULT);
        assertThat(BuiltinOptions.of(Map.of("TuneEvalHandThreat", "250")).evaluationScales())
                .isEqualTo(new EvaluationScales(100, 100, 100, 250));
    }

    @Test
    void anEvaluationScaleReachesTheHandcraftedSearch() {
        String h = "handcrafted";
        long plain = nodes(Map.of("Evaluation", h));
        assertThat(
                        nodes(
                                Map.of(
                                        "Evaluation",
                                        h,
                                        "TuneEvalPst",
                                        "100",
                                        "TuneEvalHandThreat",
                                        "100")))
                .isEqualTo(plain);
        assertThat(nodes(Map.of("Evaluation", h, "TuneEvalPst", "0"))).isNotEqualTo(plain);
        // set after construction, as a GUI or the referee does between games
        try (BuiltinPlayer p = new BuiltinPlayer(Map.of("Evaluation", h))) {
            p.setOption("TuneEvalPst", "0");
            assertThat(depth6Nodes(p))
                    .isEqualTo(nodes(Map.of("Evaluation", h, "TuneEvalPst", "0")));
        }
    }

    private static long nodes(Map<String, String> options) {
        try (BuiltinPlayer p = new BuiltinPlayer(options)) {
            return depth6Nodes(p);
        }
    }

    private static long depth6Nodes(BuiltinPlayer p) {
        p.search().setRootMateNodes(0);
        return p.search()
                .go(
                        Sfen.parse(
                                "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w -"
                                        + " 2"),
                        null,
                        Limits.depth(6),
                        SearchListener.NONE)
                .nodes();
    }

    @Test
    void theUsiReplyDoesNotListThem() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        UsiFront engine = new UsiFront(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        engine.handle("usi");
        engine.handle("setoption name TuneFutilityBase value 120");
        engine.handle("quit");
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(out).contains("option name USI_Hash", "usiok").doesNotContain("Tune");
    }
}
