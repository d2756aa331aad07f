package dev.joseki.rules;

import static dev.joseki.rules.Piece.*;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PieceMovesTest {
    private static int sq(String usi) {
        return Square.parseUsi(usi, 0);
    }

    /**
     * The step targets of a coloured piece on a square as the generator reads them from
     * STEP_PACKED.
     */
    private static List<String> packedSteps(int piece, String from) {
        long steps = PieceMoves.STEP_PACKED[piece * Square.NB + sq(from)];
        final List<String> out = new ArrayList<>();
        for (int left = PieceMoves.stepCount(steps);
                left > 0;
                left--, steps >>>= PieceMoves.STEP_BITS) {
            out.add(Square.usi(PieceMoves.firstStep(steps)));
        }
        return out;
    }

    @Test
    void packedStepsListTheTargetsInDirectionOrder() {
        // Direction order N, S, E, W, NE, NW (E is towards file 1): a Black gold on 5e.
        assertThat(packedSteps(make(BLACK, GOLD), "5e"))
                .containsExactly("5d", "5f", "4e", "6e", "4d", "6d");
        // A Black knight jumps two ranks up, file 4 before file 6.
        assertThat(packedSteps(make(BLACK, KNIGHT), "5e")).containsExactly("4c", "6c");
    }

    @Test
    void packedStepsHoldEightTargetsAndNone() {
        assertThat(packedSteps(make(WHITE, KING), "5e"))
                .containsExactly("5d", "5f", "4e", "6e", "4d", "6d", "4f", "6f");
        assertThat(packedSteps(make(BLACK, PAWN), "5a")).isEmpty();
        // A White silver in the corner 1a: of S, SE, SW, NE, NW only S (1b) and SW (2b) stay on the
        // board.
        assertThat(packedSteps(make(WHITE, SILVER), "1a")).containsExactly("1b", "2b");
    }
}
