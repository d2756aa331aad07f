package dev.joseki.cli.book;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.cli.Cli;
import dev.joseki.cli.SmallBook;
import dev.joseki.cli.command.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every bad book is refused with one line and exit 2 before a game starts (no output directory is
 * made); one short builtin run with a book against none reports each side's book use.
 */
class BookCompareCommandTest {
    private static final String BUILTIN = "builtin option.USI_Hash=1 nodes=60";
    // an executable that is never started: the books are refused before any engine starts
    private static final String EXTERNAL = "cmd=/bin/sh";
    private static final String START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";

    private static Cli.Run compare(Path dir, String engine, String... books) {
        String[] args = new String[6 + books.length];
        args[0] = "book";
        args[1] = "compare";
        args[2] = "--local";
        args[3] = "--engine";
        args[4] = engine;
        args[5] = "--out=" + dir.resolve("out");
        System.arraycopy(books, 0, args, 6, books.length);
        return Cli.run(args);
    }

    private static void assertRefused(Path dir, Cli.Run r, String line) {
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("joseki book compare: " + line);
        assertThat(dir.resolve("out")).doesNotExist();
    }

    private static Path db(Path dir, String text) throws Exception {
        return Files.writeString(dir.resolve("book.db"), text);
    }

    @Test
    void aMissingBookIsRefused(@TempDir Path dir) {
        Path missing = dir.resolve("nothing");
        assertRefused(
                dir,
                compare(dir, BUILTIN, "--book", missing.toString(), "--no-book"),
                "book " + missing + " does not exist");
    }

    @Test
    void aDirectoryWithoutAPublishedVersionIsRefused(@TempDir Path dir) throws Exception {
        Path notABook = Files.createDirectory(dir.resolve("plain"));
        assertRefused(
                dir,
                compare(dir, BUILTIN, "--no-book", "--book", notABook.toString()),
                "book "
                        + notABook
                        + " is not a book: it has no published version (no CURRENT file)");
    }

    @Test
    void anEmptyBookIsRefused(@TempDir Path dir) {
        Path empty = new dev.joseki.cli.explorer.SmallBook().write(dir.resolve("empty"));
        assertRefused(
                dir,
                compare(dir, BUILTIN, "--book", empty.toString(), "--no-book"),
                "book " + empty + " is empty (no positions)");
    }

    @Test
    void aDbFileForTheBuiltinEngineIsRefused(@TempDir Path dir) throws Exception {
        Path db = db(dir, "#YANEURAOU-DB2016 1.00\nsfen " + START + " b - 1\n7g7f none 0 32 1\n");
        assertRefused(
                dir,
                compare(dir, BUILTIN, "--book", db.toString(), "--no-book"),
                "book "
                        + db
                        + " is a file: the built-in engine takes a book directory (a .db is for an"
                        + " external engine, cmd=PATH)");
    }

    @Test
    void aBookDirectoryForAnExternalEngineIsRefused(@TempDir Path dir) {
        Path book = SmallBook.write(dir.resolve("book"));
        assertRefused(
                dir,
                compare(dir, EXTERNAL, "--no-book", "--book", book.toString()),
                "book "
                        + book
                        + " is a directory: an external engine takes a YaneuraOu .db file (a book"
                        + " directory is for the built-in engine)");
    }

    @Test
    void aDbThatDoesNotParseIsRefusedNamingItsLine(@TempDir Path dir) throws Exception {
        Path db = db(dir, "#YANEURAOU-DB2016 1.00\nsfen " + START + " b - 1\n7g7x none 0 32 1\n");
        Cli.Run r = compare(dir, EXTERNAL, "--book", db.toString(), "--no-book");
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).contains(db.toString(), "3").doesNotContain("Exception");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void noGamesInFlightIsRefused(@TempDir Path dir) {
        Path book = SmallBook.write(dir.resolve("book"));
        assertRefused(
                dir,
                compare(dir, BUILTIN, "--book", book.toString(), "--no-book", "--in-flight", "0"),
                "--in-flight must be at least 1, got 0");
    }

    @Test
    void noBookTwiceIsRefused(@TempDir Path dir) {
        assertRefused(
                dir,
                compare(dir, BUILTIN, "--no-book", "--no-book"),
                "--no-book twice: give at least one --book PATH to compare");
    }

