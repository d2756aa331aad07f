package dev.joseki.engine.mate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.rules.CloseChecks;
import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Position;
import dev.joseki.rules.RandomGames;
import java.util.function.IntPredicate;
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
        // P*5b would mate: the gold on 5c defends the pawn and covers 4b and 6b, the silvers on 3b
        // and 7b cover 4a and 6a. But a pawn drop may not mate, and no other move does.
        Position pos = Sfen.parse("4k4/2S3S2/4G4/9/9/9/9/9/4K4 b P 1");
        assertThat(new MateInOne().find(pos, false)).isEqualTo(Move.NONE);
    }

    @Test
    void aRookReachingTheBackRankMatesAKingBehindItsPawns() {
        // The White king on 1a, its pawns on 2b and 1b: a rook on rank a leaves it no flight (2a is
        // on the rook's line). The promotion comes first in the legal generator's order, and also
        // mates.
        Position pos = Sfen.parse("8k/7pp/9/9/9/9/9/9/R3K4 b - 1");
        assertThat(Move.usi(new MateInOne().find(pos, false))).isEqualTo("9i9a+");
    }

    /**
     * The first mate, in the full legal list's order, among the moves the filter lets through:
     * every legal move made and every reply generated.
     */
    private static int bruteForce(Position pos, IntPredicate considered) {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int[] replies = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.generateLegal(pos, moves, 0);
        for (int i = 0; i < n; i++) {
            if (!considered.test(moves[i])) {
                continue;
            }
            pos.doMove(moves[i]);
            boolean mate = pos.inCheck() && MoveGenerator.generateLegal(pos, replies, 0) == 0;
            pos.undoMove(moves[i]);
            if (mate) {
                return moves[i];
            }
        }
        return Move.NONE;
    }

    @Test
    void findCloseFindsTheFirstMateByACloseCheckAlongRandomGames() {
        MateInOne mateInOne = new MateInOne();
        int[] mates = {0};
        RandomGames.walk(
                29,
                25,
                160,
                pos -> {
                    if (!pos.inCheck()) {
                        int expected = bruteForce(pos, m -> CloseChecks.isClose(pos, m));
                        assertThat(mateInOne.findClose(pos)).as("%s", pos).isEqualTo(expected);
                        mates[0] += expected != Move.NONE ? 1 : 0;
                    }
                },
                RandomGames.STARTS);
        assertThat(mates[0]).as("positions with a close mate in one").isGreaterThan(20);
    }

    @Test
    void findsTheFirstMateOfTheFullLegalListAlongRandomGames() {
        MateInOne mateInOne = new MateInOne();
        int[] mates = {0}, positions = {0};
        RandomGames.walk(
                17,
                25,
                160,
                pos -> {
                    int expected = bruteForce(pos, m -> true);
                    assertThat(mateInOne.find(pos, pos.inCheck()))
                            .as("%s", pos)
                            .isEqualTo(expected);
                    positions[0]++;
                    mates[0] += expected != Move.NONE ? 1 : 0;
                },
                RandomGames.STARTS);
        assertThat(positions[0]).isGreaterThan(5000);
        assertThat(mates[0]).as("positions with a mate in one").isGreaterThan(20);
    }
}
