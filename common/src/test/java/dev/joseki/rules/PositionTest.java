package dev.joseki.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PositionTest {
    static final String MATSURI =
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";

    /** Plays up to {@code plies} random legal moves, calling back after each. */
    static void randomGame(Position pos, long seed, int plies, Runnable afterEachMove) {
        Random rnd = new Random(seed);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        for (int i = 0; i < plies; i++) {
            int n = MoveGenerator.generateLegal(pos, buf, 0);
            if (n == 0) {
                return;
            }
            pos.doMove(buf[rnd.nextInt(n)]);
            afterEachMove.run();
        }
    }

    @Test
    void flippedKeyEqualsTheKeyOfTheFlippedPosition() {
        for (long seed = 0; seed < 5; seed++) {
            Position pos = Sfen.startPosition();
            randomGame(
                    pos,
                    seed,
                    120,
                    () -> assertThat(pos.flippedKey()).isEqualTo(pos.flipped().key()));
        }
        assertThat(Sfen.parse(MATSURI).flippedKey()).isEqualTo(Sfen.parse(MATSURI).flipped().key());
    }

    @Test
    void incrementalKeyEqualsKeyComputedFromScratch() {
        for (long seed = 0; seed < 20; seed++) {
            Position pos = Sfen.startPosition();
            randomGame(pos, seed, 200, () -> assertThat(pos.key()).isEqualTo(pos.computeKey()));
        }
    }

    @Test
    void undoRestoresBoardHandsKeyAndMoveNumber() {
        Position pos = Sfen.startPosition();
        Random rnd = new Random(7);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int[] played = new int[150];
        String[] before = new String[150];
        int n = 0;
        for (; n < played.length; n++) {
            int count = MoveGenerator.generateLegal(pos, buf, 0);
            if (count == 0) {
                break;
            }
            before[n] = Sfen.write(pos);
            played[n] = buf[rnd.nextInt(count)];
            pos.doMove(played[n]);
        }
        for (int i = n - 1; i >= 0; i--) {
            pos.undoMove(played[i]);
            assertThat(Sfen.write(pos)).isEqualTo(before[i]);
            assertThat(pos.key()).isEqualTo(pos.computeKey());
        }
    }

    @Test
    void sfenRoundTripsThroughPositionInCanonicalHandOrder() {
        assertThat(Sfen.write(Sfen.parse(Sfen.STARTPOS))).isEqualTo(Sfen.STARTPOS);
        // Hand written in another order comes back as R, B, G, S, N, L, P, Black first.
        assertThat(Sfen.write(Sfen.parse(MATSURI)))
                .isEqualTo("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1");
    }

    @Test
    void flippingTwiceGivesTheSamePositionAndFlippedPerftIsEqual() {
        for (long seed = 0; seed < 10; seed++) {
            Position pos = Sfen.startPosition();
            randomGame(pos, seed, 60, () -> {});
            Position flipped = pos.flipped();
            assertThat(flipped.sideToMove()).isEqualTo(pos.sideToMove() ^ 1);
            assertThat(flipped.flipped().samePosition(pos)).isTrue();
            assertThat(new Perft(2).count(flipped, 2)).isEqualTo(new Perft(2).count(pos, 2));
        }
        // The start position is symmetric: flipped, only the side to move changes.
        assertThat(Sfen.write(Sfen.startPosition().flipped()))
                .isEqualTo("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    }

    @Test
    void flippedMatsuriMatchesItsMirrorSfen() {
        // Turning the board: square (f, r) -> (10 - f, 10 - r), colours swapped; hands swapped.
        Position flipped = Sfen.parse(MATSURI).flipped();
        assertThat(flipped.pieceOn(Square.of(9, 8)))
                .as("White king of 1b becomes Black's on 9h")
                .isEqualTo(Piece.make(Piece.BLACK, Piece.KING));
        assertThat(flipped.pieceOn(Square.of(8, 1)))
                .as("Black king of 2i becomes White's on 8a")
                .isEqualTo(Piece.make(Piece.WHITE, Piece.KING));
        assertThat(flipped.handCount(Piece.BLACK, Piece.PAWN)).isEqualTo(5);
        assertThat(flipped.handCount(Piece.WHITE, Piece.ROOK)).isEqualTo(1);
    }

    @Test
    void bitboardSetsStayInStepWithTheBoardThroughMovesAndUndos() {
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        for (long seed = 0; seed < 10; seed++) {
            Random rnd = new Random(seed);
            Position pos = Sfen.parse(MATSURI);
            int[] played = new int[150];
            int n = 0;
            for (; n < played.length; n++) {
                int count = MoveGenerator.generateLegal(pos, buf, 0);
                if (count == 0) {
                    break;
                }
                played[n] = buf[rnd.nextInt(count)];
                pos.doMove(played[n]);
                assertThat(pos.setsMatchBoard()).as("after %s", Move.usi(played[n])).isTrue();
            }
            for (int i = n - 1; i >= 0; i--) {
                pos.undoMove(played[i]);
                assertThat(pos.setsMatchBoard())
                        .as("after undoing %s", Move.usi(played[i]))
                        .isTrue();
            }
        }
    }

    @Test
    void structureKeyFollowsPawnsAndKingsOnly() {
        Position pos = Sfen.startPosition();
        long start = pos.structureKey();
        pos.doMove(UsiMove.parse(pos, "3i4h")); // Black's silver
        assertThat(pos.structureKey()).isEqualTo(start);
        pos.doMove(UsiMove.parse(pos, "3c3d")); // White's pawn
        long afterPawn = pos.structureKey();
        assertThat(afterPawn).isNotEqualTo(start);
        pos.doMove(UsiMove.parse(pos, "5i6h")); // Black's king
        assertThat(pos.structureKey()).isNotEqualTo(afterPawn);
    }

    @Test
    void placementKeyFollowsWhereOneSidesOtherPiecesStand() {
        Position pos = Sfen.startPosition();
        long black = pos.placementKey(0), white = pos.placementKey(1);
        assertThat(black).isNotEqualTo(white);
        pos.doMove(UsiMove.parse(pos, "7g7f")); // a pawn: neither changes
        assertThat(pos.placementKey(0)).isEqualTo(black);
        assertThat(pos.placementKey(1)).isEqualTo(white);
        int gold = UsiMove.parse(pos, "4a3b"); // White's gold: White's only
        pos.doMove(gold);
        assertThat(pos.placementKey(0)).isEqualTo(black);
        assertThat(pos.placementKey(1)).isNotEqualTo(white);
        pos.undoMove(gold);
        assertThat(pos.placementKey(1)).isEqualTo(white);
    }
}
