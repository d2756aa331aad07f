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
    private static final int GOLD = Piece.make(Piece.BLACK, Piece.GOLD);
    private static final int EK = sq("5a"); // the enemy king

    private static int sq(String usi) {
        return Square.parseUsi(usi, 0);
    }

    @Test
    void mayCheckKeepsEveryMoveLandingWithinTwoFilesAndTwoRanksOfTheKing() {
        // 3c and 7c are two files and two ranks from 5a; 5d three ranks, 2b three files.
        assertThat(MateInOne.mayCheck(Move.make(sq("3d"), sq("3c"), GOLD, 0, false), EK)).isTrue();
        assertThat(MateInOne.mayCheck(Move.drop(Piece.GOLD, sq("7c"), Piece.BLACK), EK)).isTrue();
        assertThat(MateInOne.mayCheck(Move.drop(Piece.GOLD, sq("5d"), Piece.BLACK), EK)).isFalse();
        assertThat(MateInOne.mayCheck(Move.drop(Piece.SILVER, sq("2b"), Piece.BLACK), EK)).isFalse();
    }

    @Test
    void mayCheckKeepsFarSliderMovesAndMovesOffALineThroughTheKing() {
        assertThat(MateInOne.mayCheck(Move.drop(Piece.ROOK, sq("9i"), Piece.BLACK), EK)).isTrue();
        assertThat(MateInOne.mayCheck(Move.drop(Piece.LANCE, sq("1i"), Piece.BLACK), EK)).isTrue();
        // A gold from 5f (on the king's file: it may uncover a rook behind it) to 4f; from 7e (on no line
        // through 5a) to 7f.
        assertThat(MateInOne.mayCheck(Move.make(sq("5f"), sq("4f"), GOLD, 0, false), EK)).isTrue();
        assertThat(MateInOne.mayCheck(Move.make(sq("7e"), sq("7f"), GOLD, 0, false), EK)).isFalse();
    }

    /** The search trusts mayCheck as a filter: a move it rejects is taken not to check, unmade. */
    @Test
    void mayCheckKeepsEveryMoveThatGivesCheckAlongRandomGames() {
        Random random = new Random(5);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int checks = 0;
        for (String sfen : new String[] {Sfen.STARTPOS,
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1"}) {
            for (int game = 0; game < 20; game++) {
                Position pos = Sfen.parse(sfen);
                for (int ply = 0; ply < 150; ply++) {
                    int n = MoveGenerator.generateLegal(pos, moves, 0);
                    if (n == 0) {
                        break;
                    }
                    int ek = pos.kingSquare(pos.sideToMove() ^ 1);
                    for (int i = 0; i < n; i++) {
                        pos.doMove(moves[i]);
                        boolean check = pos.inCheck();
                        pos.undoMove(moves[i]);
                        if (check) {
                            checks++;
                            assertThat(MateInOne.mayCheck(moves[i], ek)).as("%s in %s", Move.usi(moves[i]), pos)
                                    .isTrue();
                        }
                    }
                    pos.doMove(moves[random.nextInt(n)]);
                }
            }
        }
        assertThat(checks).isGreaterThan(1000); // the games did exercise checks
    }
}
