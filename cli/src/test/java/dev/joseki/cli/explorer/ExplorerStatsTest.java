package dev.joseki.cli.explorer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class ExplorerStatsTest {

    @Test
    void sourcesAreNamedByFileNamesOnlyAndEqualNamesAdd() throws Exception {
        ObjectNode sources =
                (ObjectNode)
                        new ObjectMapper()
                                .readTree(
                                        "{\"/home/u/data/a.kif,/srv/games/\":3,\"/tmp/x/a.kif,games\":4,\"C:\\\\db\\\\b.csa\":2,\"plain\":1}");
        assertThat(ExplorerStats.fileNamesOnly(sources).toString())
                .isEqualTo("{\"a.kif,games\":7,\"b.csa\":2,\"plain\":1}");
    }

    @Test
    void aNamedSourceShowsTheFileNamesOfItsLocationOnly() throws Exception {
        ObjectNode sources =
                (ObjectNode)
                        new ObjectMapper()
                                .readTree(
                                        "{\"pro\":{\"kind\":\"records\",\"location\":\"/home/u/data/pro/\",\"weight\":3,\"games\":64}}");
        assertThat(ExplorerStats.fileNamesOnly(sources).toString())
                .isEqualTo(
                        "{\"pro\":{\"kind\":\"records\",\"location\":\"pro\",\"weight\":3,\"games\":64}}");
    }
}
