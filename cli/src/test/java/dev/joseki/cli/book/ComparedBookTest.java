package dev.joseki.cli.book;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.cli.SmallBook;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Position;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The probes and the options a side's book gives its engine. */
class ComparedBookTest {
    private static final String START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";

    private static boolean in(ComparedBook b, String sfen, String usi) {
        Position pos = Sfen.parse(sfen);
        return b.isBookMove(pos, UsiMove.parse(pos, usi));
    }

    @Test
    void aDbPositionIsFoundAsWrittenAndFlippedForWhite(@TempDir Path dir) throws Exception {
        Path db =
                Files.writeString(
                        dir.resolve("mine.db"),
                        "#YANEURAOU-DB2016 1.00\nsfen " + START + " b - 1\n7g7f none 0 32 1\n");
        try (ComparedBook b = ComparedBook.open(db, false, null)) {
            assertThat(b.name).isEqualTo("mine.db");
            assertThat(in(b, START + " b - 1", "7g7f")).isTrue();
            assertThat(in(b, START + " b - 1", "2g2f")).isFalse();
            // The start board with White to move is its own mirror: 7g7f turned 180° is 3c3d.
            assertThat(in(b, START + " w - 2", "3c3d")).isTrue();
            assertThat(in(b, START + " w - 2", "7c7d")).isFalse();
            // YaneuraOu's BookFile is a combo that ignores other names: mine.db is linked as
            // user_book1.db.
            Path links = dir.resolve("links");
            assertThat(b.options(links))
                    .containsExactlyInAnyOrderEntriesOf(
                            Map.ofEntries(
                                    Map.entry("BookDepthLimit", "0"),
                                    Map.entry("BookIgnoreRate", "0"),
                                    Map.entry("BookMoves", "10000"),
                                    Map.entry("BookEvalDiff", "30"),
                                    Map.entry("ConsiderBookMoveCount", "true"),
                                    Map.entry("BookEvalBlackLimit", "-140"),
                                    Map.entry("BookEvalWhiteLimit", "-140"),
                                    Map.entry("BookOnTheFly", "false"),
                                    Map.entry("IgnoreBookPly", "true"),
                                    Map.entry("BookDir", links.toAbsolutePath().toString()),
                                    Map.entry("BookFile", "user_book1.db")));
            assertThat(Files.isSameFile(links.resolve("user_book1.db"), db)).isTrue();
        }
        try (ComparedBook b = ComparedBook.open(db, false, "Book")) {
            assertThat(b.options(dir.resolve("unused")))
                    .containsExactly(Map.entry("Book", db.toAbsolutePath().toString()));
        }
        assertThat(dir.resolve("unused")).doesNotExist();
    }

    @Test
    void aDbNamedAsYaneuraOuListsItIsPassedWhereItIs(@TempDir Path dir) throws Exception {
        Path db =
                Files.writeString(
                        dir.resolve("user_book2.db"),
                        "#YANEURAOU-DB2016 1.00\nsfen " + START + " b - 1\n7g7f none 0 32 1\n");
        try (ComparedBook b = ComparedBook.open(db, false, null)) {
            assertThat(b.options(dir.resolve("links")))
                    .containsEntry("BookDir", dir.toAbsolutePath().toString())
                    .containsEntry("BookFile", "user_book2.db")
                    .containsEntry("BookDepthLimit", "0");
            assertThat(dir.resolve("links")).doesNotExist();
        }
    }

    @Test
    void ourBookCountsFullMatchMovesOnly(@TempDir Path dir) throws Exception {
        // SmallBook: 7g7f 3c3d 2g2f, 7g7f 8c8d, 2g2f 3c3d.
        Path book = SmallBook.write(dir.resolve("small"));
        try (ComparedBook b = ComparedBook.open(book, true, null)) {
            assertThat(b.options(dir.resolve("links")))
                    .containsExactly(Map.entry("BookDir", book.toString()));
            assertThat(in(b, Sfen.STARTPOS, "7g7f")).isTrue();
            assertThat(in(b, Sfen.STARTPOS, "2g2f")).isTrue();
            assertThat(in(b, Sfen.STARTPOS, "5g5f")).isFalse();
            String after7g7f = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
            assertThat(in(b, after7g7f, "8c8d")).isTrue();
            assertThat(in(b, after7g7f, "4a3b")).isFalse();
        }
    }

    @Test
    void noBookTellsYaneuraOuNoBookAndTheBuiltinEngineNothing() throws Exception {
        assertThat(ComparedBook.none(false, null).options(null))
                .containsExactly(Map.entry("BookFile", "no_book"));
        assertThat(ComparedBook.none(true, null).options(null)).isEmpty();
        assertThat(ComparedBook.none(false, "Book").options(null)).isEmpty();
        assertThat(ComparedBook.none(true, null).name).isEqualTo("no-book");
    }
}
