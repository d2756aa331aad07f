package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Timestamp;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.GameSeed;
import dev.joseki.play.SearchLimit;
import dev.joseki.records.GameRecords;
import dev.joseki.records.proto.SelfPlayTask;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TaskBatchesTest {
    private static final EngineSpec BUILTIN = EngineSpec.builtin("joseki", null);
    private static final EngineSpec OTHER =
            new EngineSpec("hqm", null, null, List.of(), Map.of("BookMode", "HQM"), null, 0);
    private static final SearchLimit NODES = SearchLimit.nodes(100);

    private static SelfPlayRun run(int games, EngineSpec white, int gamesPerTask) {
        return new SelfPlayRun(
                "r", new SelfPlayRun.Spec(games, NODES, 2, 7, BUILTIN, white, 256), gamesPerTask);
    }

    /** Every game id a task stands for, in the order a worker plays them. */
    private static List<String> gameIds(SelfPlayTask t) {
        List<String> ids = new ArrayList<>();
        for (SelfPlayTask part : TaskBatches.parts(t)) {
            for (int i = 0; i < TaskValidator.gameCount(part); i++) {
                ids.add(GameRecords.gameId(part.getTaskId(), i));
            }
        }
        return ids;
    }

    @Test
    void tenGamesInColourSwappedPairsFourATaskAreTwoBatchesOfTwoPairsAndALastPair() {
        // Pairs r-0 … r-4 (games 0-1, 2-3, …, 8-9); four games a task: (r-0, r-1), (r-2, r-3), r-4.
        List<SelfPlayTask> tasks = run(10, OTHER, 4).tasks();

        assertThat(tasks)
                .extracting(SelfPlayTask::getTaskId)
                .containsExactly("r-b0", "r-b1", "r-4");
        assertThat(gameIds(tasks.get(0))).containsExactly("r-0/0", "r-0/1", "r-1/0", "r-1/1");
        assertThat(gameIds(tasks.get(1))).containsExactly("r-2/0", "r-2/1", "r-3/0", "r-3/1");
        assertThat(gameIds(tasks.get(2))).containsExactly("r-4/0", "r-4/1");
        assertThat(tasks.get(2).getBatchCount()).as("a lone pair goes as a plain task").isZero();
        // Each pair keeps the seed task i has when sent alone: GameSeed.task(run seed 7, i).
        assertThat(tasks.get(1).getBatchList())
                .extracting(t -> t.getOpening().getSeed())
                .containsExactly(GameSeed.task(7, 2), GameSeed.task(7, 3));
        assertThat(tasks.get(0).getBatchList())
                .allSatisfy(t -> assertThat(t.getColorSwappedPair()).isTrue());
        assertThat(tasks)
                .allSatisfy(
                        t -> {
                            assertThat(t.getTournamentId()).isEqualTo("r");
                            assertThat(TaskValidator.problem(t, true)).isNull();
                        });
    }

    @Test
    void aBatchedPartIsTheTaskAsSentAloneButForItsCreationTime() {
        Timestamp now = Timestamp.newBuilder().setSeconds(1).build();
        SelfPlayRun alone = run(10, OTHER, 1), batched = run(10, OTHER, 4);
        SelfPlayTask part =
                batched.tasks().get(1).getBatch(1).toBuilder().setCreatedAt(now).build();

        assertThat(part).isEqualTo(alone.task(3, now));
    }

    @Test
    void sevenSingleGamesThreeATaskAreTwoBatchesAndALastGame() {
        // One engine against itself: single games r-0 … r-6; three a task: 0-2, 3-5, 6.
        List<SelfPlayTask> tasks = run(7, BUILTIN, 3).tasks();

        assertThat(tasks)
                .extracting(SelfPlayTask::getTaskId)
                .containsExactly("r-b0", "r-b1", "r-6");
        assertThat(gameIds(tasks.get(0))).containsExactly("r-0/0", "r-1/0", "r-2/0");
        assertThat(gameIds(tasks.get(1))).containsExactly("r-3/0", "r-4/0", "r-5/0");
        assertThat(gameIds(tasks.get(2))).containsExactly("r-6/0");
        assertThat(TaskValidator.gameCount(tasks.get(1))).isEqualTo(3);
    }

    @Test
    void oneGameATaskSendsTheTasksAsTheyWere() {
        List<SelfPlayTask> tasks = run(5, OTHER, 1).tasks();

        assertThat(tasks).extracting(SelfPlayTask::getTaskId).containsExactly("r-0", "r-1", "r-2");
        assertThat(tasks).allSatisfy(t -> assertThat(t.getBatchCount()).isZero());
    }

    @Test
    void anOddNumberWithPairsAndLessThanOneAreRefusedNamingTheOption() {
        assertThatThrownBy(() -> run(10, OTHER, 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--games-per-task 3: the games are colour-swapped pairs");
        assertThatThrownBy(() -> run(10, BUILTIN, 0))
                .hasMessage("--games-per-task must be 1..10000, got 0");
        assertThat(TaskBatches.problem(3, false)).isNull();
        assertThat(TaskBatches.problem(1, true)).isNull();
    }
}
