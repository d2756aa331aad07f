package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.book.BookAccumulator;
import dev.joseki.book.format.YaneuraOuDb;
import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's first command at a small size, end to end on real parts: an embedded KRaft broker,
 * two worker JVMs, Spark local mode, RocksDB, the match and the export.
 */
class DemoCommandTest {

    @Test
    void demoRunsThePipelineAndItsOutputsAddUp(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("demo");
        // What an earlier demo left: a book of one other game and a match report. The run starts
        // fresh.
        new dev.joseki.cli.explorer.SmallBook()
                .game("earlier", dev.joseki.rules.Result.DRAW, "2g2f")
                .write(out.resolve("book"));
        Files.createDirectories(out.resolve("match"));
        Files.writeString(out.resolve("match/stale.txt"), "from an earlier demo");
        Cli.Run r =
                Cli.run(
                        "demo",
                        "--games",
                        "4",
                        "--nodes",
                        "300",
                        "--match-games",
                        "2",
                        "--out",
                        out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err()).contains("[1/6]", "[6/6]");

        // Every self-played game reached the book, and the book holds positions.
        Cli.Run stats =
                Cli.run("book", "stats", "--book", out.resolve("book").toString(), "--json");
        JsonNode json = new ObjectMapper().readTree(stats.out());
        assertThat(json.get("games").asInt()).isEqualTo(4); // not 5: the earlier book is gone
        assertThat(out.resolve("match/stale.txt")).doesNotExist();
        long positions = json.get("positions").asLong();
        assertThat(positions).isPositive();

        // The export parses with the YaneuraOu reader and holds the book's full-match entries.
        Path db = out.resolve("user_book1.db");
        assertThat(Files.readAllLines(db, StandardCharsets.US_ASCII).get(0))
                .isEqualTo(YaneuraOuDb.HEADER);
        BookAccumulator back = new BookAccumulator();
        try (BufferedReader in = Files.newBufferedReader(db, StandardCharsets.US_ASCII)) {
            assertThat(YaneuraOuDb.read(in, db.toString(), back)).isPositive();
        }

        // The match gave both players the book, and wrote its reports.
        String bookDir = "option.BookDir=" + out.resolve("book").toAbsolutePath();
        List<String> players =
                Files.readAllLines(out.resolve("match/report.md")).stream()
                        .filter(l -> l.contains("`name="))
                        .toList(); // the Players table: name and spec
        assertThat(players).hasSize(2);
        assertThat(players.get(0)).contains("NM").contains("option.BookMode=NM").contains(bookDir);
        assertThat(players.get(1))
                .contains("HQM")
                .contains("option.BookMode=HQM")
                .contains(bookDir);
        JsonNode results = new ObjectMapper().readTree(out.resolve("match/results.json").toFile());
        assertThat(results.get("players")).hasSize(2);
        int games = 0;
        for (JsonNode p : results.get("players")) {
            games += p.get("games").asInt();
        }
        assertThat(games).isEqualTo(4); // two games, each counted for both players
    }
}
