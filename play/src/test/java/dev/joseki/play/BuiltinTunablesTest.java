package dev.joseki.play;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.engine.SearchTunables;
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
        // 80·depth reverse futility, null move R = 3 + …, aspiration ±25
        assertThat(BuiltinOptions.defaults().searchTunables())
                .isEqualTo(new SearchTunables(100, 100, 80, 3, 25))
                .isEqualTo(SearchTunables.DEFAULT);
    }

    @Test
    void aSpecsOptionReachesTheMargins() {
        SearchTunables t =
                BuiltinOptions.of(Map.of("TuneNullMoveBase", "4", "TuneAspirationDelta", "40"))
                        .searchTunables();
        assertThat(t).isEqualTo(new SearchTunables(100, 100, 80, 4, 40));
        assertThat(BuiltinOptions.problem(Map.of("TuneNullMoveBase", "9")))
                .isEqualTo("option TuneNullMoveBase: 9 outside 1..6");
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
