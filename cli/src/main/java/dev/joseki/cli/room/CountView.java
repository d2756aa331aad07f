package dev.joseki.cli.room;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.ParameterTrack;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.RunInfo;
import dev.joseki.records.proto.RunStatus;
import dev.joseki.selfplay.RunRate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A run without a report (self-play, training data, evaluation, tune, mining) as the broker holds
 * it: its latest {@link RunInfo} and the game records of its id (games topic, train games topic),
 * each game id once. Not thread-safe: {@link RoomView} serialises access.
 *
 * <ul>
 *   <li>done: while it runs, the games on the games topic; once ended, the games and positions its
 *       command counted (RunInfo.done_games, done_positions).
 *   <li>status: as the command last said, except that a running self-play whose planned games are
 *       all on the broker is finished (a run enqueued without {@code --wait} says nothing more).
 *   <li>per hour: {@link RunRate#perHour}, the formula of the command's own summary, over the time
 *       from the run's start to its last game; positions (counted by the command, not on the
 *       broker) from its start to its latest record.
 *   <li>a tune's parameter tracks and a mining run's busy share, as its command wrote them.
 * </ul>
 */
final class CountView {
    /** A game as the run page lists it (not the record: a run of 100,000 games stays small). */
    record Game(
            String gameId,
            String black,
            String white,
            String result,
            String termination,
            int plies,
            long finishedMs) {}

    private RunInfo info;
    private final Map<String, Game> games = new LinkedHashMap<>();
    private long lastFinishedMs;
    private ObjectNode row;
    private String detail;

    CountView(RunInfo info) {
        this.info = info;
    }

    /** Whether a run of this kind has no report of its own and is shown by a CountView. */
    static boolean counts(RunInfo info) {
        return !info.getKind().equals("tournament") && !info.getKind().equals("book-compare");
    }

    RunInfo info() {
        return info;
    }

    void update(RunInfo newer) {
        info = newer;
        row = null;
        detail = null;
    }

    /** Adds a game of this run; false when it has the game already. */
    boolean add(GameRecord rec) {
        if (games.containsKey(rec.getGameId())) {
            return false;
        }
        long ms =
                rec.getFinishedAt().getSeconds() * 1000
                        + rec.getFinishedAt().getNanos() / 1_000_000;
        games.put(
                rec.getGameId(),
                new Game(
                        rec.getGameId(),
                        rec.getBlack().getName(),
                        rec.getWhite().getName(),
                        lower(rec.getResult().name(), "GAME_RESULT_"),
                        lower(rec.getTermination().name(), "TERMINATION_"),
                        rec.getMovesCount(),
                        ms));
        lastFinishedMs = Math.max(lastFinishedMs, ms);
        row = null;
        detail = null;
        return true;
    }

    int gamesSeen() {
        return games.size();
    }

    /** The status the pages show. */
    String status() {
        if (info.getStatus() == RunStatus.RUN_STATUS_RUNNING
                && info.getPlannedPositions() == 0
                && info.getPlannedGames() > 0
                && games.size() >= info.getPlannedGames()) {
            return "finished";
        }
        return RunJson.status(info);
    }

    private boolean ended() {
        return info.getStatus() != RunStatus.RUN_STATUS_RUNNING;
    }

    /** Games done: the command's count once ended, the broker's while running. */
    int gamesDone() {
        return ended() ? info.getDoneGames() : games.size();
    }

    /** Games per hour from the start to the last game on the broker; NaN without a game. */
    double gamesPerHour() {
        long startMs = millis(info.getStartedAt());
        if (games.isEmpty() || startMs == 0) {
            return Double.NaN;
        }
        return RunRate.perHour(games.size(), (lastFinishedMs - startMs) / 1000.0);
    }

    /** Whether the run's product is positions: training data, evaluation, mining. */
    boolean makesPositions() {
        return info.getKind().equals("train-data")
                || info.getKind().equals("evaluate")
                || info.getKind().equals("mining");
    }

