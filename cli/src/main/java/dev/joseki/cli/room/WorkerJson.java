package dev.joseki.cli.room;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.Timestamp;
import dev.joseki.records.proto.SlotTask;
import dev.joseki.records.proto.WorkerHeartbeat;
import java.time.Instant;

/**
 * A worker's latest heartbeat as the workers page shows it. A worker is lost once its heartbeat is
 * older than {@link #LOST_INTERVALS} of its own intervals: a killed worker sends nothing more, so
 * it turns lost within that window; a stopped one deletes its record and leaves the page.
 *
 * <pre>
 *  {"worker_id","host","pid","slots","engines":[..],"tasks":[{"slot","task_id","run_id","age_s"}..],
 *   "games_done","positions_done","last_heartbeat","age_s","lost","version"}
 * </pre>
 */
final class WorkerJson {
    /** Missed heartbeats before a worker is lost: one late send is not a death. */
    static final int LOST_INTERVALS = 3;

    private WorkerJson() {}

    static ObjectNode of(WorkerHeartbeat b, Instant now) {
        ObjectNode o =
                RunJson.MAPPER
                        .createObjectNode()
                        .put("worker_id", b.getWorkerId())
                        .put("host", b.getHost())
                        .put("pid", b.getPid())
                        .put("slots", b.getSlots());
        ArrayNode engines = o.putArray("engines");
        b.getEnginesList().forEach(engines::add);
        ArrayNode tasks = o.putArray("tasks");
        for (SlotTask t : b.getTasksList()) {
            tasks.addObject()
                    .put("slot", t.getSlot())
                    .put("task_id", t.getTaskId())
                    .put("run_id", t.getRunId())
                    .put("age_s", seconds(t.getStartedAt(), now));
        }
        double age = seconds(b.getSentAt(), now);
        return o.put("games_done", b.getGamesDone())
                .put("positions_done", b.getPositionsDone())
                .put("last_heartbeat", RunJson.iso(b.getSentAt()))
                .put("age_s", age)
                .put("lost", lost(b, now))
                .put("version", b.getSoftwareVersion());
    }

    static boolean lost(WorkerHeartbeat b, Instant now) {
        return seconds(b.getSentAt(), now) * 1000 > (double) LOST_INTERVALS * b.getIntervalMs();
    }

    /** Seconds from {@code t} to {@code now}, to a tenth. */
    static double seconds(Timestamp t, Instant now) {
        long ms = now.toEpochMilli() - (t.getSeconds() * 1000 + t.getNanos() / 1_000_000);
        return Math.round(ms / 100.0) / 10.0;
    }
}
