package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.records.proto.SlotTask;
import dev.joseki.records.proto.WorkerHeartbeat;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Heartbeats on a real broker: sent every interval, deleted when the worker stops. */
@ExtendWith(KafkaBrokerExtension.class)
class HeartbeatsTest {
    static List<ConsumerRecord<String, byte[]>> records(KafkaSettings kafka, Topics topics) {
        List<ConsumerRecord<String, byte[]>> out = new ArrayList<>();
        TopicScan.all(kafka, topics.workers(), out::add);
        return out;
    }

    @Test
    void aWorkerBeatsEveryIntervalAndDeletesItsRecordWhenItStops(KafkaBroker broker)
            throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("beat", 2);
        topics.ensure(kafka);
        Worker.Config config = new Worker.Config(kafka, topics, "g", 2, "host-1-abc");
        SlotActivity activity = new SlotActivity();
        activity.finished(1, List.of("B"));
        activity.started(0, "t-g4");
        Heartbeats h =
                Heartbeats.start(
                        config, "joseki test", activity, () -> 7, () -> 3, Duration.ofMillis(200));
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (records(kafka, topics).size() < 3) {
            assertThat(System.nanoTime() < deadline).as("three heartbeats").isTrue();
            Thread.sleep(100);
        }
        h.close();
        List<ConsumerRecord<String, byte[]>> all = records(kafka, topics);
        assertThat(all).allSatisfy(r -> assertThat(r.key()).isEqualTo("host-1-abc"));
        WorkerHeartbeat beat = WorkerHeartbeat.parseFrom(all.get(0).value());
        assertThat(beat.getPid()).isEqualTo(ProcessHandle.current().pid());
        assertThat(beat.getSlots()).isEqualTo(2);
        assertThat(beat.getEnginesList()).containsExactly("B");
        assertThat(beat.getTasksList())
                .extracting(SlotTask::getTaskId, SlotTask::getRunId)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("t-g4", "t"));
        assertThat(beat.getGamesDone()).isEqualTo(7);
        assertThat(beat.getPositionsDone()).isEqualTo(3);
        assertThat(beat.getIntervalMs()).isEqualTo(200);
        // the last record is the deletion
        assertThat(all.get(all.size() - 1).value()).isNull();
    }
}
