package dev.joseki.broker;

import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * One real KRaft broker (child JVM) per test run, shared by every test class that uses this
 * extension and stopped when the run ends. Tests take it as a {@link KafkaBroker} parameter and use
 * their own topic names. Group and transaction time-outs are shortened so that a killed worker's
 * partitions move within seconds (the broker's minimums are lowered to allow it).
 */
public final class KafkaBrokerExtension implements ParameterResolver {
    static final Map<String, String> FAST_FAILOVER =
            Map.of(
                    "group.consumer.min.session.timeout.ms", "3000",
                    "group.consumer.session.timeout.ms", "6000",
                    "group.consumer.min.heartbeat.interval.ms", "500",
                    "group.consumer.heartbeat.interval.ms", "1000",
                    "transaction.abort.timed.out.transaction.cleanup.interval.ms", "2000",
                    "transaction.max.timeout.ms", "900000");

    /** The broker settings of the shared test broker, for tests that run a broker of their own. */
    public static Map<String, String> fastFailover() {
        return FAST_FAILOVER;
    }

    private static final class Shared
            implements AutoCloseable { // JUnit 5.13 closes AutoCloseable store values
        final KafkaBroker broker = KafkaBroker.temporary(FAST_FAILOVER);

        Shared() {
            broker.start();
        }

        @Override
        public void close() {
            broker.close();
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext p, ExtensionContext e) {
        return p.getParameter().getType() == KafkaBroker.class;
    }

    @Override
    public Object resolveParameter(ParameterContext p, ExtensionContext e) {
        return broker(e);
    }

    public static KafkaBroker broker(ExtensionContext e) {
        Shared s =
                e.getRoot()
                        .getStore(ExtensionContext.Namespace.GLOBAL)
                        .getOrComputeIfAbsent(Shared.class, k -> new Shared(), Shared.class);
        return s.broker;
    }
}
