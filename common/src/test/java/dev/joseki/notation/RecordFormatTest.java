package dev.joseki.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RecordFormatTest {
    @Test
    void extensionDecides() {
        assertThat(RecordFormat.detect("a.CSA", "")).isEqualTo(RecordFormat.CSA);
        assertThat(RecordFormat.detect("a.kif", "")).isEqualTo(RecordFormat.KIF);
        assertThat(RecordFormat.detect("a.kifu", "")).isEqualTo(RecordFormat.KIF);
        assertThat(RecordFormat.detect("a.ki2", "")).isEqualTo(RecordFormat.KI2);
        assertThat(RecordFormat.detect("a.usi", "")).isEqualTo(RecordFormat.USI);
    }

    @Test
    void contentDecidesWithoutAKnownExtension() {
        assertThat(RecordFormat.detect("game.txt", "V2.2\nPI\n+\n")).isEqualTo(RecordFormat.CSA);
        assertThat(RecordFormat.detect("game.txt", "N+sente\nP1-KY")).isEqualTo(RecordFormat.CSA);
        assertThat(RecordFormat.detect("game.txt", "position startpos moves 7g7f"))
                .isEqualTo(RecordFormat.USI);
        assertThat(RecordFormat.detect("game.txt", "startpos")).isEqualTo(RecordFormat.USI);
        assertThat(RecordFormat.detect("game.txt", "先手：a\n▲７六歩 △３四歩")).isEqualTo(RecordFormat.KI2);
        assertThat(RecordFormat.detect("game.txt", "# x\n先手：a\n手数----指手--\n   1 ７六歩(77)"))
                .isEqualTo(RecordFormat.KIF);
        assertThat(RecordFormat.detect("game.txt", "hello")).isNull();
    }

    @Test
    void userNamesParse() {
        assertThat(RecordFormat.parse("KIF")).isEqualTo(RecordFormat.KIF);
        assertThatThrownBy(() -> RecordFormat.parse("pgn"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