    @Test
    void twoSidesGivenTheSameNameAreRefused(@TempDir Path dir) throws Exception {
        Path book = SmallBook.write(dir.resolve("small"));
        assertRefused(
                dir,
                compare(
                        dir,
                        BUILTIN,
                        "--book",
                        book.toString(),
                        "--no-book",
                        "--a-name",
                        "mine",
                        "--b-name",
                        "mine"),
                "both sides are named 'mine': give --a-name and --b-name different names");
    }

    @Test
    void anythingButTwoBookArgumentsIsRefused(@TempDir Path dir) {
        Path book = SmallBook.write(dir.resolve("book"));
        assertRefused(
                dir,
                compare(dir, BUILTIN, "--book", book.toString()),
                "give exactly two books, A then B, each --book PATH or --no-book (got 1)");
        assertRefused(
                dir,
                compare(
                        dir,
                        BUILTIN,
                        "--book",
                        book.toString(),
                        "--no-book",
                        "--book",
                        book.toString()),
                "give exactly two books, A then B, each --book PATH or --no-book (got 3)");
    }

    @Test
    void aBookNamedInTheSpecInsteadOfByBookIsRefused(@TempDir Path dir) {
        Path book = SmallBook.write(dir.resolve("book"));
        assertRefused(
                dir,
                compare(
                        dir,
                        BUILTIN + " option.BookDir=" + book,
                        "--book",
                        book.toString(),
                        "--no-book"),
                "--engine gives option.BookDir: name each side's book with --book PATH or"
                        + " --no-book");
        assertRefused(
                dir,
                compare(
                        dir,
                        BUILTIN,
                        "--book",
                        book.toString(),
                        "--no-book",
                        "--b-options",
                        "option.BookDir=" + book),
                "--b-options gives option.BookDir: name each side's book with --book PATH or"
                        + " --no-book");
    }

