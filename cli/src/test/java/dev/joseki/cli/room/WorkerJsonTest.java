package dev.joseki.cli.room;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Timestamp;
import dev.joseki.records.proto.SlotTask;
import dev.joseki.records.proto.WorkerHeartbeat;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class WorkerJsonTest {
    static final Instant NOW = Instant.ofEpochSecond(1_000_000);

    static WorkerHeartbeat beat(long sentMs) {
        return WorkerHeartbeat.newBuilder()
                .setWorkerId("h-1-x")
                .setHost("h")
                .setPid(1)
                .setSlots(2)
                .addEngines("A")
                .addTasks(
                        SlotTask.newBuilder()
                                .setSlot(0)
                                .setTaskId("t-g4")
                                .setRunId("t")
                                .setStartedAt(Timestamp.newBuilder().setSeconds(1_000_000 - 42)))
                .setGamesDone(7)
                .setIntervalMs(3000)
                .setSentAt(
                        Timestamp.newBuilder()
                                .setSeconds(sentMs / 1000)
                                .setNanos((int) (sentMs % 1000) * 1_000_000))
                .build();
    }

    @Test
    void aWorkerIsLostAfterThreeMissedIntervals() {
        // interval 3 s: lost once the heartbeat is older than 9 s
        assertThat(WorkerJson.lost(beat(NOW.toEpochMilli() - 8_900), NOW)).isFalse();
        assertThat(WorkerJson.lost(beat(NOW.toEpochMilli() - 9_000), NOW)).isFalse();
        assertThat(WorkerJson.lost(beat(NOW.toEpochMilli() - 9_100), NOW)).isTrue();
    }

    @Test
    void theJsonSaysWhatEachSlotPlaysAndForHowLong() {
        JsonNode w = WorkerJson.of(beat(NOW.toEpochMilli() - 1_500), NOW);
        assertThat(w.get("age_s").asDouble()).isEqualTo(1.5);
        assertThat(w.get("lost").asBoolean()).isFalse();
        assertThat(w.at("/tasks/0/task_id").asText()).isEqualTo("t-g4");
        assertThat(w.at("/tasks/0/age_s").asDouble()).isEqualTo(42.0);
        assertThat(w.get("games_done").asLong()).isEqualTo(7);
        assertThat(w.get("engines").toString()).isEqualTo("[\"A\"]");
    }
}
