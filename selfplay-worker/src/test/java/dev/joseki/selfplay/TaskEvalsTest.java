package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.book.FullKey;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.play.BuiltinPlayer;
import dev.joseki.records.proto.EvalPosition;
import dev.joseki.records.proto.EvalTask;
import dev.joseki.records.proto.EvaluatedMove;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.PositionEval;
import dev.joseki.rules.Position;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The built-in engine evaluating real positions, no broker: what a worker publishes for an eval
 * task.
 */
class TaskEvalsTest {
    private static final Player ENGINE = TestEngines.tinyBuiltin();
    private static final EvalPosition START = EvalPosition.getDefaultInstance();
    private static final EvalPosition AFTER_7G7F =
            EvalPosition.newBuilder().addMoves("7g7f").build();
    private static final EvalPosition SIDE_LINE =
            EvalPosition.newBuilder().addMoves("2g2f").addMoves("8c8d").addMoves("2f2e").build();

    private static EvalTask task(int multipv, EvalPosition... positions) {
        return EvalTask.newBuilder()
                .setTaskId("t")
                .setBatchId("b")
                .setEngine(ENGINE)
                .setLimits(Limits.newBuilder().setNodes(3000))
                .setMultipv(multipv)
                .addAllPositions(List.of(positions))
                .build();
    }

    private static List<PositionEval> evaluate(EvalTask task) {
        try (BuiltinPlayer p = new BuiltinPlayer(ENGINE.getOptionsMap())) {
            return new TaskEvals("w1", "v1").evaluate(task, p, () -> false);
        }
    }

    @Test
    void mateAndCentipawnScoresBecomeBookValues() {
        assertThat(TaskEvals.value(true, 3)).isEqualTo(32000 - 3);
        assertThat(TaskEvals.value(true, -2)).isEqualTo(-32000 + 2);
        assertThat(TaskEvals.value(false, -50)).isEqualTo(-50);
        // a huge centipawn score of some engine stays below the mate range (31872 and up)
        assertThat(TaskEvals.value(false, 40_000)).isEqualTo(31_871);
        assertThat(TaskEvals.value(false, -40_000)).isEqualTo(-31_871);
    }

    @Test
    void multiPvGivesKDistinctLegalMovesOfOneSearch() {
        PositionEval e = evaluate(task(3, START)).get(0);
        assertThat(e.getEvalId()).isEqualTo("t/0");
        assertThat(e.getBatchId()).isEqualTo("b");
        assertThat(e.getSfen()).isEqualTo(Sfen.STARTPOS);
        assertThat(e.getMovesList()).hasSize(3);
        assertThat(e.getMovesList().stream().map(EvaluatedMove::getUsi).distinct()).hasSize(3);
        Position start = Sfen.startPosition();
        for (EvaluatedMove m : e.getMovesList()) {
            UsiMove.parse(start, m.getUsi()); // throws when illegal
            assertThat(m.getDepth()).isPositive().isEqualTo(e.getMoves(0).getDepth());
            assertThat(m.getNodes()).isPositive().isEqualTo(e.getMoves(0).getNodes());
            assertThat(Math.abs(m.getValue()))
                    .isLessThan(2000); // no mate three plies from the start
        }
        assertThat(e.getNote()).isEmpty();
        assertThat(e.getEngine().getEngineId()).isEqualTo(BuiltinPlayer.ENGINE_ID);
        assertThat(e.getWorkerId()).isEqualTo("w1");
        assertThat(e.getMultipv()).isEqualTo(3);
    }

    @Test
    void oneLineWithoutMultiPv() {
        PositionEval e = evaluate(task(0, START)).get(0);
        assertThat(e.getMovesList()).hasSize(1);
        assertThat(e.getMultipv()).isEqualTo(1);
        assertThat(e.getMoves(0).getDepth()).isPositive();
    }

    @Test
    void whiteToMovePositionIsKeyedByItsMoverView() {
        PositionEval e = evaluate(task(2, AFTER_7G7F)).get(0);
        assertThat(e.getSfen())
                .isEqualTo("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
        // Worked by hand: turned 180° with colours swapped, Black's pawn on 7f is White's pawn on
        // 3d.
        Position moverView =
                Sfen.parse("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 2");
        assertThat(e.getPositionKey().toByteArray()).isEqualTo(FullKey.of(moverView));
        assertThat(e.getPosition()).isEqualTo(AFTER_7G7F);
    }

    @Test
    void aPositionEvaluatesTheSameAfterOtherPositions() {
        // One player evaluates two positions in a row; a fresh one only the second (as a replay
        // after a crash would): the hash table is cleared per position, so the second evaluation is
        // the same.
        List<PositionEval> both = evaluate(task(2, AFTER_7G7F, SIDE_LINE));
        PositionEval alone = evaluate(task(2, SIDE_LINE)).get(0);
        assertThat(both).hasSize(2);
        assertThat(both.get(1).getEvalId()).isEqualTo("t/1");
        assertThat(both.get(1).getMovesList()).isEqualTo(alone.getMovesList());
    }

    @Test
    void stoppingAbandonsTheTask() {
        try (BuiltinPlayer p = new BuiltinPlayer(ENGINE.getOptionsMap())) {
            assertThat(
                            new TaskEvals("w1", "v1")
                                    .evaluate(task(1, START, AFTER_7G7F), p, () -> true))
                    .isNull();
        }
    }
}
