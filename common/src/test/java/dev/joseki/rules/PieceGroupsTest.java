package dev.joseki.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PieceGroupsTest {
    @Test
    void eachPieceBelongsToTheGroupsOfHowItMoves() {
        for (int c = Piece.BLACK; c <= Piece.WHITE; c++) {
            int rooks = PieceGroups.rookLike(c), bishops = PieceGroups.bishopLike(c);
            int golds = PieceGroups.golds(c), kings = PieceGroups.kingLike(c);
            // a dragon slides like a rook and steps like a king; a horse likewise with the bishop
            assertThat(group(c, Piece.DRAGON)).containsExactly(rooks, kings);
            assertThat(group(c, Piece.HORSE)).containsExactly(bishops, kings);
            assertThat(group(c, Piece.ROOK)).containsExactly(rooks, PieceGroups.NO_GROUP);
            assertThat(group(c, Piece.BISHOP)).containsExactly(bishops, PieceGroups.NO_GROUP);
            assertThat(group(c, Piece.KING)).containsExactly(kings, PieceGroups.NO_GROUP);
            // the gold and the four promoted pieces that move like it
            for (int t : new int[] {Piece.GOLD, 9, 10, 11, 12}) {
                assertThat(group(c, t)).containsExactly(golds, PieceGroups.NO_GROUP);
            }
            // pawns, lances, knights and silvers are tested square by square, in no group
            for (int t = 1; t <= 4; t++) {
                assertThat(group(c, t)).containsExactly(PieceGroups.NO_GROUP, PieceGroups.NO_GROUP);
            }
        }
    }

    @Test
    void theGroupsFollowThePieceCodesWithoutOverlap() {
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (int c = Piece.BLACK; c <= Piece.WHITE; c++) {
            seen.add(PieceGroups.rookLike(c));
            seen.add(PieceGroups.bishopLike(c));
            seen.add(PieceGroups.golds(c));
            seen.add(PieceGroups.kingLike(c));
        }
        assertThat(seen).hasSize(8).allMatch(i -> i >= Piece.NB && i < PieceGroups.NO_GROUP);
    }

    private static int[] group(int color, int type) {
        int p = Piece.make(color, type);
        return new int[] {PieceGroups.A[p], PieceGroups.B[p]};
    }
}
