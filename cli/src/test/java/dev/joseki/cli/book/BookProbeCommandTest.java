package dev.joseki.cli.book;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.cli.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BookProbeCommandTest {
    @Test
    void movesWithValuesButNoGamesAreShownNotNoMatch(@TempDir Path dir) throws Exception {
        // what book mine leaves: evaluated moves that no game counted (count 0 in the .db)
        Path db = dir.resolve("mined.db");
        Files.writeString(
                db,
                "#YANEURAOU-DB2016 1.00\n"
                        + "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n"
                        + "7g7f none 50 12 0\n"
                        + "2g2f none 30 10 0\n");
        Path book = dir.resolve("book");
        Cli.Run imported =
                Cli.run(
                        "book",
                        "import",
                        "--format",
                        "yaneuraou",
                        db.toString(),
                        "--out",
                        book.toString());
        assertThat(imported.status()).as(imported.err()).isZero();
        Cli.Run r = Cli.run("book", "probe", "--book", book.toString(), "--sfen", "startpos");
        assertThat(r.status()).isZero();
        // the best value first (7g7f, 50); after it the book has nothing, so the line is one move
        assertThat(r.out().lines())
                .containsExactlyInAnyOrder(
                        "eval 7g7f value 50 depth 12",
                        "eval 2g2f value 30 depth 10",
                        "line 7g7f value 50 depth 12");
    }
}
