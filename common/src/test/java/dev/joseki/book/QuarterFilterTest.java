package dev.joseki.book;

import static dev.joseki.book.FullKeyTest.play;
import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import org.junit.jupiter.api.Test;

class QuarterFilterTest {
    private static int m(Position p, String usi) {
        return Move.move16(UsiMove.parseSyntax(p, usi, "test", 1, 1));
    }

    @Test
    void movesByPiecesOutsideTheAreaAreDropped() {
        Position p = Sfen.startPosition();
        QuarterFilter f = new QuarterFilter(p);
        assertThat(f.keep(Area.LEFT, m(p, "2g2f"))).isFalse();
        assertThat(f.keep(Area.RIGHT, m(p, "2g2f"))).isTrue();
        assertThat(f.keep(Area.LEFT, m(p, "7g7f"))).isTrue(); // inside
    }

    @Test
    void movesIntoAndOutOfTheAreaAreKept() {
        Position p = Sfen.startPosition();
        QuarterFilter f = new QuarterFilter(p);
        assertThat(f.keep(Area.LEFT, m(p, "2h5h"))).isTrue(); // rook moves into LEFT (5h)
        assertThat(f.keep(Area.LEFT, m(p, "2h3h"))).isFalse();
        Position q = play(Sfen.STARTPOS, "7g7f", "3c3d", "7i7h", "4a3b", "7f7e", "5a4b");
        QuarterFilter g = new QuarterFilter(q);
        assertThat(g.keep(Area.LEFT, m(q, "7e7d")))
                .isTrue(); // 7e is rank 5: 7e7d moves out of LEFT
        assertThat(g.keep(Area.RIGHT, m(q, "7e7d"))).isFalse();
        assertThat(Area.LEFT.contains(dev.joseki.rules.Square.of(7, 5))).isTrue();
    }

    @Test
    void dropsIntoTheAreaCount() {
        Position p = Sfen.parse("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPP1PPPP/1B5R1/LNSGKGSNL b P 1");
        QuarterFilter f = new QuarterFilter(p);
        assertThat(f.keep(Area.LEFT, m(p, "P*5e"))).isTrue();
        assertThat(f.keep(Area.RIGHT, m(p, "P*5e"))).isTrue();
        assertThat(f.keep(Area.LEFT, m(p, "P*5d"))).isFalse(); // legal but outside the area
        assertThat(f.isLegal(m(p, "P*5d"))).isTrue();
    }

    @Test
    void illegalSuggestionsAreDropped() {
        Position p = Sfen.startPosition();
        QuarterFilter f = new QuarterFilter(p);
        assertThat(f.keep(Area.LEFT, m(p, "7g7e"))).isFalse(); // a pawn cannot move two squares
        assertThat(f.keep(Area.LEFT, m(p, "P*5e"))).isFalse(); // no pawn in hand
        assertThat(f.keep(Area.LEFT, m(p, "8h5e"))).isFalse(); // blocked by the 7g pawn
    }

    @Test
    void whiteToMoveQueriesTakeMovesInMoverCoordinates() {
        Position w = play(Sfen.STARTPOS, "2g2f");
        QuarterFilter f = new QuarterFilter(w);
        // White's 3c3d is 7g7f in mover coordinates, in the mover's LEFT area
        int mover = MoverView.toMover(w, UsiMove.parse(w, "3c3d"));
        assertThat(mover).isEqualTo(m(Sfen.startPosition(), "7g7f"));
        assertThat(f.keep(Area.LEFT, mover)).isTrue();
        assertThat(f.keep(Area.RIGHT, mover)).isFalse();
    }
}
