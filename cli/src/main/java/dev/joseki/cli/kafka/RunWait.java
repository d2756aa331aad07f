package dev.joseki.cli.kafka;

import dev.joseki.cli.command.Progress;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
import org.apache.kafka.common.TopicPartition;

/**
 * A command's wait for the records of its run ({@code selfplay}, {@code evaluate} and {@code train
 * data} with --wait): the progress line follows the count, ./joseki run stop and the loss of the
 * workers end the wait ({@link BoardedRun#stalled}), and the run's end record says what arrived, or
 * why not.
 */
public final class RunWait {
    private RunWait() {}

    /** How a run waits for its records: EvalRun::await, TrainRun::await, SelfPlayRun::await. */
    @FunctionalInterface
    public interface Wait<T> {
        /**
         * Reads the run's records after {@code from} until all arrived or {@code timeout} passed,
         * telling {@code recorded} the count so far and asking {@code stalled} after each poll.
         */
        T await(
                KafkaSettings kafka,
                Topics topics,
                Map<TopicPartition, Long> from,
                IntConsumer recorded,
                Duration timeout,
                Supplier<String> stalled);
    }

    /** What the end record counts as done: games and positions. */
    public record Done(int games, long positions) {}

    /** The end record's counts from the count of records and the records (null after a failure). */
    @FunctionalInterface
    public interface Counts<T> {
        Done of(int recorded, T got);
    }

    /**
     * Waits by {@code wait} on the broker of {@code board} for the records after {@code from}, at
     * most {@code timeout}, with {@code bar} following the count and {@code workers} asked whether
     * records can still arrive; whatever happens, then closes {@code board}, finishes {@code bar}
     * (before a failure's message, on a line of its own) and writes the end record with the
     * failure, if any, and {@code counts}.
     */
    public static <T> T await(
            BoardedRun board,
            Wait<T> wait,
            Map<TopicPartition, Long> from,
            Duration timeout,
            Progress bar,
            Supplier<String> workers,
            Counts<T> counts) {
        AtomicInteger recorded = new AtomicInteger();
        T got = null;
        RuntimeException failure = null;
        try {
            got =
                    wait.await(
                            board.kafka(),
                            board.topics(),
                            from,
                            n -> {
                                recorded.set(n);
                                bar.update(n);
                            },
                            timeout,
                            board.stalled(workers));
            return got;
        } catch (RuntimeException e) {
            failure = e;
            throw e;
        } finally {
            board.close();
            bar.finish();
            Done done = counts.of(recorded.get(), got);
            board.end(done.games(), done.positions(), failure);
        }
    }
}
