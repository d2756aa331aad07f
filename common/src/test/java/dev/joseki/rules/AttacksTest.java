package dev.joseki.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import java.util.Random;
import org.junit.jupiter.api.Test;

class AttacksTest {
    private static final long ALL_LO = Bitboard.LO_ALL, ALL_HI = Bitboard.HI_ALL;

    private static int sq(String usi) {
        return Square.parseUsi(usi, 0);
    }

    private static long lo(String... squares) {
        long b = 0;
        for (String s : squares) {
            b |= Bitboard.lo(sq(s));
        }
        return b;
    }

    private static long hi(String... squares) {
        long b = 0;
        for (String s : squares) {
            b |= Bitboard.hi(sq(s));
        }
        return b;
    }

    @Test
    void blockerIsTheNearestOccupiedSquareInBothScanDirections() {
        // From 5e upwards (N, towards lower squares) with 5b and 5c occupied: 5c is nearer.
        assertThat(Attacks.blocker(sq("5e"), Square.N, lo("5b", "5c"), 0)).isEqualTo(sq("5c"));
        // From 5e towards file 9 (W, ascending) the ray crosses into the high word: 8e, then 9e.
        assertThat(Attacks.blocker(sq("5e"), Square.W, 0, hi("8e", "9e"))).isEqualTo(sq("8e"));
        // From 8e towards file 1 (E, descending), 6e is nearer than 3e.
        assertThat(Attacks.blocker(sq("8e"), Square.E, lo("3e", "6e"), 0)).isEqualTo(sq("6e"));
        assertThat(
                        Attacks.blocker(
                                sq("5e"), Square.S, ALL_LO & ~lo("5f", "5g", "5h", "5i"), ALL_HI))
                .isEqualTo(Square.NB);
    }

    @Test
    void betweenHoldsTheSquaresStrictlyInsideALineAndNothingOffLine() {
        // 1a to 9i: the long diagonal, 2b .. 8h.
        int i = (sq("1a") * Square.NB + sq("9i")) * 2;
        assertThat(Bitboard.squares(Attacks.BETWEEN[i], Attacks.BETWEEN[i + 1]))
                .containsExactly(
                        sq("2b"), sq("3c"), sq("4d"), sq("5e"), sq("6f"), sq("7g"), sq("8h"));
        int knight = (sq("5e") * Square.NB + sq("4c")) * 2;
        assertThat(Attacks.BETWEEN[knight] | Attacks.BETWEEN[knight + 1]).isZero();
        assertThat(Attacks.clear(sq("5a"), sq("5e"), lo("6c"), 0)).isTrue();
        assertThat(Attacks.clear(sq("5a"), sq("5e"), lo("5c"), 0)).isFalse();
    }

    @Test
    void attackedSeesSlidersUpToTheirBlockerAndSteppersOnTheirSquares() {
        // White: rook 5a, knight 3a, lance 1a, king 9a; Black: pawn 5e, king 5i.
        Position pos = Sfen.parse("k3r1n1l/9/9/9/4P4/9/9/9/4K4 b - 1");
        assertThat(pos.attacked(sq("5d"), Piece.WHITE)).isTrue();
        assertThat(pos.attacked(sq("5e"), Piece.WHITE)).isTrue(); // the rook takes the pawn
        assertThat(pos.attacked(sq("5f"), Piece.WHITE)).isFalse(); // behind the pawn
        assertThat(pos.attacked(sq("2c"), Piece.WHITE)).isTrue(); // knight 3a -> 2c, 4c
        assertThat(pos.attacked(sq("3c"), Piece.WHITE)).isFalse();
        assertThat(pos.attacked(sq("1i"), Piece.WHITE))
                .isTrue(); // the lance sees the whole empty file
        assertThat(pos.attacked(sq("8b"), Piece.WHITE)).isTrue(); // the king's step
        assertThat(pos.attacked(sq("5d"), Piece.BLACK)).isTrue(); // the pawn's step
        assertThat(pos.attacked(sq("5f"), Piece.BLACK)).isFalse(); // pawns do not move back
        // With the pawn taken out of the occupancy the rook's line runs on to 5h.
        long occLo = (pos.occ[0] | pos.occ[2]) & ~Bitboard.lo(sq("5e")),
                occHi = pos.occ[1] | pos.occ[3];
        assertThat(Attacks.attacked(pos, sq("5h"), Piece.WHITE, occLo, occHi)).isTrue();
    }

