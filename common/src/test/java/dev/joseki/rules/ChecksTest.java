package dev.joseki.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ChecksTest {
    @Test
    void givesCheckAfterAndWillGiveCheckBeforeAgreeWithInCheckForEveryLegalMoveAlongRandomGames() {
        Random random = new Random(11);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int checks = 0;
        for (String sfen :
                new String[] {
                    Sfen.STARTPOS,
                    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1"
                }) {
            for (int game = 0; game < 30; game++) {
                Position pos = Sfen.parse(sfen);
                for (int ply = 0; ply < 200; ply++) {
                    int n = MoveGenerator.generateLegal(pos, moves, 0);
                    if (n == 0) {
                        break;
                    }
                    for (int i = 0; i < n; i++) {
                        boolean predicted = Checks.willGiveCheck(pos, moves[i]);
                        pos.doMove(moves[i]);
                        boolean expected = pos.inCheck();
                        checks += expected ? 1 : 0;
                        assertThat(Checks.givesCheck(pos, moves[i]))
                                .as("%s after %s", pos, Move.usi(moves[i]))
                                .isEqualTo(expected);
                        pos.undoMove(moves[i]);
                        assertThat(predicted)
                                .as("%s before %s", pos, Move.usi(moves[i]))
                                .isEqualTo(expected);
                    }
                    pos.doMove(moves[random.nextInt(n)]);
                }
            }
        }
        assertThat(checks).isGreaterThan(1000); // the games did exercise checks
    }

    /** White king 5a, Black rook 9e, Black king 9i. */
    private static final String ROOK_ON_THE_FIFTH_RANK = "4k4/9/9/9/R8/9/9/9/K8 b - 1";

    /** White king 5a, Black pawn 4c, Black king 9i. */
    private static final String PAWN_BEFORE_THE_ZONES_EDGE = "4k4/9/5P3/9/9/9/9/9/K8 b - 1";

    /** White king 5a, Black silver 5e in front of Black's lance 5i, Black king 9i. */
    private static final String SILVER_BEFORE_A_LANCE = "4k4/9/9/9/4S4/9/9/9/K3L4 b - 1";

    @Test
    void aRookSlidingOntoTheKingsFileChecksAndOneStoppingShortDoesNot() {
        assertWillGiveCheck(ROOK_ON_THE_FIFTH_RANK, "9e5e", true);
        assertWillGiveCheck(ROOK_ON_THE_FIFTH_RANK, "9e8e", false);
    }

    @Test
    void aPawnPromotingNextToTheKingChecksDiagonallyAndTheSameStepUnpromotedDoesNot() {
        assertWillGiveCheck(PAWN_BEFORE_THE_ZONES_EDGE, "4c4b+", true);
        assertWillGiveCheck(PAWN_BEFORE_THE_ZONES_EDGE, "4c4b", false);
    }

    @Test
    void aSilverLeavingTheLancesFileGivesDiscoveredCheckAndOneStayingOnItDoesNot() {
        assertWillGiveCheck(SILVER_BEFORE_A_LANCE, "5e4d", true);
        assertWillGiveCheck(SILVER_BEFORE_A_LANCE, "5e5d", false);
    }

    @Test
    void aGoldDroppedNextToTheKingChecksAndAPawnDroppedTwoSquaresAwayDoesNot() {
        assertWillGiveCheck("4k4/9/9/9/9/9/9/9/K8 b GP 1", "G*5b", true);
        assertWillGiveCheck("4k4/9/9/9/9/9/9/9/K8 b GP 1", "P*5c", false);
    }

    private static void assertWillGiveCheck(String sfen, String usi, boolean expected) {
        Position pos = Sfen.parse(sfen);
        int m = UsiMove.parse(pos, usi);
        assertThat(Checks.willGiveCheck(pos, m)).as("%s in %s", usi, sfen).isEqualTo(expected);
        pos.doMove(m);
        assertThat(pos.inCheck()).as("the reference: %s in %s", usi, sfen).isEqualTo(expected);
    }

    private static final int BLACK_GOLD = Piece.make(Piece.BLACK, Piece.GOLD);
    private static final int EK = sq("5a"); // the enemy king of the mayCheck tests

    private static int sq(String usi) {
        return Square.parseUsi(usi, 0);
    }

    @Test
    void mayCheckKeepsEveryMoveLandingWithinTwoFilesAndTwoRanksOfTheKing() {
        // 3c and 7c are two files and two ranks from 5a; 5d three ranks, 2b three files.
        assertThat(Checks.mayCheck(Move.make(sq("3d"), sq("3c"), BLACK_GOLD, 0, false), EK))
                .isTrue();
        assertThat(Checks.mayCheck(Move.drop(Piece.GOLD, sq("7c"), Piece.BLACK), EK)).isTrue();
        assertThat(Checks.mayCheck(Move.drop(Piece.GOLD, sq("5d"), Piece.BLACK), EK)).isFalse();
        assertThat(Checks.mayCheck(Move.drop(Piece.SILVER, sq("2b"), Piece.BLACK), EK)).isFalse();
    }

    @Test
    void mayCheckKeepsFarSliderMovesAndMovesOffALineThroughTheKing() {
        assertThat(Checks.mayCheck(Move.drop(Piece.ROOK, sq("9i"), Piece.BLACK), EK)).isTrue();
        assertThat(Checks.mayCheck(Move.drop(Piece.LANCE, sq("1i"), Piece.BLACK), EK)).isTrue();
        // A gold from 5f (on the king's file: it may uncover a rook behind it) to 4f; from 7e (on
        // no line through 5a) to 7f.
        assertThat(Checks.mayCheck(Move.make(sq("5f"), sq("4f"), BLACK_GOLD, 0, false), EK))
                .isTrue();
        assertThat(Checks.mayCheck(Move.make(sq("7e"), sq("7f"), BLACK_GOLD, 0, false), EK))
                .isFalse();
    }

    /** The search trusts mayCheck as a filter: a move it rejects is taken not to check, unmade. */
    @Test
    void mayCheckKeepsEveryMoveThatGivesCheckAlongRandomGames() {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int[] checks = {0};
        RandomGames.walk(
                5,
                20,
                150,
                pos -> {
                    int n = MoveGenerator.generateLegal(pos, moves, 0);
                    int ek = pos.kingSquare(pos.sideToMove() ^ 1);
                    for (int i = 0; i < n; i++) {
                        pos.doMove(moves[i]);
                        boolean check = pos.inCheck();
                        pos.undoMove(moves[i]);
                        if (check) {
                            checks[0]++;
                            assertThat(Checks.mayCheck(moves[i], ek))
                                    .as("%s in %s", Move.usi(moves[i]), pos)
                                    .isTrue();
                        }
                    }
                },
                RandomGames.STARTS[0],
                RandomGames.STARTS[1]);
        assertThat(checks[0]).isGreaterThan(1000); // the games did exercise checks
    }
}
