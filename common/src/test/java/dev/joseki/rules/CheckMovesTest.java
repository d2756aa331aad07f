package dev.joseki.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CheckMovesTest {
    private static List<String> checks(String sfen, boolean pawnDrops) {
        Position pos = Sfen.parse(sfen);
        int[] out = new int[MoveGenerator.MAX_MOVES];
        int n = new CheckMoves().generate(pos, out, 0, pawnDrops);
        List<String> usi = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            usi.add(Move.usi(out[i]));
        }
        return usi;
    }

    @Test
    void aGoldInHandChecksFromTheFiveSquaresItAttacksTheKingFrom() {
        // A Black gold attacks 5a from 4a and 6a (sideways), 4b and 6b (diagonally forward) and 5b.
        assertThat(checks("4k4/9/9/9/9/9/9/9/4K4 b G 1", true))
                .containsExactlyInAnyOrder("G*4a", "G*6a", "G*4b", "G*5b", "G*6b");
    }

    @Test
    void aLanceInHandChecksFromAnywhereBelowTheKingUpToTheFirstPiece() {
        // The White pawn on 5e stops the file: 5b, 5c and 5d remain.
        assertThat(checks("4k4/9/9/9/4p4/9/9/9/K8 b L 1", true))
                .containsExactlyInAnyOrder("L*5b", "L*5c", "L*5d");
    }

    @Test
    void thePawnDropInFrontOfTheKingIsLeftOutOnRequestAndUnderNifu() {
        assertThat(checks("4k4/9/9/9/9/9/9/9/K8 b P 1", true)).containsExactly("P*5b");
        assertThat(checks("4k4/9/9/9/9/9/9/9/K8 b P 1", false)).isEmpty();
        assertThat(checks("4k4/9/9/9/9/4P4/9/9/K8 b P 1", true))
                .isEmpty(); // a pawn on file 5 already
    }

    @Test
    void aSilverLeavingTheLancesFileGivesDiscoveredCheckAndIsGenerated() {
        // The silver on 5e blocks the lance on 5i: each of its moves off the file (4d, 6d, 4f, 6f)
        // uncovers the lance; 5d stays on the file and attacks 4c, 5c, 6c only.
        assertThat(checks("4k4/9/9/9/4S4/9/9/9/K3L4 b - 1", true))
                .containsExactlyInAnyOrder("5e4d", "5e6d", "5e4f", "5e6f");
    }

    /** The reference: every legal move, made, and kept when it leaves the opponent in check. */
    private static List<Integer> bruteForce(Position pos, boolean pawnDrops) {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.generateLegal(pos, moves, 0);
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            if (!pawnDrops && Move.isDrop(m) && Move.dropType(m) == Piece.PAWN) {
                continue;
            }
            pos.doMove(m);
            if (pos.inCheck()) {
                out.add(m);
            }
            pos.undoMove(m);
        }
        return out;
    }

    @Test
    void generatesExactlyTheCheckingLegalMovesInTheLegalGeneratorsOrderAlongRandomGames() {
        int[] out = new int[MoveGenerator.MAX_MOVES];
        CheckMoves gen = new CheckMoves();
        int[] positions = {0}, drops = {0}, boards = {0};
        RandomGames.walk(
                23,
                25,
                160,
                pos -> {
                    if (pos.inCheck()) {
                        return;
                    }
                    for (boolean pawnDrops : new boolean[] {true, false}) {
                        int k = gen.generate(pos, out, 0, pawnDrops);
                        List<Integer> got = new ArrayList<>();
                        for (int i = 0; i < k; i++) {
                            got.add(out[i]);
                            drops[0] += Move.isDrop(out[i]) ? 1 : 0;
                            boards[0] += Move.isDrop(out[i]) ? 0 : 1;
                        }
                        assertThat(got).as("%s", pos).isEqualTo(bruteForce(pos, pawnDrops));
                    }
                    positions[0]++;
                },
                RandomGames.STARTS);
        assertThat(positions[0]).isGreaterThan(5000);
        assertThat(drops[0]).as("checking drops seen").isGreaterThan(1000);
        assertThat(boards[0]).as("checking board moves seen").isGreaterThan(1000);
    }

    @Test
    void
            generatesExactlyTheCloseCheckingMovesButPawnDropsInTheLegalGeneratorsOrderAlongRandomGames() {
        int[] out = new int[MoveGenerator.MAX_MOVES];
        CheckMoves gen = new CheckMoves();
        int[] drops = {0}, boards = {0};
        RandomGames.walk(
                31,
                25,
                160,
                pos -> {
                    if (pos.inCheck()) {
                        return;
                    }
                    int k = gen.generateClose(pos, out, 0);
                    List<Integer> got = new ArrayList<>();
                    for (int i = 0; i < k; i++) {
                        got.add(out[i]);
                        drops[0] += Move.isDrop(out[i]) ? 1 : 0;
                        boards[0] += Move.isDrop(out[i]) ? 0 : 1;
                    }
                    List<Integer> expected = new ArrayList<>(bruteForce(pos, false));
                    expected.removeIf(m -> !CloseChecks.isClose(pos, m));
                    assertThat(got).as("%s", pos).isEqualTo(expected);
                },
                RandomGames.STARTS);
        assertThat(drops[0]).as("close checking drops seen").isGreaterThan(500);
        assertThat(boards[0]).as("close checking board moves seen").isGreaterThan(500);
    }

    @Test
    void aCheckedKingCanStepUnlessEveryFlightIsCoveredIncludingAlongTheCheckingLine() {
        // White king 1a checked by the rook on 9a: 2a is on the rook's line, 1b and 2b hold its own
        // pawns.
        assertThat(CheckMoves.kingCanStep(Sfen.parse("R7k/7pp/9/9/9/9/9/9/4K4 w - 1"))).isFalse();
        // Without the pawn on 2b the king steps to 2b.
        assertThat(CheckMoves.kingCanStep(Sfen.parse("R7k/8p/9/9/9/9/9/9/4K4 w - 1"))).isTrue();
    }

    private static boolean answers(String sfen) {
        return CheckMoves.canAnswerWithoutKing(Sfen.parse(sfen), new int[MoveGenerator.MAX_MOVES]);
    }

    @Test
    void
            aRankCheckCannotBeBlockedByAPawnDropOnFilesHoldingThePawnsOwnPawnButBySilverDropOrOnAFreeFile() {
        // White king 5a, Black rook 1a checks along rank a through 4a, 3a, 2a. White's pawns stand
        // on files 4 (4b), 3 and 2 (3c, 2c); none of its pieces reaches rank a, so only a drop
        // could block.
        assertThat(answers("3nk3R/3ppp3/6pp1/9/9/9/9/9/4K4 w p 1"))
                .as("pawn in hand, nifu on 4, 3, 2")
                .isFalse();
        assertThat(answers("3nk3R/3ppp3/6pp1/9/9/9/9/9/4K4 w s 1")).as("silver in hand").isTrue();
        assertThat(answers("3nk3R/3ppp3/7p1/9/9/9/9/9/4K4 w p 1"))
                .as("pawn in hand, file 3 free")
                .isTrue();
    }

    @Test
    void aDoubleCheckIsNotAnsweredByTakingOneCheckerButASingleKnightCheckIs() {
        // Black knight 4c checks White's king on 5a; White's gold on 4b takes it, unless the rook
        // on 1a checks too.
        assertThat(answers("3nk4/3ppg3/5N3/9/9/9/9/9/4K4 w - 1")).isTrue();
        assertThat(answers("3nk3R/3ppg3/5N3/9/9/9/9/9/4K4 w - 1")).isFalse();
    }

    @Test
    void aPiecePinnedToTheKingCannotTakeTheChecker() {
        // The gold on 4b attacks the checking knight on 4c but is pinned by the bishop on 2d
        // (5a-4b-3c-2d).
        assertThat(answers("3nk4/3ppg3/5N3/7B1/9/9/9/9/4K4 w - 1")).isFalse();
    }

    @Test
    void
            answersACheckWithoutTheKingExactlyWhenTheLegalGeneratorFindsANonKingMoveAlongRandomGames() {
        int[] scratch = new int[MoveGenerator.MAX_MOVES], moves = new int[MoveGenerator.MAX_MOVES];
        int[] replies = new int[MoveGenerator.MAX_MOVES];
        int[] seen = {0, 0}; // checks without a non-king answer, with one
        RandomGames.walk(
                37,
                25,
                160,
                root -> {
                    // Every check the side to move can give, so that mates and near-mates are
                    // common.
                    int n = MoveGenerator.generateLegal(root, moves, 0);
                    for (int i = 0; i < n; i++) {
                        int m = moves[i];
                        if (!Checks.willGiveCheck(root, m)) {
                            continue;
                        }
                        root.doMove(m);
                        int k = root.kingSquare(root.sideToMove());
                        int nonKing = 0;
                        for (int j = 0, r = MoveGenerator.generateLegal(root, replies, 0);
                                j < r;
                                j++) {
                            nonKing +=
                                    Move.isDrop(replies[j]) || Move.from(replies[j]) != k ? 1 : 0;
                        }
                        boolean got = CheckMoves.canAnswerWithoutKing(root, scratch);
                        assertThat(got).as("%s", root).isEqualTo(nonKing > 0);
                        seen[got ? 1 : 0]++;
                        root.undoMove(m);
                    }
                },
                RandomGames.STARTS);
        assertThat(seen[0]).as("checks without a non-king answer").isGreaterThan(1000);
        assertThat(seen[1]).as("checks with one").isGreaterThan(1000);
    }

    @Test
    void aKingAloneHasFiveFlightsOnItsBackRankAndARookDroppedNextToItCoversItsLineThroughTheKing() {
        Position pos = Sfen.parse("4k4/9/9/9/9/9/9/9/4K4 b R 1");
        long[] out = new long[2];
        assertThat(CheckMoves.flights(pos, Piece.WHITE, out)).isTrue();
        assertThat(Bitboard.squares(out[0], out[1]))
                .containsExactlyInAnyOrder(sq("4a"), sq("6a"), sq("4b"), sq("5b"), sq("6b"));
        // A Black rook on 5b with the king on 5a lifted: rank b, and file 5 from 5a down to our
        // king on 5i.
        CheckMoves.dropAttacks(pos, Piece.make(Piece.BLACK, Piece.ROOK), sq("5b"), sq("5a"), out);
        assertThat(Bitboard.squares(out[0], out[1]))
                .containsExactlyInAnyOrder(
                        sq("5a"), sq("9b"), sq("8b"), sq("7b"), sq("6b"), sq("4b"), sq("3b"),
                        sq("2b"), sq("1b"), sq("5c"), sq("5d"), sq("5e"), sq("5f"), sq("5g"),
                        sq("5h"), sq("5i"));
    }

    private static int sq(String usi) {
        return Square.parseUsi(usi, 0);
    }
}
