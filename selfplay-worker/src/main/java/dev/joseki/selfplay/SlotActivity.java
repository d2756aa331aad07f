package dev.joseki.selfplay;

import com.google.protobuf.Timestamp;
import dev.joseki.records.proto.SlotTask;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a worker's slots are doing, for its heartbeat: the task each slot plays (its key, the run it
 * belongs to and since when) and the engines each keeps open. Written by the slots' threads, read
 * by the heartbeat's.
 */
final class SlotActivity {
    private final Map<Integer, SlotTask> tasks = new TreeMap<>();
    private final Map<Integer, List<String>> engines = new TreeMap<>();

    /** Slot {@code slot} took the task keyed {@code taskId}. */
    synchronized void started(int slot, String taskId) {
        Instant now = Instant.now();
        String id = taskId == null ? "" : taskId;
        tasks.put(
                slot,
                SlotTask.newBuilder()
                        .setSlot(slot)
                        .setTaskId(id)
                        .setRunId(runOf(id))
                        .setStartedAt(
                                Timestamp.newBuilder()
                                        .setSeconds(now.getEpochSecond())
                                        .setNanos(now.getNano()))
                        .build());
    }

    /** Slot {@code slot} ended its task and keeps {@code engineNames} open. */
    synchronized void finished(int slot, List<String> engineNames) {
        tasks.remove(slot);
        engines.put(slot, List.copyOf(engineNames));
    }

    synchronized List<SlotTask> tasks() {
        return new ArrayList<>(tasks.values());
    }

    /** Every engine name any slot keeps open, sorted, each once. */
    synchronized List<String> engines() {
        TreeSet<String> all = new TreeSet<>();
        engines.values().forEach(all::addAll);
        return new ArrayList<>(all);
    }

    /**
     * The run of a task key: a tournament's task is {@code <run>-g<game>} (TournamentGames); other
     * tasks name no run here.
     */
    static String runOf(String taskId) {
        int g = taskId.lastIndexOf("-g");
        return g > 0
                        && g + 2 < taskId.length()
                        && taskId.substring(g + 2).chars().allMatch(Character::isDigit)
                ? taskId.substring(0, g)
                : "";
    }
}
