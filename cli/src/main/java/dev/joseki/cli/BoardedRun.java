package dev.joseki.cli;

import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.records.proto.RunInfo;
import dev.joseki.selfplay.RunBoard;
import dev.joseki.selfplay.RunStop;
import java.time.Instant;
import java.util.function.Supplier;

/**
 * A run without a report of its own (selfplay, train data, evaluate) on the runs topic, for
 * ./joseki serve: its {@link RunInfo} written when it is enqueued and, when its command waits,
 * again when it ends; while it waits, ./joseki run stop (or the page's stop button) ends the wait.
 */
final class BoardedRun implements AutoCloseable {
    /** Why the wait ends after a stop (the end of the command's one-line message). */
    static final String STOPPED = "the run was stopped";

    private final KafkaSettings kafka;
    private final Topics topics;
    private final RunInfo started;
    private RunStop stop;

    private BoardedRun(KafkaSettings kafka, Topics topics, RunInfo started) {
        this.kafka = kafka;
        this.topics = topics;
        this.started = started;
    }

    /** Writes {@code started} (RunBoard.started) on the runs topic. */
    static BoardedRun announce(KafkaSettings kafka, Topics topics, RunInfo started) {
        RunBoard.publish(kafka, topics, started);
        return new BoardedRun(kafka, topics, started);
    }

    /**
     * What the wait asks after each poll: {@link #STOPPED} once the run was stopped, else what
     * {@code workers} says (null while games can still arrive).
     */
    Supplier<String> stalled(Supplier<String> workers) {
        if (stop == null) {
            Instant since =
                    Instant.ofEpochSecond(
                            started.getStartedAt().getSeconds(), started.getStartedAt().getNanos());
            stop = RunStop.watch(kafka, topics, started.getRunId(), since);
        }
        RunStop s = stop;
        return () -> s.requested() ? STOPPED : workers.get();
    }

    /** Writes the end record: what was done, and {@code error} unless the run was stopped. */
    void end(int games, long positions, Throwable error) {
        boolean stopped = stop != null && stop.requested();
        RunBoard.publish(
                kafka,
                topics,
                RunBoard.ended(started, games, positions, stopped ? null : error, Instant.now()));
    }

    @Override
    public void close() {
        if (stop != null) {
            stop.close();
        }
    }
}
