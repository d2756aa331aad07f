package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.play.EngineSpec;
import dev.joseki.play.Opening;
import dev.joseki.play.SearchLimit;
import dev.joseki.records.proto.BuiltinEngine;
import dev.joseki.records.proto.EvalPosition;
import dev.joseki.records.proto.EvalTask;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.Player;
import dev.joseki.tournament.OpeningSuite;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a batch of positions becomes eval tasks (no broker). */
class EvalRunTest {
    private static final EngineSpec ENGINE = TestEngines.tinyBuiltinSpec();
    private static final SearchLimit NODES = SearchLimit.nodes(500);

    private static List<EvalPosition> positions(int n) {
        List<EvalPosition> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(EvalPosition.newBuilder().setStartSfen("sfen-" + i).build()); // not parsed here
        }
        return out;
    }

    @Test
    void fivePositionsTwoPerTaskMakeThreeTasksInOrder() {
        EvalRun run = new EvalRun("ev-1", new EvalRun.Spec(positions(5), ENGINE, NODES, 4, 2));
        List<EvalTask> tasks = run.tasks();
        assertThat(tasks)
                .extracting(EvalTask::getTaskId)
                .containsExactly("ev-1-0", "ev-1-1", "ev-1-2");
        assertThat(tasks).extracting(EvalTask::getPositionsCount).containsExactly(2, 2, 1);
        assertThat(tasks.get(1).getPositions(1).getStartSfen()).isEqualTo("sfen-3");
        assertThat(tasks)
                .allSatisfy(
                        t -> {
                            assertThat(t.getBatchId()).isEqualTo("ev-1");
                            assertThat(t.getMultipv()).isEqualTo(4);
                            assertThat(t.getLimits())
                                    .isEqualTo(Limits.newBuilder().setNodes(500).build());
                            assertThat(t.getEngine()).isEqualTo(TestEngines.tinyBuiltin());
                        });
    }

    @Test
    void evalIdOfAPositionIsItsTaskAndIndexInTheTask() {
        EvalRun run = new EvalRun("ev-1", new EvalRun.Spec(positions(5), ENGINE, NODES, 1, 2));
        assertThat(run.evalId(0)).isEqualTo("ev-1-0/0");
        assertThat(run.evalId(3)).isEqualTo("ev-1-1/1");
        assertThat(run.evalId(4)).isEqualTo("ev-1-2/0");
    }

    @Test
    void aLineFromTheStartPositionHasAnEmptySfen() {
        Opening line = OpeningSuite.parse("startpos moves 7g7f 3c3d", "test").get(0);
        EvalPosition p = EvalRun.position(line);
        assertThat(p.getStartSfen()).isEmpty();
        assertThat(p.getMovesList()).containsExactly("7g7f", "3c3d");
    }

    @Test
    void aPositionStandsAsItsSfen() {
        EvalPosition p =
                EvalRun.position(dev.joseki.notation.Sfen.parse("4k4/9/9/9/9/9/9/9/4K4 b G 1"));
        assertThat(p.getStartSfen()).isEqualTo("4k4/9/9/9/9/9/9/9/4K4 b G 1");
        assertThat(p.getMovesList()).isEmpty();
    }

    @Test
    void aBatchNeedsALimitAndSaneLines() {
        assertThatThrownBy(() -> new EvalRun.Spec(positions(1), ENGINE, null, 1, 1))
                .hasMessageContaining("search limit");
        assertThatThrownBy(() -> new EvalRun.Spec(positions(1), ENGINE, NODES, 0, 1))
                .hasMessage("--multipv must be 1..64, got 0");
        assertThatThrownBy(() -> new EvalRun.Spec(List.of(), ENGINE, NODES, 1, 1))
                .hasMessage("no position to evaluate");
    }

    @Test
    void aTaskCarriesTheEngineAndLimitInTheFormTheWorkersRead() {
        EngineSpec timed =
                new EngineSpec("t", null, null, List.of(), Map.of("USI_Hash", "1"), null, 0)
                        .withDefaultLimit(SearchLimit.movetime(250));
        EvalTask t =
                new EvalRun("ev-2", new EvalRun.Spec(positions(1), timed, NODES, 2, 1))
                        .tasks()
                        .get(0);
        EvalTask expected =
                EvalTask.newBuilder()
                        .setTaskId("ev-2-0")
                        .setBatchId("ev-2")
                        .setEngine(
                                Player.newBuilder()
                                        .setName("t")
                                        .putOptions("USI_Hash", "1")
                                        .setBuiltin(BuiltinEngine.getDefaultInstance())
                                        .setLimits(Limits.newBuilder().setMovetimeMs(250)))
                        .setLimits(Limits.newBuilder().setNodes(500))
                        .setMultipv(2)
                        .addPositions(EvalPosition.newBuilder().setStartSfen("sfen-0"))
                        .build();
        assertThat(t.toBuilder().clearCreatedAt().build().toByteArray())
                .isEqualTo(expected.toByteArray());
    }
}
