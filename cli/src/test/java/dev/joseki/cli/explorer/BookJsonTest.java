package dev.joseki.cli.explorer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class BookJsonTest {
    @Test
    void sourceSharesAreCountsOverAllCountsAndEntriesOverFullEntries() throws Exception {
        JsonNode stored =
                new ObjectMapper()
                        .readTree(
                                "{\"pro\":{\"kind\":\"records\",\"weight\":3,\"games\":1,\"count\":6,\"entries\":2},"
                                    + "\"gps\":{\"kind\":\"yaneuraou-db\",\"weight\":2,\"count\":22,\"entries\":3}}");
        JsonNode s = BookJson.sources(stored, 4);
        assertThat(s.get("pro").get("count_share").asDouble()).isEqualTo(6 / 28.0);
        assertThat(s.get("gps").get("count_share").asDouble()).isEqualTo(22 / 28.0);
        assertThat(s.get("pro").get("entries_share").asDouble()).isEqualTo(0.5);
        assertThat(s.get("gps").get("entries_share").asDouble()).isEqualTo(0.75);
        assertThat(s.get("gps").get("weight").asInt()).isEqualTo(2);
    }

    @Test
    void statsOfAMinedBookWithoutGamesShowItsEvaluationsAndValues() {
        dev.joseki.book.BookMetadata mined =
                new dev.joseki.book.BookMetadata(
                        java.util.Map.of(
                                "games", "0",
                                "positions", "0",
                                "evals", "24",
                                "propagated_nodes", "7",
                                "propagated_values", "20"));
        JsonNode s = BookJson.stats(mined);
        assertThat(s.get("positions").asLong()).isZero();
        assertThat(s.get("evals").asLong()).isEqualTo(24);
        assertThat(s.get("propagated_nodes").asLong()).isEqualTo(7);
        assertThat(s.get("propagated_values").asLong()).isEqualTo(20);
    }
}
