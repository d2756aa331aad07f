package dev.joseki.cli.book;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.cli.Cli;
import dev.joseki.cli.explorer.SmallBook;
import dev.joseki.rules.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The book-extension table of hand-made games against a one-game book. The expected values are
 * worked out by hand below (mover view: White's position turned 180°, so White's 3c3d is the
 * mover's 7g7f; areas are the mover's ranks 5–9, LEFT files 9–5, RIGHT files 5–1).
 */
class BookExtensionCommandTest {
    /**
     * The book: 7g7f 3c3d 2g2f 4c4d. Mover-view entries: ply 1 startpos 7g7f; ply 2 startpos 7g7f
     * (=3c3d); ply 3 "7f" 2g2f; ply 4 "7f" 6g6f (=4c4d), where "7f" is the start position with the
     * pawn on 7f.
     */
    private static Path book(Path dir) {
        return new SmallBook()
                .game("t", Result.BLACK_WIN, "7g7f", "3c3d", "2g2f", "4c4d")
                .write(dir.resolve("book"));
    }

    /**
     * alpha–beta: 7g7f 8c8d 2g2f 8d8e 9g9f 9c9d. alpha (Black): ply 1 full. Ply 3 no full (8d, not
     * 3d); half: Black's pieces "7f" at ply 3 = book ply 3 → 2g2f, played. Quarter at ply 3: LEFT
     * "7f" matches book plies 3 and 4 (2g2f is outside LEFT, dropped; 6g6f kept), RIGHT startpos
     * matches plies 1–4 (7g7f, 6g6f outside RIGHT; 2g2f kept) → {6g6f, 2g2f}, 2g2f played. Ply 5:
     * no half (book ends at ply 4); LEFT "7f" → 6g6f; RIGHT now has 2f, no match → 9g9f not a
     * suggestion. So full 1, half 3, quarter 5, half 1 of 1, quarter 1 of 2. beta (White): ply 2
     * full (the book's ply-2 position). Ply 4: mover pieces startpos + 2f (8c8d), no half; LEFT
     * startpos matches plies 1–2 → 3c3d; 8d8e not it. Ply 6: same LEFT → 3c3d; 9c9d not it. So full
     * 2, half 2, quarter 6, half 0 of 0, quarter 0 of 2.
     */
    private static final String ALPHA_BETA =
            """
            V2.2
            N+alpha
            N-beta
            PI
            +
            +7776FU
            -8384FU
            +2726FU
            -8485FU
            +9796FU
            -9394FU
            %TORYO
            """;

    /**
     * alpha–gamma: the book's own game: every position is a full match. alpha full 3, gamma full 4.
     */
    private static final String ALPHA_GAMMA =
            """
            V2.2
            N+alpha
            N-gamma
            PI
            +
            +7776FU
            -3334FU
            +2726FU
            -4344FU
            %TORYO
            """;

    @Test
    void tableAndChartsMatchTheHandCountedExtension(@TempDir Path dir) throws Exception {
        Path book = book(dir);
        Path games = Files.createDirectories(dir.resolve("games"));
        Files.writeString(games.resolve("g1.csa"), ALPHA_BETA);
        Files.writeString(games.resolve("g2.csa"), ALPHA_GAMMA);
        Files.writeString(games.resolve("g2.kif"), "not read: the directory has CSA files\n");
        Path out = dir.resolve("ext");
        Cli.Run r =
                Cli.run(
                        "book",
                        "extension",
                        "--book",
                        book.toString(),
                        "--games",
                        games.toString(),
                        "--out",
                        out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out())
                .contains(
                        "| alpha | beta | 1 | 1.0 | 3.0 | 100.0 % of 1 | 5.0 | 50.0 % of 2 |",
                        "| alpha | gamma | 1 | 3.0 | 3.0 | - (0 moves) | 3.0 | - (0 moves) |",
                        "| alpha | Total | 2 | 2.0 | 3.0 | 100.0 % of 1 | 4.0 | 50.0 % of 2 |",
                        "| beta | alpha | 1 | 2.0 | 2.0 | - (0 moves) | 6.0 | 0.0 % of 2 |",
                        "| gamma | alpha | 1 | 4.0 | 4.0 | - (0 moves) | 4.0 | - (0 moves) |");
        assertThat(Files.readString(out.resolve("extension.md")))
                .contains(
                        "| g1.csa | 6 | 1 | 3 | 5 | 1/1 | 1/2 |",
                        "| g1.csa | 6 | 2 | 2 | 6 | 0/0 | 0/2 |");
        String svg = Files.readString(out.resolve("extension-alpha-vs-beta.svg"));
        assertThat(svg)
                .startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\"")
                .contains(
                        "g1.csa: full to ply 1",
                        "g1.csa: half to ply 3",
                        "g1.csa: quarter to ply 5")
                .doesNotContain("<script");
        assertThat(out.resolve("extension-gamma-vs-alpha.svg")).exists();
    }

    @Test
    void onlyTheNamedPlayerIsMeasured(@TempDir Path dir) throws Exception {
        Path book = book(dir);
        Path g = Files.writeString(dir.resolve("g1.csa"), ALPHA_BETA);
        Cli.Run r =
                Cli.run(
                        "book",
                        "extension",
                        "--book",
                        book.toString(),
                        "--games",
                        g.toString(),
                        "--player",
                        "beta");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("| beta | alpha |").doesNotContain("\n| alpha |");
    }

    @Test
    void movesOfAGivenOpeningAreNotCountedAsPlayedSuggestions(@TempDir Path dir) throws Exception {
        // The opening comment gives 3 plies: alpha's ply-3 move no longer counts (half 0 of 0;
        // quarter only ply 5:
        // 0 of 1), but how far the matches reached is unchanged.
        Path book = book(dir);
        Path g =
                Files.writeString(
                        dir.resolve("g1.csa"),
                        ALPHA_BETA.replace("PI\n", "'opening startpos moves 7g7f 8c8d 2g2f\nPI\n"));
        Cli.Run r =
                Cli.run("book", "extension", "--book", book.toString(), "--games", g.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out())
                .contains(
                        "| alpha | beta | 1 | 1.0 | 3.0 | - (0 moves) | 5.0 | 0.0 % of 1 |",
                        "| beta | alpha | 1 | 2.0 | 2.0 | - (0 moves) | 6.0 | 0.0 % of 2 |");
        Cli.Run flag =
                Cli.run(
                        "book",
                        "extension",
                        "--book",
                        book.toString(),
                        "--games",
                        g.toString(),
                        "--opening-plies",
                        "0");
        assertThat(flag.out())
                .contains("| alpha | beta | 1 | 1.0 | 3.0 | 100.0 % of 1 | 5.0 | 50.0 % of 2 |");
    }

    @Test
    void anIllegalRecordIsReportedWithItsLine(@TempDir Path dir) throws Exception {
        Path book = book(dir);
        Path g =
                Files.writeString(dir.resolve("bad.csa"), ALPHA_BETA.replace("-9394FU", "-9395FU"));
        Cli.Run r =
                Cli.run("book", "extension", "--book", book.toString(), "--games", g.toString());
        assertThat(r.status()).isNotZero();
        assertThat(r.err()).contains("bad.csa:11");
    }
}
