package dev.joseki.selfplay;

import com.google.protobuf.Timestamp;
import dev.joseki.records.proto.SelfPlayTask;
import java.util.ArrayList;
import java.util.List;

/**
 * Several games per task ({@code --games-per-task N}): consecutive tasks, each exactly as it would
 * be sent alone, travel together in one batch task ({@code SelfPlayTask.batch}), which a worker
 * plays in order and commits in one transaction with its offset. The broker's cost is per task (a
 * fetch, a transaction, an offset commit), so N games per task divide it by about N; a worker
 * killed mid-batch costs up to N games of work, all replayed under the same ids.
 *
 * <p>Ids and seeds do not change: a game's id is its own task's ({@code <task>/<i>}) and every
 * random choice comes from its own task's seed, so the same run batched or not plays the same
 * games. A colour-swapped pair is one task and is never split, so the pairs of the pentanomial
 * statistics stay in one batch; with pairs, N must be even, so that every batch is whole pairs.
 */
public final class TaskBatches {
    private TaskBatches() {}

    /**
     * Null when {@code gamesPerTask} can be used, else the one-line reason naming {@code
     * --games-per-task}; {@code pairs}: the games come in colour-swapped pairs.
     */
    public static String problem(int gamesPerTask, boolean pairs) {
        if (gamesPerTask < 1 || gamesPerTask > TaskValidator.MAX_GAMES_PER_TASK) {
            return "--games-per-task must be 1.."
                    + TaskValidator.MAX_GAMES_PER_TASK
                    + ", got "
                    + gamesPerTask;
        }
        if (pairs && gamesPerTask > 1 && gamesPerTask % 2 != 0) {
            return "--games-per-task "
                    + gamesPerTask
                    + ": the games are colour-swapped pairs, which stay in one task; give an"
                    + " even number (or 1)";
        }
        return null;
    }

    /**
     * {@code tasks} in order, consecutive ones grouped while their games fit in {@code
     * gamesPerTask}: batch k has the id {@code idPrefix + k}. A group of one task is that task
     * itself (the plain form every worker reads), so {@code gamesPerTask} 1 returns {@code tasks}
     * unchanged.
     */
    static List<SelfPlayTask> of(
            List<SelfPlayTask> tasks,
            int gamesPerTask,
            String idPrefix,
            String tournamentId,
            Timestamp createdAt) {
        List<SelfPlayTask> out = new ArrayList<>();
        List<SelfPlayTask> group = new ArrayList<>();
        int games = 0;
        for (SelfPlayTask t : tasks) {
            int n = TaskValidator.gameCount(t);
            if (!group.isEmpty() && games + n > gamesPerTask) {
                out.add(batch(idPrefix + out.size(), tournamentId, group, createdAt));
                group.clear();
                games = 0;
            }
            group.add(t);
            games += n;
        }
        if (!group.isEmpty()) {
            out.add(batch(idPrefix + out.size(), tournamentId, group, createdAt));
        }
        return out;
    }

    /** One task carrying {@code parts} (plain tasks), or the single part itself. */
    static SelfPlayTask batch(
            String taskId, String tournamentId, List<SelfPlayTask> parts, Timestamp createdAt) {
        if (parts.size() == 1) {
            return parts.get(0);
        }
        SelfPlayTask.Builder b =
                SelfPlayTask.newBuilder()
                        .setTaskId(taskId)
                        .setTournamentId(tournamentId)
                        .addAllBatch(parts);
        if (createdAt != null) {
            b.setCreatedAt(createdAt);
        }
        return b.build();
    }

    /** The plain tasks a task stands for: its batch, or itself. */
    static List<SelfPlayTask> parts(SelfPlayTask task) {
        return task.getBatchCount() == 0 ? List.of(task) : task.getBatchList();
    }
}
