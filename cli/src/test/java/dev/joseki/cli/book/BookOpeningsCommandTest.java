package dev.joseki.cli.book;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.cli.Cli;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.explorer.SmallBook;
import dev.joseki.notation.RecordFormat;
import dev.joseki.notation.RecordReader;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.play.Opening;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import dev.joseki.tournament.OpeningSuite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Openings from a real RocksDB book, by {@code book openings} and by {@code tournament
 * --openings-book}.
 */
class BookOpeningsCommandTest {
    /**
     * Four-ply lines: 7g7f 3c3d 2g2f 8c8d (twice), 2g2f 8c8d 7g7f 3c3d and 7g7f 8c8d 2g2f 3c3d
     * (both transpose into the same position P), 5g5f 5c5d 2g2f 8c8d (position Q), and 7g7f 3c3d
     * 6g6f, which leaves the book after three plies. So exactly two different 4-ply end positions
     * can be reached by full matching.
     */
    static Path book(Path dir) {
        return new SmallBook()
                .game("t", Result.BLACK_WIN, "7g7f", "3c3d", "2g2f", "8c8d")
                .game("t", Result.BLACK_WIN, "7g7f", "3c3d", "2g2f", "8c8d")
                .game("t", Result.WHITE_WIN, "2g2f", "8c8d", "7g7f", "3c3d")
                .game("t", Result.DRAW, "7g7f", "8c8d", "2g2f", "3c3d")
                .game("t", Result.BLACK_WIN, "5g5f", "5c5d", "2g2f", "8c8d")
                .game("t", Result.WHITE_WIN, "7g7f", "3c3d", "6g6f")
                .write(dir.resolve("book"));
    }

    private static String end(String... usi) {
        Position p = Sfen.startPosition();
        for (String u : usi) {
            p.doMove(UsiMove.parse(p, u));
        }
        return Sfen.write(p);
    }

    private static String end(Opening o) {
        Position p = o.startPosition();
        for (int m : o.moves()) {
            p.doMove(m);
        }
        return Sfen.write(p);
    }

    @Test
    void writesDifferentFullMatchLinesAndSaysWhenTheBookHasNoMore(@TempDir Path dir)
            throws Exception {
        Path book = book(dir);
        Path file = dir.resolve("o.usi");
        Cli.Run r =
                Cli.run(
                        "book",
                        "openings",
                        "--book",
                        book.toString(),
                        "--count",
                        "3",
                        "--plies",
                        "4",
                        "--seed",
                        "5",
                        "--out",
                        file.toString());
        // Only P and Q exist: 2 of 3, and the run says so and fails.
        assertThat(r.status()).as(r.err()).isEqualTo(ExitCodes.FAILURE);
        assertThat(r.err()).contains("made 2 of 3 openings of 4 plies from the book in 60 draws");
        List<Opening> openings = OpeningSuite.read(file);
        assertThat(openings).hasSize(2);
        Set<String> ends = new HashSet<>();
        for (Opening o : openings) {
            assertThat(o.moves()).hasSize(4);
            ends.add(end(o));
        }
        assertThat(ends)
                .containsExactlyInAnyOrder(
                        end("7g7f", "3c3d", "2g2f", "8c8d"), end("5g5f", "5c5d", "2g2f", "8c8d"));
    }

    @Test
    void theSameSeedGivesTheSameOpenings(@TempDir Path dir) {
        Path book = book(dir);
        Cli.Run a =
                Cli.run(
                        "book",
                        "openings",
                        "--book",
                        book.toString(),
                        "--count",
                        "2",
                        "--plies",
                        "4",
                        "--seed",
                        "9");
        Cli.Run b =
                Cli.run(
                        "book",
                        "openings",
                        "--book",
                        book.toString(),
                        "--count",
                        "2",
                        "--plies",
                        "4",
                        "--seed",
                        "9");
        assertThat(a.status()).as(a.err()).isZero();
        assertThat(a.out()).isEqualTo(b.out()).hasLineCount(2);
    }

    @Test
    void aTournamentPlaysItsGamePairsFromTheBookOpenings(@TempDir Path dir) throws Exception {
        Path book = book(dir);
        Path out = dir.resolve("t");
        Cli.Run r =
                Cli.run(
                        "tournament",
                        "--local",
                        "--engine",
                        "name=a builtin option.USI_Hash=1 depth=1",
                        "--engine",
                        "name=b builtin option.USI_Hash=1 depth=1",
                        "--openings-book",
                        book.toString(),
                        "--opening-plies",
                        "4",
                        "--rounds",
                        "2",
                        "--max-plies",
                        "8",
                        "--seed",
                        "3",
                        "--out",
                        out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err()).contains("made 2 of 2 openings of 4 plies");
        Set<String> ends = new HashSet<>();
        int games = 0;
        try (var files = Files.list(out.resolve("games"))) {
            for (Path csa : files.filter(p -> p.toString().endsWith(".csa")).toList()) {
                var g = RecordReader.read(csa, RecordFormat.CSA).get(0);
                Position p = g.startPosition();
                for (int i = 0; i < 4; i++) {
                    int m = g.moves().get(i).move();
                    p.doMove(m);
                }
                ends.add(Sfen.write(p));
                games++;
            }
        }
        assertThat(games).isEqualTo(4);
        assertThat(ends)
                .containsExactlyInAnyOrder(
                        end("7g7f", "3c3d", "2g2f", "8c8d"), end("5g5f", "5c5d", "2g2f", "8c8d"));
    }

    @Test
    void openingsFromAFileAndFromABookAreExclusive(@TempDir Path dir) throws Exception {
        Path book = book(dir);
        Path file = Files.writeString(dir.resolve("o.usi"), "startpos moves 7g7f\n");
        Cli.Run r =
                Cli.run(
                        "tournament",
                        "--local",
                        "--engine",
                        "name=a builtin depth=1",
                        "--engine",
                        "name=b builtin depth=1",
                        "--openings",
                        file.toString(),
                        "--openings-book",
                        book.toString(),
                        "--out",
                        dir.resolve("t").toString());
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("either --openings or --openings-book");
    }
}
