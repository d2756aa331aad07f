package dev.joseki.book.builder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.notation.ParseException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DbImportsTest {
    static final String START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";

    @Test
    void moveLinesAreKeptUpToMaxPlyWithTheirCounts(@TempDir Path tmp) throws IOException {
        Path db = tmp.resolve("tiny.db");
        Files.writeString(
                db,
                "#YANEURAOU-DB2016 1.00\n"
                        + "sfen "
                        + START
                        + " b - 1\n"
                        + "7g7f none 0 0 5\n"
                        + "2g2f none 0 32 2\n"
                        + "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n"
                        + "3c3d none 0 0 4\n"
                        + "8c8d none 0 0 0\n");
        BookSource src = BookSource.parse(4, BookSource.Kind.YANEURAOU_DB, "gps=" + db + ":2");
        DbImports.Read all = DbImports.read(src, 40);
        assertThat(all.moves())
                .containsExactly(
                        new DbImports.DbMove(START + " b - 1", "7g7f", 5, 4),
                        new DbImports.DbMove(START + " b - 1", "2g2f", 2, 4),
                        new DbImports.DbMove(
                                "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
                                "3c3d",
                                4,
                                4));
        assertThat(all.positions()).isEqualTo(2);
        DbImports.Read first = DbImports.read(src, 1);
        assertThat(first.moves()).hasSize(2);
        assertThat(first.positions()).isEqualTo(1);
        // 8c8d has count 0 and is no move line of the book, so one line of one position is cut
        assertThat(first.cutNote())
                .contains(
                        db
                                + ": 1 move lines of 1 positions past ply 1 left out (its positions"
                                + " go to ply 2; --max-ply 2 keeps them all)");
        assertThat(all.cutNote()).isEmpty();
        assertThat(all.id()).isEqualTo(first.id()).startsWith("db:");
    }

    @Test
    void anIllegalMoveNamesFileAndLine(@TempDir Path tmp) throws IOException {
        Path db = tmp.resolve("bad.db");
        Files.writeString(
                db,
                "#YANEURAOU-DB2016 1.00\nsfen "
                        + START
                        + " b - 1\n7g7f none 0 0 5\n7f7e none 0 0 1\n");
        assertThatThrownBy(
                        () ->
                                DbImports.read(
                                        BookSource.parse(
                                                0, BookSource.Kind.YANEURAOU_DB, db.toString()),
                                        40))
                .hasMessageStartingWith(db + ":4:");
    }

    @Test
    void shiftJisAndEucJpBooksWithAJapaneseCommentAreRead(@TempDir Path tmp) throws IOException {
        // "# 定跡" in Shift_JIS (92 e8 90 d5) and EUC-JP (c4 ea c0 d7): used to fail with
        // "Input length = 1" naming no file
        byte[][] comments = {
            {'#', ' ', (byte) 0x92, (byte) 0xe8, (byte) 0x90, (byte) 0xd5, '\n'},
            {'#', ' ', (byte) 0xc4, (byte) 0xea, (byte) 0xc0, (byte) 0xd7, '\n'}
        };
        for (byte[] comment : comments) {
            Path db = tmp.resolve("jp.db");
            try (var out = Files.newOutputStream(db)) {
                out.write("#YANEURAOU-DB2016 1.00\n".getBytes(StandardCharsets.US_ASCII));
                out.write(comment);
                out.write(
                        ("sfen " + START + " b - 1\n7g7f none 0 0 5\n")
                                .getBytes(StandardCharsets.US_ASCII));
            }
            DbImports.Read r =
                    DbImports.read(
                            BookSource.parse(0, BookSource.Kind.YANEURAOU_DB, db.toString()), 40);
            assertThat(r.moves())
                    .containsExactly(new DbImports.DbMove(START + " b - 1", "7g7f", 5, 0));
        }
    }

    @Test
    void aBookNoEncodingDecodesIsOneLineNamingFileLineAndEncodings(@TempDir Path tmp)
            throws IOException {
        Path db = tmp.resolve("binary.db");
        try (var out = Files.newOutputStream(db)) {
            out.write(
                    ("#YANEURAOU-DB2016 1.00\nsfen " + START + " b - 1\n")
                            .getBytes(StandardCharsets.US_ASCII));
            out.write(new byte[] {'7', 'g', '7', 'f', ' ', (byte) 0xff, (byte) 0xfe, '\n'});
        }
        assertThatThrownBy(
                        () ->
                                DbImports.read(
                                        BookSource.parse(
                                                0, BookSource.Kind.YANEURAOU_DB, db.toString()),
                                        40))
                .isInstanceOf(ParseException.class)
                .hasMessage(
                        db
                                + ":3:6: cannot decode the file; tried UTF-8 (invalid at line 3),"
                                + " Shift_JIS/cp932 (invalid at line 3), EUC-JP (invalid at line"
                                + " 3)");
    }
}
