package dev.joseki.selfplay;

import dev.joseki.kafka.KafkaSettings;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How fast the broker moves a dead worker's task partitions, as the workers' group sees it. Under
 * the consumer group protocol (KIP-848) the session time-out and the heartbeat interval are the
 * broker's ({@code group.consumer.session.timeout.ms}, {@code
 * group.consumer.heartbeat.interval.ms}, or a group's own {@code consumer.*} override), not the
 * client's. A worker connecting to a broker left at Kafka's defaults (45 s, 5 s) works as before,
 * only slower to fail over: it says so once per process, naming the settings (docs/deploy.md).
 */
final class GroupFailover {
    private static final Logger LOG = LoggerFactory.getLogger(GroupFailover.class);
    private static final AtomicBoolean WARNED = new AtomicBoolean();

    /** Above this, a SIGKILLed worker's tasks wait longer than the project's 10 s goal. */
    static final long SLOW_SESSION_MS = 10_000;

    /** Above this, survivors and a joining worker learn of their new partitions too late. */
    static final long SLOW_HEARTBEAT_MS = 2_000;

    static final String SESSION = "consumer.session.timeout.ms";
    static final String HEARTBEAT = "consumer.heartbeat.interval.ms";

    private GroupFailover() {}

    /**
     * The warning for a group with these effective settings, or null when both are within the
     * bounds above.
     */
    static String problem(String group, long sessionMs, long heartbeatMs) {
        if (sessionMs <= SLOW_SESSION_MS && heartbeatMs <= SLOW_HEARTBEAT_MS) {
            return null;
        }
        return "group "
                + group
                + ": the broker's session time-out is "
                + sessionMs
                + " ms and its heartbeat interval "
                + heartbeatMs
                + " ms, so a killed worker's tasks wait about "
                + (sessionMs + heartbeatMs) / 1000
                + " s for another worker; set group.consumer.session.timeout.ms=6000,"
                + " group.consumer.min.session.timeout.ms=3000,"
                + " group.consumer.heartbeat.interval.ms=1000 and"
                + " group.consumer.min.heartbeat.interval.ms=500 on the broker (docs/deploy.md)";
    }

    /**
     * Warns once per process if the group fails over slowly. A broker that will not say (no
     * DESCRIBE_CONFIGS right on the group, broker away) is not an error: the worker runs either
     * way.
     */
    static void warnIfSlow(KafkaSettings kafka, String group) {
        if (WARNED.get()) {
            return;
        }
        try {
            String problem = problem(kafka, group);
            if (problem != null && WARNED.compareAndSet(false, true)) {
                LOG.warn("{}", problem);
            }
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            LOG.debug("group {}: cannot read its session time-out: {}", group, e.toString());
        }
    }

    /**
     * The warning for the group's effective settings on the broker (its own overrides, else the
     * broker's defaults), or null when failover is fast or the broker names neither setting.
     */
    static String problem(KafkaSettings kafka, String group) throws Exception {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.GROUP, group);
        try (Admin admin = Admin.create(kafka.admin())) {
            Config config =
                    admin.describeConfigs(List.of(resource))
                            .all()
                            .get(10, TimeUnit.SECONDS)
                            .get(resource);
            long session = millis(config, SESSION);
            long heartbeat = millis(config, HEARTBEAT);
            return session < 0 || heartbeat < 0 ? null : problem(group, session, heartbeat);
        }
    }

    private static long millis(Config config, String name) {
        ConfigEntry e = config == null ? null : config.get(name);
        if (e == null || e.value() == null) {
            return -1;
        }
        try {
            return Long.parseLong(e.value());
        } catch (NumberFormatException x) {
            return -1;
        }
    }
}
