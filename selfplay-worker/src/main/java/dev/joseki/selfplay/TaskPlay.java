package dev.joseki.selfplay;

import dev.joseki.play.CoreCapacity;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.Player;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.SelfPlayTask;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A validated self-play task's games as a slot plays them, with the slot's engines: a plain task's
 * games in order (the second game of a colour-swapped pair with the seats swapped), a batch's tasks
 * one after the other, each exactly as if it had come alone (same game ids, same seeds). The slot
 * publishes whatever this returns in one transaction, so a batch is committed, or replayed, whole.
 */
final class TaskPlay {
    private static final Logger LOG = LoggerFactory.getLogger(TaskPlay.class);
    private static final AtomicBoolean WARNED_SHARED_CORES = new AtomicBoolean();

    private final TaskGames runner;
    private final EnginePool engines;
    private final String workerId;
    private final int concurrency;

    TaskPlay(TaskGames runner, EnginePool engines, String workerId, int concurrency) {
        this.runner = runner;
        this.engines = engines;
        this.workerId = workerId;
        this.concurrency = concurrency;
    }

    /**
     * Every game of the task, a batch's in order; null when {@code stop} turned true first.
     * RuntimeException when an engine or the referee failed (the slot parks the task).
     */
    List<GameRecord> play(SelfPlayTask task, BooleanSupplier stop) {
        List<GameRecord> out = new ArrayList<>(TaskValidator.gameCount(task));
        for (SelfPlayTask part : TaskBatches.parts(task)) {
            if (!playPart(part, stop, out)) {
                return null;
            }
        }
        return out;
    }

    /** Appends one plain task's games to {@code out}; false when stopped. */
    private boolean playPart(SelfPlayTask task, BooleanSupplier stop, List<GameRecord> out) {
        EngineSpec specA = TaskPlayers.spec(task, task.getBlack()),
                specB = TaskPlayers.spec(task, task.getWhite());
        warnIfCoresShared(specA, specB);
        Player a = null, b = null;
        try {
            a = engines.take(specA);
            b = engines.take(specB);
            engines.closeIdle();
            int n = TaskValidator.gameCount(task);
            for (int i = 0; i < n; i++) {
                // The second game of a colour-swapped pair swaps the seats.
                boolean swap =
                        task.getCountCase() == SelfPlayTask.CountCase.COLOR_SWAPPED_PAIR && i == 1;
                TaskGames.Seat black =
                        swap
                                ? new TaskGames.Seat(b, task.getWhite())
                                : new TaskGames.Seat(a, task.getBlack());
                TaskGames.Seat white =
                        swap
                                ? new TaskGames.Seat(a, task.getBlack())
                                : new TaskGames.Seat(b, task.getWhite());
                GameRecord g = runner.play(task, i, black, white, stop);
                if (g == null) {
                    return false;
                }
                out.add(g);
            }
            // Every game of the task was played: both engines are kept for the next task (one that
            // crashed or was killed for time is kept too: its next newGame starts its process
            // again).
            engines.keep(specA, a);
            engines.keep(specB, b);
            a = b = null;
            return true;
        } finally {
            closeQuietly(a);
            closeQuietly(b);
        }
    }

    /**
     * The capacity rule (docs/time-controls.md) as a worker sees it: its slots may all play clocked
     * games of these engines at once. Warned once per process, not refused: the task is played like
     * any other.
     */
    private void warnIfCoresShared(EngineSpec a, EngineSpec b) {
        String problem =
                CoreCapacity.problem(
                        List.of(a, b), concurrency, Runtime.getRuntime().availableProcessors());
        if (problem != null && WARNED_SHARED_CORES.compareAndSet(false, true)) {
            LOG.warn(
                    "worker {}: {} (start the worker with a smaller --concurrency)",
                    workerId,
                    problem.substring(0, problem.indexOf("; play fewer")));
        }
    }

    /** Ends an engine that is not kept (Player.close never throws). */
    private static void closeQuietly(Player p) {
        if (p != null) {
            p.close();
        }
    }
}
