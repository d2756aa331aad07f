package dev.joseki.cli.room;

import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.RunInfo;
import dev.joseki.records.proto.WorkerHeartbeat;
import dev.joseki.tournament.GameOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything ./joseki serve shows, built in memory from the broker's records ({@link RoomFeed}
 * applies them; the HTTP threads read): the named runs with their games, the workers' latest
 * heartbeats, and whether the broker answers. No database: a restarted server reads the topics
 * again from their beginning and gets the same view. Game records of runs it does not know (yet)
 * are not kept; {@link #add(GameRecord)} says so, and the feed reads the games again once a new run
 * appears.
 */
final class RoomView {
    private final Map<String, RunView> runs = new TreeMap<>();

    /** Runs without a report of their own (self-play, training data, evaluation). */
    private final Map<String, CountView> counts = new TreeMap<>();

    private final Map<String, WorkerHeartbeat> workers = new TreeMap<>();
    private String brokerProblem = "connecting to the broker";
    private long changes;

    /** Applies a run's record; true when the run is new to this view. */
    synchronized boolean apply(RunInfo info) {
        changes++;
        if (CountView.counts(info)) {
            CountView c = counts.get(info.getRunId());
            if (c == null) {
                counts.put(info.getRunId(), new CountView(info));
                return true;
            }
            c.update(info);
            return false;
        }
        RunView v = runs.get(info.getRunId());
        if (v == null) {
            runs.put(info.getRunId(), new RunView(info));
            return true;
        }
        v.update(info);
        return false;
    }

    /** Whether a run of this id is known. */
    synchronized boolean knows(String runId) {
        return runs.containsKey(runId) || counts.containsKey(runId);
    }

    /** Adds a game to the run it belongs to; false when no known run has it (or has it already). */
    synchronized boolean add(GameRecord rec) {
        CountView c = counts.get(rec.getTournamentId());
        RunView v = runs.get(rec.getTournamentId());
        if (c == null && v == null) {
            return false;
        }
        boolean added = c != null ? c.add(rec) : v.add(rec);
        if (added) {
            changes++;
        }
        return added;
    }

    /** A worker's heartbeat, or its removal (null) when the compacted topic deletes it. */
    synchronized void apply(String workerId, WorkerHeartbeat beat) {
        changes++;
        if (beat == null) {
            workers.remove(workerId);
        } else {
            workers.put(workerId, beat);
        }
    }

    /** Null while the broker answers; else why it does not. */
    synchronized void brokerProblem(String problem) {
        if (!java.util.Objects.equals(problem, brokerProblem)) {
            changes++;
        }
        brokerProblem = problem;
    }

    synchronized String brokerProblem() {
        return brokerProblem;
    }

    /** Grows with every change: the pages' live updates compare it. */
    synchronized long changes() {
        return changes;
    }

    /** Every run's row ({@link RunJson#row}), not to be modified. */
    synchronized List<com.fasterxml.jackson.databind.node.ObjectNode> rows() {
        List<com.fasterxml.jackson.databind.node.ObjectNode> out = new ArrayList<>();
        for (RunView v : runs.values()) {
            out.add(v.row());
        }
        for (CountView c : counts.values()) {
            out.add(c.row());
        }
        return out;
    }

    /** The run's detail as JSON text ({@link RunJson#detail}), or null for an unknown id. */
    synchronized String detail(String id) {
        CountView c = counts.get(id);
        if (c != null) {
            return c.detail();
        }
        RunView v = runs.get(id);
        return v == null ? null : v.detail();
    }

    /** The run's latest record, of any kind, or null when no run has this id. */
    synchronized RunInfo info(String id) {
        CountView c = counts.get(id);
        if (c != null) {
            return c.info();
        }
        RunView v = runs.get(id);
        return v == null ? null : v.info();
    }

    /** Whether ./joseki run stop ends run {@code id} (not a tune nor mining). */
    synchronized boolean stoppable(String id) {
        CountView c = counts.get(id);
        return c == null || c.stoppable();
    }

    /** The status the pages show of run {@code id} ({@link RunJson#status}), or null. */
    synchronized String status(String id) {
        CountView c = counts.get(id);
        if (c != null) {
            return c.status();
        }
        RunView v = runs.get(id);
        return v == null ? null : RunJson.status(v.info());
    }

    /** The report-kind run's snapshot, or null when no tournament or book compare has this id. */
    synchronized RunView.Snapshot run(String id) {
        RunView v = runs.get(id);
        return v == null ? null : v.snapshot();
    }

    /** Game number {@code n} of run {@code id}, or null. */
    synchronized GameOutcome game(String id, int n) {
        RunView v = runs.get(id);
        return v == null ? null : v.game(n);
    }

    synchronized List<WorkerHeartbeat> workers() {
        return List.copyOf(workers.values());
    }
}
