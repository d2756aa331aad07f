package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.book.store.BookVersions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code book build} on inputs that give no book: nothing is published and the exit status says so. */
class BookBuildCommandTest {

    @Test
    void anEmptyInputDirectoryExitsNonZeroWithAClearMessage(@TempDir Path tmp) throws Exception {
        Path in = Files.createDirectories(tmp.resolve("in"));
        Cli.Run r = Cli.run("book", "build", "--from", in.toString(), "--out", tmp.resolve("book").toString(),
                "--master", "local[1]", "--partitions", "1");
        assertThat(r.status()).isNotZero();
        assertThat(r.err()).contains("no game files (.usi .txt .csa .kif .kifu .ki2) under " + in)
                .doesNotContain("Exception", "\tat ");
        assertThat(BookVersions.current(tmp.resolve("book"))).isNull();
    }

    @Test
    void aBuildWhoseGamesAreAllRejectedPublishesNothingAndExitsNonZero(@TempDir Path tmp) throws Exception {
        Path in = Files.createDirectories(tmp.resolve("in"));
        Files.write(in.resolve("bad.usi"), List.of("position startpos moves 7g7f 7g7f", "x".repeat(100_000)));
        Cli.Run r = Cli.run("book", "build", "--from", in.toString(), "--out", tmp.resolve("book").toString(),
                "--master", "local[1]", "--partitions", "1");
        assertThat(r.status()).isNotZero();
        assertThat(r.out()).contains("rejected 2, added 0").contains("book unchanged: every new game was rejected");
        // The 100,000-character line is quoted cut, not echoed.
        assertThat(r.err().lines()).allMatch(l -> l.length() < 500);
        assertThat(BookVersions.current(tmp.resolve("book"))).isNull();
    }
}
