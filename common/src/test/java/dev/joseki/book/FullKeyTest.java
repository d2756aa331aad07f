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
    void keyIsTheLengthPrefixedPackedPosition() {
        byte[] k = FullKey.of(Sfen.startPosition());
        assertThat(k).hasSize(33);
        assertThat(k[0]).isEqualTo((byte) 32);
        // a position with an incomplete set packs to another length, so keys stay prefix-free
        assertThat(FullKey.of(Sfen.parse("4k4/9/9/9/9/9/9/9/4K4 b - 1"))[0])
                .isNotEqualTo((byte) 32);
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
