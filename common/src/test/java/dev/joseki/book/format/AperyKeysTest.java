package dev.joseki.book.format;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import org.junit.jupiter.api.Test;

class AperyKeysTest {
    @Test
    void tablesAreDrawnInAperysOrder() {
        assertThat(AperyKeys.PIECE[0][0]).isEqualTo(0xc96d191cf6f6aea6L); // draw #1
        assertThat(AperyKeys.HAND[0][0]).isEqualTo(0xcf5118f12bfefdbdL); // draw #2512
        assertThat(AperyKeys.TURN).isEqualTo(0x3fa51fd0a8bb5298L); // draw #2645
    }

    @Test
    void startPositionKeysDifferByThePublishedTurnConstant() {
        long black = AperyKeys.key(Sfen.startPosition());
        long white =
                AperyKeys.key(
                        Sfen.parse(
                                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"));
        assertThat(black ^ white).isEqualTo(0x3fa51fd0a8bb5298L);
    }

    @Test
    void onlyTheSideToMovesHandEntersTheKey() {
        long a = AperyKeys.key(Sfen.parse("4k4/9/9/9/9/9/9/9/4K4 b - 1"));
        long b = AperyKeys.key(Sfen.parse("4k4/9/9/9/9/9/9/9/4K4 b p 1"));
        long c = AperyKeys.key(Sfen.parse("4k4/9/9/9/9/9/9/9/4K4 b P 1"));
        assertThat(b).isEqualTo(a);
        assertThat(c).isEqualTo(a ^ 0xcf5118f12bfefdbdL ^ AperyKeys.HAND[0][1]);
    }

    @Test
    void movesUseAperysFromToProLayout() {
        Position p = Sfen.startPosition();
        assertThat(AperyKeys.fromToPro(Move.move16(UsiMove.parse(p, "7g7f"))))
                .isEqualTo(59 | 60 << 7);
        Position q = Sfen.parse("4k4/9/9/9/9/9/9/9/4K4 b P 1");
        assertThat(AperyKeys.fromToPro(Move.move16(UsiMove.parse(q, "P*5e"))))
                .isEqualTo(40 | 81 << 7);
        Position r = Sfen.parse("4k4/9/9/9/9/9/9/1B7/4K4 b - 1");
        assertThat(AperyKeys.fromToPro(Move.move16(UsiMove.parse(r, "8h2b+"))))
                .isEqualTo(10 | 70 << 7 | 1 << 14);
    }
}
