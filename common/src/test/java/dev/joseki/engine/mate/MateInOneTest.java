package dev.joseki.engine.mate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.rules.Square;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MateInOneTest {
    @Test
    void aGoldDroppedInFrontOfTheKingWithAPawnBehindItMates() {
        // The gold on 5b covers 4a, 6a, 4b and 6b; the pawn on 5c defends it.
        Position pos = Sfen.parse("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
        assertThat(Move.usi(new MateInOne().find(pos, false))).isEqualTo("G*5b");
    }

    @Test
    void aPawnDropThatWouldMateIsNotAMateInOne() {
        // P*5b would mate: the gold on 5c defends the pawn and covers 4b and 6b, the silvers on 3b and 7b
        // cover 4a and 6a. But a pawn drop may not mate, and no other move does.
        Position pos = Sfen.parse("4k4/2S3S2/4G4/9/9/9/9/9/4K4 b P 1");
        assertThat(new MateInOne().find(pos, false)).isEqualTo(Move.NONE);
    }

    @Test
    void aRookReachingTheBackRankMatesAKingBehindItsPawns() {
        // The White king on 1a, its pawns on 2b and 1b: a rook on rank a leaves it no flight (2a is on
        // the rook's line). The promotion comes first in the legal generator's order, and also mates.
        Position pos = Sfen.parse("8k/7pp/9/9/9/9/9/9/R3K4 b - 1");
        assertThat(Move.usi(new MateInOne().find(pos, false))).isEqualTo("9i9a+");
    }

    /** The first mate of the full legal list (in its order), found by making every move and every reply. */
    private static int bruteForce(Position pos, int[] moves, int[] replies) {
        int n = MoveGenerator.generateLegal(pos, moves, 0);
        for (int i = 0; i < n; i++) {
            pos.doMove(moves[i]);
            boolean mate = pos.inCheck() && MoveGenerator.generateLegal(pos, replies, 0) == 0;
            pos.undoMove(moves[i]);
            if (mate) {
                return moves[i];
            }
        }
        return Move.NONE;
    }

    /** Close as findClose means it: onto a neighbour of the king or a knight's jump from it, from near it. */
    private static boolean close(Position pos, int m) {
        int ek = pos.kingSquare(pos.sideToMove() ^ 1), to = Move.to(m);
        int df = Math.abs(Square.file(to) - Square.file(ek)), dr = Square.rank(to) - Square.rank(ek);
        int ahead = pos.sideToMove() == Piece.BLACK ? 1 : -1; // a Black knight checks from two ranks below
        boolean target = Math.max(df, Math.abs(dr)) == 1 || (df == 1 && dr == 2 * ahead);
        if (Move.isDrop(m)) {
            return target;
        }
        int from = Move.from(m);
        return target && Math.abs(Square.file(from) - Square.file(ek)) <= 2 && Math.abs(Square.rank(from) - Square.rank(ek)) <= 4;
    }

    @Test
    void findCloseFindsTheFirstMateByACloseCheckAlongRandomGames() {
        Random random = new Random(29);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int[] replies = new int[MoveGenerator.MAX_MOVES];
        MateInOne mateInOne = new MateInOne();
        int mates = 0;
        for (String sfen : new String[] {Sfen.STARTPOS,
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
            "3gk2+L1/r2sgs3/2nppppP+L/1pp6/9/1PP3P2/2NPPPN1R/p2SGS3/2G1K4 b B2L2Pbn2p 65"}) {
            for (int game = 0; game < 25; game++) {
                Position pos = Sfen.parse(sfen);
                for (int ply = 0; ply < 160; ply++) {
                    int n = MoveGenerator.generateLegal(pos, moves, 0);
                    if (n == 0) {
                        break;
                    }
                    if (!pos.inCheck()) {
                        int expected = Move.NONE;
                        for (int i = 0; i < n && expected == Move.NONE; i++) {
                            if (!close(pos, moves[i])) {
                                continue;
                            }
                            pos.doMove(moves[i]);
                            if (pos.inCheck() && MoveGenerator.generateLegal(pos, replies, 0) == 0) {
                                expected = moves[i];
                            }
                            pos.undoMove(moves[i]);
                        }
                        assertThat(mateInOne.findClose(pos)).as("%s", pos).isEqualTo(expected);
                        mates += expected != Move.NONE ? 1 : 0;
                    }
                    pos.doMove(moves[random.nextInt(n)]);
                }
            }
        }
        assertThat(mates).as("positions with a close mate in one").isGreaterThan(20);
    }

    @Test
    void findsTheFirstMateOfTheFullLegalListAlongRandomGames() {
        Random random = new Random(17);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int[] replies = new int[MoveGenerator.MAX_MOVES];
        MateInOne mateInOne = new MateInOne();
        int mates = 0, positions = 0;
        for (String sfen : new String[] {Sfen.STARTPOS,
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
            "3gk2+L1/r2sgs3/2nppppP+L/1pp6/9/1PP3P2/2NPPPN1R/p2SGS3/2G1K4 b B2L2Pbn2p 65"}) {
            for (int game = 0; game < 25; game++) {
                Position pos = Sfen.parse(sfen);
                for (int ply = 0; ply < 160; ply++) {
                    int expected = bruteForce(pos, moves, replies);
                    boolean inCheck = pos.inCheck();
                    assertThat(mateInOne.find(pos, inCheck)).as("%s", pos).isEqualTo(expected);
                    positions++;
                    mates += expected != Move.NONE ? 1 : 0;
                    int n = MoveGenerator.generateLegal(pos, moves, 0);
                    if (n == 0) {
                        break;
                    }
                    pos.doMove(moves[random.nextInt(n)]);
                }
            }
        }
        assertThat(positions).isGreaterThan(5000);
        assertThat(mates).as("positions with a mate in one").isGreaterThan(20);
    }
}
