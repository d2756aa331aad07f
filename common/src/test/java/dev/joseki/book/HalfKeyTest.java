package dev.joseki.book;

import static dev.joseki.book.FullKeyTest.play;
import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.rules.Position;
import dev.joseki.rules.Square;
import org.junit.jupiter.api.Test;

class HalfKeyTest {
    @Test
    void colourFlippedTwinGivesTheSameKey() {
        Position white = play(Sfen.STARTPOS, "7g7f", "3c3d", "2g2f");
        assertThat(HalfKey.of(white.flipped())).isEqualTo(HalfKey.of(white));
    }

    @Test
    void opponentPiecesAndHandsDoNotMatter() {
        Position a = play(Sfen.STARTPOS, "7g7f", "3c3d");
        Position b = play(Sfen.STARTPOS, "7g7f", "8c8d");
        assertThat(HalfKey.of(a)).isEqualTo(HalfKey.of(b));
        assertThat(HalfKey.of(Sfen.parse("4k4/9/9/9/9/9/9/9/4K4 b P 5")))
                .isEqualTo(HalfKey.of(Sfen.parse("3k5/9/9/9/9/9/9/9/4K4 b 2r 5")));
    }

    @Test
    void moverPiecesAndPlyDoMatter() {
        Position a = play(Sfen.STARTPOS, "7g7f", "3c3d");
        Position b = play(Sfen.STARTPOS, "2g2f", "3c3d");
        assertThat(HalfKey.of(a)).isNotEqualTo(HalfKey.of(b));
        assertThat(HalfKey.of(Sfen.parse("4k4/9/9/9/9/9/9/9/4K4 b - 5")))
                .isNotEqualTo(HalfKey.of(Sfen.parse("4k4/9/9/9/9/9/9/9/4K4 b - 7")));
        // promotion is part of the piece
        assertThat(HalfKey.of(Sfen.parse("4k4/9/9/9/9/9/4P4/9/4K4 b - 5")))
                .isNotEqualTo(HalfKey.of(Sfen.parse("4k4/9/9/9/9/9/4+P4/9/4K4 b - 5")));
    }

    @Test
    void layoutHoldsPlyThenPieceTypes() {
        byte[] k = HalfKey.of(Sfen.parse("4k4/9/9/9/9/9/9/1B7/4K4 w - 300"));
        assertThat(k).hasSize(43);
        assertThat(HalfKey.ply(k)).isEqualTo(300);
        // White is the mover: its king on 5a is seen on 5i; Black's bishop is the opponent's piece
        assertThat(HalfKey.pieceAt(k, Square.of(5, 9))).isEqualTo(8);
        assertThat(HalfKey.pieceAt(k, Square.of(8, 8))).isZero();
    }
}
