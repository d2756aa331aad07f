package dev.joseki.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Topic creation on a real broker: sizes, and task topics grown for a larger fleet. */
@ExtendWith(KafkaBrokerExtension.class)
class TopicsTest {
    @Test
    void ensureGrowsTheTaskTopicsToTheAskedPartitionsAndNeverShrinksThem(KafkaBroker broker)
            throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics.withPrefix("grow", 4).ensure(kafka);
        assertThat(partitions(kafka, "grow"))
                .isEqualTo(
                        Map.ofEntries(
                                Map.entry("grow.selfplay.tasks", 4),
                                Map.entry("grow.eval.tasks", 4),
                                Map.entry("grow.games", 12),
                                Map.entry("grow.evals", 12),
                                Map.entry("grow.train.tasks", 4),
                                Map.entry("grow.train.games", 12),
                                Map.entry("grow.train.positions", 12),
                                Map.entry("grow.selfplay.tasks.dlq", 1),
                                Map.entry("grow.selfplay.tasks.retired", 1),
                                Map.entry("grow.engines", 2),
                                Map.entry("grow.runs", 1),
                                Map.entry("grow.workers", 1)));
        // published engines: only the latest record of a key is kept
        try (Admin admin = Admin.create(kafka.admin())) {
            ConfigResource engines = new ConfigResource(ConfigResource.Type.TOPIC, "grow.engines");
            assertThat(
                            admin.describeConfigs(List.of(engines))
                                    .all()
                                    .get()
                                    .get(engines)
                                    .get("cleanup.policy")
                                    .value())
                    .isEqualTo("compact");
        }

        Topics.withPrefix("grow", 6).ensure(kafka);
        assertThat(partitions(kafka, "grow"))
                .containsEntry("grow.selfplay.tasks", 6)
                .containsEntry("grow.eval.tasks", 6)
                .containsEntry("grow.train.tasks", 6)
                .containsEntry("grow.games", 12);

        Topics.withPrefix("grow", 2).ensure(kafka); // a smaller fleet's default: left as it is
        assertThat(partitions(kafka, "grow"))
                .containsEntry("grow.selfplay.tasks", 6)
                .containsEntry("grow.eval.tasks", 6);
    }

    private static Map<String, Integer> partitions(KafkaSettings kafka, String prefix)
            throws Exception {
        Map<String, Integer> out = new TreeMap<>();
        try (Admin admin = Admin.create(kafka.admin())) {
            List<String> names =
                    admin.listTopics().names().get().stream()
                            .filter(n -> n.startsWith(prefix + "."))
                            .toList();
            for (TopicDescription d : admin.describeTopics(names).allTopicNames().get().values()) {
                out.put(d.name(), d.partitions().size());
            }
        }
        return out;
    }

    @Test
    void aTaskTopicsPrefixIsReadBackFromItsName() {
        assertThat(Topics.prefixOfTaskTopic("n6.train.tasks")).contains("n6");
        assertThat(Topics.prefixOfTaskTopic("a.b.selfplay.tasks")).contains("a.b");
        assertThat(Topics.prefixOfTaskTopic("sprt.eval.tasks")).contains("sprt");
        assertThat(Topics.prefixOfTaskTopic("joseki.games")).isEmpty();
        assertThat(Topics.prefixOfTaskTopic(".train.tasks")).isEmpty();
        assertThat(Topics.withPrefix("n6").prefix()).isEqualTo("n6");
        assertThat(Topics.DEFAULT.prefix()).isEqualTo("joseki");
    }
}
