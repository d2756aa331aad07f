package dev.joseki.cli.kafka;

import dev.joseki.cli.command.Progress;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * A command's wait for the records of its run ({@code evaluate --wait}, {@code train data --wait}):
 * the progress line follows the count, ./joseki run stop and the loss of the workers end the wait
 * ({@link BoardedRun#stalled}), and the run's end record says what arrived, or why not.
 */
public final class RunWait {
    private RunWait() {}

    /** How a run waits for its records (EvalRun.await, TrainRun.await). */
    @FunctionalInterface
    public interface Wait<T> {
        /** Waits, telling {@code recorded} the count so far, asking {@code stalled} after polls. */
        T await(IntConsumer recorded, Supplier<String> stalled);
    }

    /** What the end record counts as done: games and positions. */
    public record Done(int games, long positions) {}

    /** The end record's counts from the count of records and the records (null after a failure). */
    @FunctionalInterface
    public interface Counts<T> {
        Done of(int recorded, T got);
    }

    /**
     * Waits by {@code wait}, with {@code bar} following the count and {@code workers} asked whether
     * records can still arrive; whatever happens, then closes {@code board}, finishes {@code bar}
     * (before a failure's message, on a line of its own) and writes the end record with the
     * failure, if any, and {@code counts}.
     */
    public static <T> T await(
            BoardedRun board,
            Progress bar,
            Supplier<String> workers,
            Wait<T> wait,
            Counts<T> counts) {
        AtomicInteger recorded = new AtomicInteger();
        T got = null;
        RuntimeException failure = null;
        try {
            got =
                    wait.await(
                            n -> {
                                recorded.set(n);
                                bar.update(n);
                            },
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
