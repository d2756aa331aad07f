package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.kafka.KafkaSettings;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(KafkaBrokerExtension.class)
class GroupFailoverTest {
    @Test
    void kafkasStockDefaultsAreSlowAndNamed() {
        // Kafka's defaults: 45 s session, 5 s heartbeat -> about 50 s before a survivor takes over
        String p = GroupFailover.problem("g", 45_000, 5_000);
        assertThat(p)
                .startsWith("group g: the broker's session time-out is 45000 ms")
                .contains("about 50 s")
                .contains("group.consumer.session.timeout.ms=6000")
                .contains("docs/deploy.md");
    }

    @Test
    void theProjectsSettingsAreFast() {
        assertThat(GroupFailover.problem("g", 6_000, 1_000)).isNull();
        assertThat(GroupFailover.problem("g", 10_000, 2_000)).isNull();
    }

    @Test
    void aShortSessionWithSlowHeartbeatsIsStillSlow() {
        // a joining worker and the survivors hear of their partitions only on a heartbeat
        assertThat(GroupFailover.problem("g", 6_000, 5_000)).contains("heartbeat interval 5000 ms");
    }

    @Test
    void theProjectsBrokerFailsOverFastByDefault(KafkaBroker broker) throws Exception {
        // the group need not exist: the broker answers with its defaults
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        assertThat(GroupFailover.problem(kafka, "failover-default-group")).isNull();
    }

    @Test
    void aGroupGivenKafkasStockSessionTimeOutIsWarnedAbout(KafkaBroker broker) throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        ConfigResource group = new ConfigResource(ConfigResource.Type.GROUP, "failover-slow-group");
        try (Admin admin = Admin.create(kafka.admin())) {
            admin.incrementalAlterConfigs(
                            Map.of(
                                    group,
                                    List.of(
                                            new AlterConfigOp(
                                                    new ConfigEntry(GroupFailover.SESSION, "45000"),
                                                    AlterConfigOp.OpType.SET))))
                    .all()
                    .get(30, TimeUnit.SECONDS);
        }
        assertThat(GroupFailover.problem(kafka, "failover-slow-group"))
                .startsWith("group failover-slow-group: the broker's session time-out is 45000 ms")
                .contains("heartbeat interval 1000 ms");
    }
}