    @Test
    @Tag("full")
    void anExternalEngineIsGivenTheDbTheYaneuraOuWayAndNoBookAsNoBook(@TempDir Path dir)
            throws Exception {
        // A USI engine that logs its setoption lines and resigns at once.
        Path log = dir.resolve("options.log");
        Path engine =
                Files.writeString(
                        dir.resolve("fake-engine.sh"),
                        "#!/bin/sh\n"
                                + "while read -r line; do\n"
                                + "  case \"$line\" in\n"
                                + "    usi) echo 'id name fake'; echo usiok;;\n"
                                + "    isready) echo readyok;;\n"
                                + "    setoption*) echo \"$line\" >> \"$1\";;\n"
                                + "    go*) echo 'bestmove resign';;\n"
                                + "    quit) exit 0;;\n"
                                + "  esac\n"
                                + "done\n");
        Files.setPosixFilePermissions(
                engine, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        Path db = db(dir, "#YANEURAOU-DB2016 1.00\nsfen " + START + " b - 1\n7g7f none 0 32 1\n");
        Path out = dir.resolve("out");
        Cli.Run r =
                Cli.run(
                        "book",
                        "compare",
                        "--local",
                        "--engine",
                        "cmd=" + engine + " arg=" + log + " movetime=100",
                        "--book",
                        db.toString(),
                        "--no-book",
                        "--a-options",
                        "option.BookMoves=16",
                        "--games",
                        "2",
                        "--out",
                        out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("A book.db vs B no-book: ");
        assertThat(Files.readAllLines(log))
                .contains(
                        "setoption name BookDir value " + out.resolve("books/A").toAbsolutePath(),
                        "setoption name BookFile value user_book1.db",
                        "setoption name BookDepthLimit value 0",
                        "setoption name BookMoves value 16",
                        "setoption name BookFile value no_book")
                .doesNotContain("setoption name BookMoves value 10000");
        assertThat(Files.isSameFile(out.resolve("books/A/user_book1.db"), db)).isTrue();
    }

    @Test
    @Tag("full")
    void aBookAgainstNoBookReportsBookMovesForTheBookSideOnly(@TempDir Path dir) throws Exception {
        Path book = SmallBook.write(dir.resolve("small"));
        Path out = dir.resolve("out");
        Cli.Run r =
                Cli.run(
                        "book",
                        "compare",
                        "--local",
                        "--engine",
                        BUILTIN,
                        "--book",
                        book.toString(),
                        "--no-book",
                        "--games",
                        "4",
                        "--max-plies",
                        "30",
                        "--out",
                        out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("A small vs B no-book: ", "book use small: ", "Distinct games");
        // the progress of the games with side A's score, plain here: it ends in the final line
        assertThat(r.err())
                .doesNotContain("\r")
                .containsPattern(
                        "(?m)^4/4 games in \\S+  \\d+\\.\\d games/min  small \\d-\\d-\\d"
                                + " \\(\\d+\\.\\d%\\)$");
        JsonNode json = new ObjectMapper().readTree(out.resolve("results.json").toFile());
        assertThat(json.get("players").get(0).get("games").asInt()).isEqualTo(4);
        JsonNode sides = json.get("book_use").get("sides");
        assertThat(sides.get(0).get("name").asText()).isEqualTo("small");
        assertThat(sides.get(0).get("games").asInt()).isEqualTo(4);
        // As Black the book side's first move is one of the book's first moves (7g7f or 2g2f).
        assertThat(sides.get(0).get("book_moves_mean").asDouble()).isPositive();
        assertThat(sides.get(1).get("name").asText()).isEqualTo("no-book");
        assertThat(sides.get(1).get("book_moves_max").asInt()).isZero();
        // Against no book every book move of A is one B's book lacks: the two games A opens as
        // Black diverge at ply 1; B, without a book, never leads a game out of A's.
        JsonNode divergence = json.get("book_use").get("divergence");
        assertThat(divergence.get("games").asInt()).isEqualTo(4);
        assertThat(divergence.get("sides").get(0).get("games").asInt()).isBetween(2, 4);
        assertThat(divergence.get("sides").get(1).get("games").asInt()).isZero();
        assertThat(Files.readString(out.resolve("report.md"))).contains("## Book use");
        assertThat(Files.readString(out.resolve("report.html"))).contains("<h2>Book use</h2>");
    }

    @Test
    void theDefaultOutputIsUnderTheIgnoredRunFolderNotAModuleFolder() throws Exception {
        BookCompareCommand c = new BookCompareCommand();
        new picocli.CommandLine(c).parseArgs("--engine", "builtin");
        assertThat(c.out.getName(0).toString()).isEqualTo("run");
        assertThat(java.nio.file.Files.readAllLines(Path.of("..", ".gitignore"))).contains("/run/");
    }

    @Test
    void aMissingEngineIsNamedByItsPathNotAfterTheBook(@TempDir Path dir) throws Exception {
        Path db =
                Files.writeString(
                        dir.resolve("user_book1.db"),
                        "#YANEURAOU-DB2016 1.00\n"
                            + "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -"
                            + " 1\n"
                            + "7g7f none 0 32 1\n");
        Path engine = dir.resolve("missing-engine");
        Cli.Run r =
                Cli.run(
                        "book",
                        "compare",
                        "--local",
                        "--engine",
                        "cmd=" + engine,
                        "--book",
                        db.toString(),
                        "--no-book",
                        "--games",
                        "2",
                        "--out",
                        dir.resolve("out").toString());
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err())
                .isEqualTo(
                        "joseki book compare: --engine: no executable file at "
                                + engine
                                + System.lineSeparator());
    }

    @Test
    void aMoveTheBookOnlyValuesIsABookMoveUnlessMinedMovesAreOffOrTheChoiceIsByCount() {
        assertThat(BookCompareCommand.valuedMovesInBook(spec("builtin"))).isTrue();
        assertThat(BookCompareCommand.valuedMovesInBook(spec("builtin option.BookChoice=WINDOW")))
                .isTrue();
        assertThat(
                        BookCompareCommand.valuedMovesInBook(
                                spec("builtin option.BookMinedMoves=false")))
                .isFalse();
        assertThat(
                        BookCompareCommand.valuedMovesInBook(
                                spec("builtin option.BookMinedMoves=FALSE")))
                .isFalse();
        assertThat(BookCompareCommand.valuedMovesInBook(spec("builtin option.BookChoice=COUNT")))
                .isFalse();
        // another engine plays the exported book: the option is not its own
        assertThat(
                        BookCompareCommand.valuedMovesInBook(
                                spec("cmd=/bin/true option.BookMinedMoves=false")))
                .isTrue();
    }

    private static dev.joseki.play.EngineSpec spec(String text) {
        return dev.joseki.play.EngineSpec.parse(text);
    }
}
