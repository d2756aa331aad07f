package dev.joseki.broker;

import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * One real KRaft broker (child JVM) per test run, shared by every test class that uses this
 * extension and stopped when the run ends. Tests take it as a {@link KafkaBroker} parameter and use
 * their own topic names, and must not stop it (a test that restarts a broker runs one of its own,
 * {@link KafkaBroker#temporary}); should one stop it anyway, the next test is given it started
 * again. Its group and transaction time-outs are {@link KafkaBroker#FAST_FAILOVER}, every broker's
 * defaults, so that a killed worker's partitions move within seconds.
 */
public final class KafkaBrokerExtension implements ParameterResolver {
    static final Map<String, String> FAST_FAILOVER = KafkaBroker.FAST_FAILOVER;

    /** The broker settings of the shared test broker, for tests that run a broker of their own. */
    public static Map<String, String> fastFailover() {
        return FAST_FAILOVER;
    }

    private static final class Shared
            implements AutoCloseable { // JUnit 5.13 closes AutoCloseable store values
        // no extra settings: the test broker is the project's broker as users get it
        final KafkaBroker broker = KafkaBroker.temporary(Map.of());

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
        // A no-op while it runs; a test that stopped it must not take it from every test after it.
        s.broker.start();
        return s.broker;
    }
}
