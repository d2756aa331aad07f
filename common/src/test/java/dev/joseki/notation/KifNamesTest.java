package dev.joseki.notation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.rules.Piece;
import org.junit.jupiter.api.Test;

class KifNamesTest {
    @Test
    void kanjiNumbersReadAndWrite() {
        assertThat(KifNames.number("四")).isEqualTo(4);
        assertThat(KifNames.number("十")).isEqualTo(10);
        assertThat(KifNames.number("十二")).isEqualTo(12);
        assertThat(KifNames.number("十八")).isEqualTo(18);
        assertThat(KifNames.number("二十")).isEqualTo(20);
        assertThat(KifNames.number("18")).isEqualTo(18);
        assertThat(KifNames.number("歩")).isEqualTo(-1);
        assertThat(KifNames.number("十十")).isEqualTo(-1);
        for (int n = 1; n <= 18; n++) {
            assertThat(KifNames.number(KifNames.kanjiNumber(n))).isEqualTo(n);
        }
    }

    @Test
    void bothSpellingsOfKingAndDragonAndThePromotedNames() {
        int[] len = new int[1];
        assertThat(KifNames.piece("王", 0, len)).isEqualTo(Piece.KING);
        assertThat(KifNames.piece("玉", 0, len)).isEqualTo(Piece.KING);
        assertThat(KifNames.piece("竜", 0, len)).isEqualTo(Piece.DRAGON);
        assertThat(KifNames.piece("龍", 0, len)).isEqualTo(Piece.DRAGON);
        assertThat(KifNames.piece("成香", 0, len)).isEqualTo(Piece.PRO_LANCE);
        assertThat(len[0]).isEqualTo(2);
        assertThat(KifNames.piece("杏", 0, len)).isEqualTo(Piece.PRO_LANCE);
        assertThat(KifNames.piece("成", 0, len)).isEqualTo(Piece.NONE);
    }
}
