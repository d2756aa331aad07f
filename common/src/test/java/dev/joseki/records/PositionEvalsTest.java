package dev.joseki.records;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.records.proto.EvalPosition;
import dev.joseki.records.proto.EvaluatedMove;
import dev.joseki.rules.Position;
import org.junit.jupiter.api.Test;

class PositionEvalsTest {
    static final String AFTER_7G7F =
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";

    static EvaluatedMove move(String usi, int value, int depth, long nodes) {
        return EvaluatedMove.newBuilder()
                .setUsi(usi)
                .setValue(value)
                .setDepth(depth)
                .setNodes(nodes)
                .build();
    }

    @Test
    void theEvaluatedPositionIsReachedByTheMoves() {
        Position p =
                PositionEvals.position(EvalPosition.newBuilder().addMoves("7g7f").build(), "test");
        assertThat(Sfen.write(p)).isEqualTo(AFTER_7G7F);
    }

    @Test
    void evalIdsAreTaskAndIndex() {
        assertThat(PositionEvals.evalId("ev-1-3", 2)).isEqualTo("ev-1-3/2");
    }
}
