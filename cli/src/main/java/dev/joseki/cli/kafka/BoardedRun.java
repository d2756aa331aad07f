package dev.joseki.cli.kafka;

import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.records.proto.RunInfo;
import dev.joseki.selfplay.RunBoard;
import dev.joseki.selfplay.RunStop;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;

/**
 * A run without a report of its own (selfplay, train data, evaluate, tune, mining) on the runs
 * topic, for ./joseki serve: its {@link RunInfo} written when it is enqueued, now and then while it
 * goes (tune, mining) and, when its command waits, when it ends; while it waits, ./joseki run stop
 * (or the page's stop button) ends the wait.
 */
public final class BoardedRun implements AutoCloseable {
    /** Why the wait ends after a stop (the end of the command's one-line message). */
    public static final String STOPPED = "the run was stopped";

    /** The shortest time between two records of a running run ({@link #update}). */
    static final Duration UPDATES = Duration.ofSeconds(5);

    private final KafkaSettings kafka;
    private final Topics topics;
    private final RunInfo started;
    private RunStop stop;
    private long lastUpdate = System.nanoTime();

    private BoardedRun(KafkaSettings kafka, Topics topics, RunInfo started) {
        this.kafka = kafka;
        this.topics = topics;
        this.started = started;
    }

    /** Writes {@code started} (RunBoard.started) on the runs topic. */
    public static BoardedRun announce(KafkaSettings kafka, Topics topics, RunInfo started) {
        RunBoard.publish(kafka, topics, started);
        return new BoardedRun(kafka, topics, started);
    }

    /**
     * What the wait asks after each poll: {@link #STOPPED} once the run was stopped, else what
     * {@code workers} says (null while games can still arrive).
     */
    public Supplier<String> stalled(Supplier<String> workers) {
        if (stop == null) {
            Instant since =
                    Instant.ofEpochSecond(
                            started.getStartedAt().getSeconds(), started.getStartedAt().getNanos());
            stop = RunStop.watch(kafka, topics, started.getRunId(), since);
        }
        RunStop s = stop;
        return () -> s.requested() ? STOPPED : workers.get();
    }

    /** The broker the records are written to. */
    KafkaSettings kafka() {
        return kafka;
    }

    Topics topics() {
        return topics;
    }

    /** The record written at the start. */
    public RunInfo started() {
        return started;
    }

    /**
     * Writes {@code current}, the run's record as it stands, unless one was written less than
     * {@link #UPDATES} ago (a tune updates after every game pair).
     */
    public void update(RunInfo current) {
        long now = System.nanoTime();
        if (now - lastUpdate < UPDATES.toNanos()) {
            return;
        }
        lastUpdate = now;
        RunBoard.publish(
                kafka,
                topics,
                current.toBuilder().setUpdatedAt(RunBoard.timestamp(Instant.now())).build());
    }

    /** {@link #update} with the games and positions done so far. */
    public void progress(int games, long positions) {
        update(started.toBuilder().setDoneGames(games).setDonePositions(positions).build());
    }

    /** Writes {@code last} as ended in its own way ({@link RunBoard#finished}). */
    public void finished(RunInfo last, String why) {
        RunBoard.publish(kafka, topics, RunBoard.finished(last, why, Instant.now()));
    }

    /** Writes the end record: what was done, and {@code error} unless the run was stopped. */
    public void end(int games, long positions, Throwable error) {
        end(started, games, positions, error);
    }

    /** As {@link #end(int, long, Throwable)} from {@code last}, the run's latest record. */
    public void end(RunInfo last, int games, long positions, Throwable error) {
        boolean stopped = stop != null && stop.requested();
        RunBoard.publish(
                kafka,
                topics,
                RunBoard.ended(last, games, positions, stopped ? null : error, Instant.now()));
    }

    @Override
    public void close() {
        if (stop != null) {
            stop.close();
        }
    }
}
