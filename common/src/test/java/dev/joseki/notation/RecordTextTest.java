package dev.joseki.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

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
}