    /** Whether ./joseki run stop ends a run of this kind (a tune or mining: Ctrl-C). */
    boolean stoppable() {
        return !info.getKind().equals("tune") && !info.getKind().equals("mining");
    }

    /**
     * Positions per hour from the run's start to its latest record (the end, or mining's progress);
     * NaN before any was counted.
     */
    double positionsPerHour() {
        if (!makesPositions() || (!ended() && info.getDonePositions() == 0)) {
            return Double.NaN;
        }
        double secs = (millis(info.getUpdatedAt()) - millis(info.getStartedAt())) / 1000.0;
        return RunRate.perHour(info.getDonePositions(), secs);
    }

    /** The row of the runs page ({@link RunJson#row}'s keys), kept until the next change. */
    ObjectNode row() {
        if (row == null) {
            ObjectNode o = RunJson.MAPPER.createObjectNode();
            o.put("id", info.getRunId()).put("kind", info.getKind());
            ArrayNode players = o.putArray("players");
            for (Player p : info.getPlayersList()) {
                players.add(p.getName());
            }
            o.putArray("books");
            o.put("tc", info.getTimeControl())
                    .put("started", RunJson.iso(info.getStartedAt()))
                    .put("updated", RunJson.iso(info.getUpdatedAt()))
                    .put("host", info.getHost())
                    .put("status", status())
                    .put("stoppable", stoppable())
                    .put("detail", info.getDetail())
                    .put("done", gamesDone())
                    .put("planned", info.getPlannedGames());
            // positions are counted by the command, not on the broker: known from its records
            o.putNull("positions_done").putNull("positions_planned");
            if (makesPositions() && (ended() || info.getDonePositions() > 0)) {
                o.put("positions_done", info.getDonePositions());
            }
            if (info.getPlannedPositions() > 0) {
                o.put("positions_planned", info.getPlannedPositions());
            }
            RunJson.number(o, "games_per_hour", gamesPerHour());
            RunJson.number(o, "positions_per_hour", positionsPerHour());
            RunJson.number(
                    o,
                    "busy_share",
                    info.getKind().equals("mining") && ended() ? info.getBusyShare() : Double.NaN);
            // a tune: one game pair an iteration
            if (info.getKind().equals("tune")) {
                o.put("iterations_done", info.getIterationsDone())
                        .put("iterations_planned", info.getPlannedGames() / 2);
            }
            for (String k : List.of("elo", "error", "llr", "lower_bound", "upper_bound")) {
                o.putNull(k);
            }
            row = o;
        }
        return row;
    }

    /**
     * The run page's JSON: the row and the last games, newest first; kept until the next change.
     */
    String detail() {
        if (detail == null) {
            ObjectNode o = row().deepCopy();
            ArrayNode tracks = o.putArray("tracks");
            for (ParameterTrack t : info.getTracksList()) {
                ArrayNode values =
                        tracks.addObject()
                                .put("name", t.getName())
                                .put("step", Math.max(1, t.getStep()))
                                .putArray("values");
                t.getValuesList().forEach(values::add);
            }
            ArrayNode last = o.putArray("last_games");
            List<Game> all = new ArrayList<>(games.values());
            all.sort(
                    (a, b) ->
                            a.finishedMs() != b.finishedMs()
                                    ? Long.compare(b.finishedMs(), a.finishedMs())
                                    : b.gameId().compareTo(a.gameId()));
            for (Game g : all.subList(0, Math.min(RunJson.LAST_GAMES, all.size()))) {
                last.addObject()
                        .put("game_id", g.gameId())
                        .put("black", g.black())
                        .put("white", g.white())
                        .put("result", g.result())
                        .put("termination", g.termination())
                        .put("plies", g.plies());
            }
            detail = RunJson.write(o);
        }
        return detail;
    }

    private static String lower(String enumName, String prefix) {
        return enumName.replace(prefix, "").toLowerCase(Locale.ROOT);
    }

    private static long millis(com.google.protobuf.Timestamp t) {
        return t.getSeconds() * 1000 + t.getNanos() / 1_000_000;
    }
}
