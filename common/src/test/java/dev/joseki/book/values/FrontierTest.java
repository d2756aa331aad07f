package dev.joseki.book.values;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.rules.Piece;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A hand-made book (values for the mover): start: 7g7f 50, 2g2f 40, 5g5f −100; after 7g7f: 3c3d
 * −50, 8c8d −70, 1c1d −200; after 7g7f 3c3d: 2g2f 50, 6g6f 20. Nothing else has values.
 */
class FrontierTest {
    static HandMadeValues book() {
        return new HandMadeValues()
                .put("", "7g7f", 50)
                .put("", "2g2f", 40)
                .put("", "5g5f", -100)
                .put("7g7f", "3c3d", -50)
                .put("7g7f", "8c8d", -70)
                .put("7g7f", "1c1d", -200)
                .put("7g7f 3c3d", "2g2f", 50)
                .put("7g7f 3c3d", "6g6f", 20);
    }

    static List<String> lines(List<Frontier.Target> targets) {
        return targets.stream().map(t -> String.join(" ", t.line())).toList();
    }

    @Test
    void shouldFollowBlacksBestMoveAndWhitesRepliesWithinTheWindow() {
        // Black's root value 50, window 30: White replies leaving Black at most 80 are followed:
        // 3c3d (Black 50) and 8c8d (70), not 1c1d (200). 7g7f 8c8d has no values: frontier first
        // (reached at depth 2); after 7g7f 3c3d Black's best 2g2f leads to a position without
        // values.
        List<Frontier.Target> t =
                Frontier.select(book(), Sfen.startPosition(), Piece.BLACK, 30, 10);
        assertThat(lines(t)).containsExactly("7g7f 8c8d", "7g7f 3c3d 2g2f");
        assertThat(t.get(1).sfen())
                .isEqualTo(Sfen.write(GraphScanTest.after("7g7f", "3c3d", "2g2f")));
    }

    @Test
    void shouldAlsoEvaluateWhatTheBookMovesWithoutAValueLeadTo() {
        // The games also played 1g1f and 2g2f from the start; 2g2f has a value (followed or not by
        // the rules above), 1g1f has none: its position is a frontier position, after the valued
        // moves' ones at the same position and before those found deeper (breadth first).
        Frontier.BookMoves games =
                p ->
                        p.key() == Sfen.startPosition().key()
                                ? new int[] {
                                    move16(p, "7g7f"), move16(p, "1g1f"), move16(p, "2g2f")
                                }
                                : new int[0];
        assertThat(lines(Frontier.select(book(), games, Sfen.startPosition(), Piece.BLACK, 30, 10)))
                .containsExactly("1g1f", "7g7f 8c8d", "7g7f 3c3d 2g2f");
        assertThat(lines(Frontier.select(book(), games, Sfen.startPosition(), Piece.BLACK, 30, 1)))
                .containsExactly("1g1f");
    }

    private static int move16(dev.joseki.rules.Position p, String usi) {
        return dev.joseki.rules.Move.move16(dev.joseki.notation.UsiMove.parse(p, usi));
    }

    @Test
    void skippedPositionsAreLeftOutWithoutUsingUpTheLimit() {
        // as the first test, with 7g7f 8c8d already being evaluated: limit 1 gives the next one
        String busy = Sfen.write(GraphScanTest.after("7g7f", "8c8d"));
        List<Frontier.Target> t =
                Frontier.select(
                        book(),
                        Frontier.BookMoves.NONE,
                        Sfen.startPosition(),
                        Piece.BLACK,
                        30,
                        1,
                        p -> Sfen.write(p).equals(busy));
        assertThat(lines(t)).containsExactly("7g7f 3c3d 2g2f");
    }

    @Test
    void shouldNarrowTheOtherSidesRepliesWithTheWindow() {
        // window 10: only replies leaving Black at most 60: 3c3d (50); 8c8d (70) is dropped
        assertThat(lines(Frontier.select(book(), Sfen.startPosition(), Piece.BLACK, 10, 10)))
                .containsExactly("7g7f 3c3d 2g2f");
    }

    @Test
    void shouldStopAtTheLimitInBreadthFirstOrder() {
        assertThat(lines(Frontier.select(book(), Sfen.startPosition(), Piece.BLACK, 30, 1)))
                .containsExactly("7g7f 8c8d");
    }

    @Test
    void shouldMineWhitesSideFromWhitesPointOfView() {
        // White's root value is −50 (Black's best 7g7f is worth 50 to Black), window 30: Black's
        // moves are followed while they leave White at most −50 + 30 = −20: 7g7f (White −50) and
        // 2g2f (−40), not 5g5f (White +100, a Black mistake not worth mining). 2g2f leads to no
        // values: frontier. After 7g7f White (the book side) plays its best, 3c3d; then Black's
        // 2g2f (White −50) and 6g6f (−20) qualify.
        assertThat(lines(Frontier.select(book(), Sfen.startPosition(), Piece.WHITE, 30, 10)))
                .containsExactly("2g2f", "7g7f 3c3d 2g2f", "7g7f 3c3d 6g6f");
    }

    @Test
    void shouldFollowTheBestValuesForThePrincipalLine() {
        HandMadeValues book = book();
        List<PrincipalLine.Step> line =
                PrincipalLine.of(book::inPosition, Sfen.startPosition(), 10);
        assertThat(line)
                .extracting(s -> dev.joseki.rules.Move.usi(s.move16()))
                .containsExactly("7g7f", "3c3d", "2g2f");
        assertThat(line).extracting(s -> s.value().value()).containsExactly(50, -50, 50);
    }
}
