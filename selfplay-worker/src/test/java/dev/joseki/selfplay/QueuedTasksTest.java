package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.records.proto.SelfPlayTask;
import org.junit.jupiter.api.Test;

class QueuedTasksTest {
    @Test
    void aGameTaskStandsForItsGameAndABatchForEachOfItsParts() {
        SelfPlayTask batch =
                SelfPlayTask.newBuilder()
                        .setTaskId("cup-b4")
                        .addBatch(SelfPlayTask.newBuilder().setTaskId("cup-g4"))
                        .addBatch(SelfPlayTask.newBuilder().setTaskId("cup-g5"))
                        .addBatch(SelfPlayTask.newBuilder().setTaskId("cup-g7"))
                        .build();

        assertThat(QueuedTasks.gameNumbers("cup", "cup-g12", null)).containsExactly(12);
        assertThat(QueuedTasks.gameNumbers("cup", "cup-b4", batch.toByteArray()))
                .containsExactly(4, 5, 7);
    }

    @Test
    void anotherTournamentsTasksAndAnUnreadableBatchStandForNoGame() {
        SelfPlayTask other =
                SelfPlayTask.newBuilder()
                        .setTaskId("cupola-b0")
                        .addBatch(SelfPlayTask.newBuilder().setTaskId("cupola-g0"))
                        .build();

        assertThat(QueuedTasks.gameNumbers("cup", "cupola-g3", null)).isEmpty();
        assertThat(QueuedTasks.gameNumbers("cup", "cup2-b0", other.toByteArray())).isEmpty();
        assertThat(QueuedTasks.gameNumbers("cup", "cup-b0", new byte[] {(byte) 0xff})).isEmpty();
        assertThat(QueuedTasks.gameNumbers("cup", null, null)).isEmpty();
    }
}
