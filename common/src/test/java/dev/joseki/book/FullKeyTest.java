package dev.joseki.book;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Position;
import org.junit.jupiter.api.Test;

class FullKeyTest {
    static Position play(String sfen, String... moves) {
        Position p = Sfen.parse(sfen);
        for (String m : moves) {
            p.doMove(UsiMove.parse(p, m));
        }
        return p;
    }

    @Test
    void colourFlippedTwinGivesTheSameKey() {
        Position white = play(Sfen.STARTPOS, "7g7f", "3c3d", "8h2b+", "3a2b", "B*4e");
        assertThat(white.sideToMove()).isEqualTo(1);
        assertThat(FullKey.of(white.flipped())).isEqualTo(FullKey.of(white));
        Position black = play(Sfen.STARTPOS, "7g7f", "3c3d");
        assertThat(FullKey.of(black.flipped())).isEqualTo(FullKey.of(black));
    }

    @Test
    void startPositionEncodesItsPiecesAsTheMoverSeesThem() {
        byte[] k = FullKey.of(Sfen.startPosition());
        assertThat(k).hasSize(95);
        assertThat(k[dev.joseki.rules.Square.of(5, 9)]).isEqualTo((byte) 8);       // mover's king on 5i
        assertThat(k[dev.joseki.rules.Square.of(5, 1)]).isEqualTo((byte) (16 | 8)); // opponent's king on 5a
        assertThat(k[dev.joseki.rules.Square.of(2, 8)]).isEqualTo((byte) 6);        // rook 2h
        assertThat(java.util.Arrays.copyOfRange(k, 81, 95)).containsOnly(0);
    }

    @Test
    void handsAndSideToMoveAreToldApart() {
        Position a = Sfen.parse("4k4/9/9/9/9/9/9/9/4K4 b P 1");
        Position b = Sfen.parse("4k4/9/9/9/9/9/9/9/4K4 b p 1");
        Position c = Sfen.parse("4k4/9/9/9/9/9/9/9/4K4 w P 1");
        assertThat(FullKey.of(a)).isNotEqualTo(FullKey.of(b));
        assertThat(FullKey.of(a)).isNotEqualTo(FullKey.of(c));
        // b with White to move is a's twin: the mover holds the pawn in both
        assertThat(FullKey.of(Sfen.parse("4k4/9/9/9/9/9/9/9/4K4 w p 1"))).isEqualTo(FullKey.of(a));
    }

    @Test
    void moveNumberIsNotPartOfTheFullKey() {
        Position a = Sfen.parse("4k4/9/9/9/9/9/9/9/4K4 b P 1");
        Position b = Sfen.parse("4k4/9/9/9/9/9/9/9/4K4 b P 37");
        assertThat(FullKey.of(a)).isEqualTo(FullKey.of(b));
    }

    @Test
    void decodeInvertsTheEncoding() {
        Position white = play(Sfen.STARTPOS, "7g7f", "3c3d", "8h2b+", "3a2b", "B*4e");
        Position decoded = FullKey.decode(FullKey.of(white));
        assertThat(decoded.samePosition(white.flipped())).isTrue();
    }
}