    @Test
    void pinnedNeedsTheOnlyPieceBetweenKingAndAnEnemySlider() {
        // Black king 5i, silver 5g, White rook 5a: the silver is pinned; a second piece on 5f
        // unpins it.
        Position pos = Sfen.parse("4r4/9/9/9/9/9/4S4/9/4K3k b - 1");
        long occLo = pos.occ[0] | pos.occ[2], occHi = pos.occ[1] | pos.occ[3];
        assertThat(Attacks.pinned(pos, sq("5g"), sq("5i"), Piece.WHITE, occLo, occHi)).isTrue();
        assertThat(Attacks.pinned(pos, sq("5g"), sq("5i"), Piece.WHITE, occLo | lo("5f"), occHi))
                .isFalse();
    }

    @Test
    void ringQuietOnlyWhenNoEnemyPieceStandsNearTheKingOrOnALineThroughItsNeighbours() {
        // The start position: White's nearest pieces to the Black king on 5i stand on rank c, and
        // White's rook (8b), bishop (2b) and lances (1a, 9a) are on no line through 4h..6i: quiet
        // both ways.
        Position start = Sfen.parse(Sfen.STARTPOS);
        assertThat(Attacks.ringQuiet(start, sq("5i"), Piece.WHITE)).isTrue();
        assertThat(Attacks.ringQuiet(start, sq("5a"), Piece.BLACK)).isTrue();
        // A White lance on 6a looks down file 6 at 6h (behind the pawn line: the occupancy does not
        // matter).
        assertThat(
                        Attacks.ringQuiet(
                                Sfen.parse("k2l5/9/9/9/9/9/4P4/9/4K4 b - 1"),
                                sq("5i"),
                                Piece.WHITE))
                .isFalse();
        // The same lance on 2a is on no ring file.
        assertThat(
                        Attacks.ringQuiet(
                                Sfen.parse("k6l1/9/9/9/9/9/4P4/9/4K4 b - 1"),
                                sq("5i"),
                                Piece.WHITE))
                .isTrue();
        // A White silver on 5f is two ranks from the king: next to 5g.
        assertThat(
                        Attacks.ringQuiet(
                                Sfen.parse("k8/9/9/9/9/4s4/9/9/4K4 b - 1"), sq("5i"), Piece.WHITE))
                .isFalse();
        // A White bishop on 1e is on the diagonal 1e-2f-3g-4h.
        assertThat(
                        Attacks.ringQuiet(
                                Sfen.parse("k8/9/9/9/8b/9/9/9/4K4 b - 1"), sq("5i"), Piece.WHITE))
                .isFalse();
    }

    @Test
    void noSquareNextToAQuietKingIsAttackedAlongRandomGames() {
        Random random = new Random(5);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int quiet = 0, loud = 0;
        for (int game = 0; game < 40; game++) {
            Position pos = Sfen.parse(Sfen.STARTPOS);
            for (int ply = 0; ply < 160; ply++) {
                for (int c = 0; c < 2; c++) {
                    final int k = pos.kingSquare(c);
                    if (Attacks.ringQuiet(pos, k, c ^ 1)) {
                        quiet++;
                        for (int d = 0; d < Square.DIR_NB; d++) {
                            final int t = Square.next(k, d);
                            if (t >= 0) {
                                assertThat(pos.attacked(t, c ^ 1))
                                        .as("%s: %s next to the king", pos, t)
                                        .isFalse();
                            }
                        }
                    } else {
                        loud++;
                    }
                }
                int n = MoveGenerator.generateLegal(pos, moves, 0);
                if (n == 0) {
                    break;
                }
                pos.doMove(moves[random.nextInt(n)]);
            }
        }
        assertThat(quiet).isGreaterThan(100); // both answers were exercised
        assertThat(loud).isGreaterThan(100);
    }
}
