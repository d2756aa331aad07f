package dev.joseki.selfplay;

import dev.joseki.broker.KafkaBroker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The restart tests' strikes: the broker goes away three times while a worker commits (SIGTERM,
 * SIGKILL, SIGTERM) and comes back on the same ports with the same data.
 */
final class BrokerStrikes {
    private BrokerStrikes() {}

    /**
     * Strikes thrice, each once commits flow again: four more records published since the last
     * restart (two self-play tasks, or four eval tasks). Returns what each strike was and when, for
     * the assertions' messages.
     */
    static List<String> strikeThrice(KafkaBroker broker, LongSupplier published, String records)
            throws Exception {
        List<String> strikes = new ArrayList<>();
        for (boolean kill : new boolean[] {false, true, false}) {
            long target = published.getAsLong() + 4;
            long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            while (published.getAsLong() < target && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            strikes.add(
                    (kill ? "SIGKILL" : "SIGTERM")
                            + " after "
                            + published.getAsLong()
                            + " "
                            + records);
            if (kill) {
                broker.crash();
            } else {
                broker.stop();
            }
            broker.start();
        }
        return strikes;
    }
}
