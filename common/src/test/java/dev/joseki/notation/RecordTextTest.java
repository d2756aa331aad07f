package dev.joseki.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordTextTest {
    private static final String TEXT = "先手：羽生善治\n後手：藤井聡太\n";

    @Test
    void decodesUtf8ShiftJisAndEucJp() {
        assertThat(RecordText.decode(TEXT.getBytes(StandardCharsets.UTF_8), "u")).isEqualTo(TEXT);
        assertThat(RecordText.decode(TEXT.getBytes(RecordText.CP932), "s")).isEqualTo(TEXT);
        assertThat(RecordText.decode(TEXT.getBytes(RecordText.EUC_JP), "e")).isEqualTo(TEXT);
    }

    @Test
    void theEucJpFixtureReadsItsJapaneseName() {
        String s = RecordText.decode(RecordFixtures.bytes("kifu-for-js/2005_YAMADA_GPS.csa"), "y");
        assertThat(s).contains("N-山田将棋 Version 2.18 (LEVEL5)");
    }

    @Test
    void undecodableBytesRaiseParseException() {
        assertThatThrownBy(
                        () ->
                                RecordText.decode(
                                        new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0x80}, "b"))
                .isInstanceOf(ParseException.class)
                .hasMessageStartingWith("b:1:1:");
    }

    @Test
    void linesSplitOnCrLfLfAndCrButNotOnNel() {
        assertThat(RecordText.lines("a\r\nb\nc\rd\u0085e"))
                .containsExactly("a", "b", "c", "d\u0085e");
    }

    /** "定跡" (joseki) in Shift_JIS and in EUC-JP, bytes from the JIS X 0208 tables. */
    private static final byte[] JOSEKI_SJIS = bytes(0x92, 0xe8, 0x90, 0xd5);

    private static final byte[] JOSEKI_EUC = bytes(0xc4, 0xea, 0xc0, 0xd7);

    private static byte[] bytes(int... b) {
        byte[] out = new byte[b.length];
        for (int i = 0; i < b.length; i++) {
            out[i] = (byte) b[i];
        }
        return out;
    }

    private static Path file(Path dir, String name, Object... parts) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Object p : parts) {
            out.write(p instanceof byte[] b ? b : ((String) p).getBytes(StandardCharsets.US_ASCII));
        }
        return Files.write(dir.resolve(name), out.toByteArray());
    }

    @Test
    void openReadsShiftJisAndEucJpFilesLineByLine(@TempDir Path dir) throws IOException {
        for (byte[] joseki : List.of(JOSEKI_SJIS, JOSEKI_EUC)) {
            Path f = file(dir, "book.db", "#YANEURAOU-DB2016 1.00\r\n# ", joseki, "\r\nend\r\n");
            try (BufferedReader r = RecordText.open(f)) {
                assertThat(r.lines()).containsExactly("#YANEURAOU-DB2016 1.00", "# 定跡", "end");
            }
        }
    }

    @Test
    void openSkipsAUtf8Bom(@TempDir Path dir) throws IOException {
        Path f = file(dir, "bom.txt", bytes(0xef, 0xbb, 0xbf), "a\n", bytes(0xe5, 0xae, 0x9a));
        try (BufferedReader r = RecordText.open(f)) {
            assertThat(r.lines()).containsExactly("a", "定");
        }
    }

    @Test
    void aFileNoEncodingDecodesNamesItsLineAndEveryEncodingTried(@TempDir Path dir)
            throws IOException {
        // 0xff starts no character in UTF-8, cp932 or EUC-JP: all three stop at line 3, column 3
        Path f = file(dir, "bad.db", "#YANEURAOU-DB2016 1.00\n# ok\n# ", bytes(0xff), "\n");
        String expected =
                f
                        + ":3:3: cannot decode the file; tried UTF-8 (invalid at line 3),"
                        + " Shift_JIS/cp932 (invalid at line 3), EUC-JP (invalid at line 3)";
        assertThatThrownBy(() -> RecordText.open(f))
                .isInstanceOf(ParseException.class)
                .hasMessage(expected);
        assertThatThrownBy(() -> RecordText.decode(Files.readAllBytes(f), f.toString()))
                .isInstanceOf(ParseException.class)
                .hasMessage(expected);
    }

    @Test
    void theLineNamedIsWhereTheEncodingThatGotFurthestStopped(@TempDir Path dir)
            throws IOException {
        // Shift_JIS from line 2; a damaged byte at line 4 after "abc": UTF-8 and EUC-JP stop at
        // line 2 (0x92 starts no character in either), cp932 at the damaged byte
        Path f = file(dir, "sjis.txt", "x\n# ", JOSEKI_SJIS, "\ny\nabc", bytes(0xff), "\n");
        assertThatThrownBy(() -> RecordText.open(f))
                .hasMessage(
                        f
                                + ":4:4: cannot decode the file; tried UTF-8 (invalid at line 2),"
                                + " Shift_JIS/cp932 (invalid at line 4), EUC-JP (invalid at line"
                                + " 2)");
    }
}
