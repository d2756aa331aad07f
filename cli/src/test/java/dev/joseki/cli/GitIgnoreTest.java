package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * What the commands write by default (run/) and where the docs' examples and earlier defaults wrote
 * (runs/, books/, book-compare/, tune/, an exported user_book1.db) never shows up as a change to
 * commit.
 */
class GitIgnoreTest {
    @Test
    void theCommandsOutputsAreIgnored() throws Exception {
        assertThat(Files.readAllLines(Path.of("..", ".gitignore")))
                .contains(
                        "/run/", "/runs/", "/books/", "/book-compare/", "/tune/", "/user_book1.db");
    }
}
