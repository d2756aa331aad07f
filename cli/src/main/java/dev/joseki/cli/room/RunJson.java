package dev.joseki.cli.room;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.Timestamp;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.RunInfo;
import dev.joseki.tournament.GameOutcome;
import dev.joseki.tournament.TournamentResults;
import dev.joseki.tournament.report.ResultsJson;
import dev.joseki.tournament.report.TimeUse;
import dev.joseki.tournament.stats.EloEstimate;
import dev.joseki.tournament.stats.SprtStatus;
import java.time.Instant;
import java.util.List;

/**
 * A run as JSON for the pages. Every figure comes from the tournament's own code: {@code report} is
 * exactly the results.json the run writes ({@link ResultsJson}) of the games it counts, the row's
 * Elo and LLR are that report's, and the series is {@link RunSeries}.
 *
 * <pre>
 *  row:    {"id","kind","players":[..],"books":[..],"tc","started","updated","host","status","stoppable",
 *           "detail","done","planned","elo","error","llr","lower_bound","upper_bound",
 *           "positions_done","positions_planned","games_per_hour","positions_per_hour"}
 *  detail: row + {"report": results.json, "series": [{"pairs","llr","elo","error"}..],
 *           "time_use": the report's Markdown table, "last_games": [{"number","black","white",
 *           "result","termination","plies"}..] (newest first)}
 * </pre>
 *
 * Numbers that do not exist (no interval yet, no SPRT) are null.
 */
final class RunJson {
    static final ObjectMapper MAPPER = new ObjectMapper();

    /** Games listed on the run page, newest first. */
    static final int LAST_GAMES = 20;

    private RunJson() {}

    /** The status as the pages name it. */
    static String status(RunInfo info) {
        return switch (info.getStatus()) {
            case RUN_STATUS_RUNNING -> "running";
            case RUN_STATUS_DECIDED_H0 -> "decided H0";
            case RUN_STATUS_DECIDED_H1 -> "decided H1";
            case RUN_STATUS_FINISHED -> "finished";
            case RUN_STATUS_STOPPED -> "stopped";
            case RUN_STATUS_FAILED -> "failed";
            default -> "unknown";
        };
    }

    static ObjectNode row(RunView.Snapshot s) {
        RunInfo info = s.info();
        TournamentResults r = s.results();
        ObjectNode o = MAPPER.createObjectNode();
        o.put("id", info.getRunId()).put("kind", info.getKind());
        ArrayNode players = o.putArray("players");
        for (Player p : info.getPlayersList()) {
            players.add(p.getName());
        }
        ArrayNode books = o.putArray("books");
        info.getBooksList().forEach(books::add);
        o.put("tc", info.getTimeControl())
                .put("started", iso(info.getStartedAt()))
                .put("updated", iso(info.getUpdatedAt()))
                .put("host", info.getHost())
                .put("status", status(info))
                .put("stoppable", true)
                .put("detail", info.getDetail())
                .put("done", r.games().size())
                .put("planned", info.getPlannedGames());
        EloEstimate e = r.elo();
        number(o, "elo", r.games().isEmpty() ? Double.NaN : e.elo());
        number(o, "error", e.hasInterval() ? e.error() : Double.NaN);
        SprtStatus sprt = r.sprt();
        number(o, "llr", sprt == null ? Double.NaN : sprt.llr());
        number(o, "lower_bound", sprt == null ? Double.NaN : sprt.lowerBound());
        number(o, "upper_bound", sprt == null ? Double.NaN : sprt.upperBound());
        // the figures of runs without a report (CountView): none here
        o.putNull("positions_done").putNull("positions_planned");
        o.putNull("games_per_hour").putNull("positions_per_hour");
        return o;
    }

    static ObjectNode detail(RunView.Snapshot s) {
        ObjectNode o = row(s);
        try {
            o.set("report", MAPPER.readTree(ResultsJson.write(s.results())));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("results.json did not parse back", e);
        }
        ArrayNode series = o.putArray("series");
        for (RunSeries.Point p : s.series()) {
            ObjectNode point = series.addObject().put("pairs", p.pairs());
            number(point, "llr", p.llr());
            number(point, "elo", p.elo());
            number(point, "error", p.error());
        }
        o.put("time_use", TimeUse.markdown(s.results(), null).strip());
        ArrayNode last = o.putArray("last_games");
        List<RunView.Finished> games = s.byFinish();
        for (int i = games.size() - 1; i >= Math.max(0, games.size() - LAST_GAMES); i--) {
            GameOutcome g = games.get(i).outcome();
            last.addObject()
                    .put("number", g.task().id())
                    .put("black", g.task().blackSpec().name())
                    .put("white", g.task().whiteSpec().name())
                    .put("result", g.result().id())
                    .put("termination", g.termination().id())
                    .put("plies", g.plies());
        }
        return o;
    }

    static String write(Object tree) {
        try {
            return MAPPER.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise", e); // plain nodes always do
        }
    }

    static void number(ObjectNode o, String key, double v) {
        if (Double.isFinite(v)) {
            o.put(key, v);
        } else {
            o.putNull(key);
        }
    }

    static String iso(Timestamp t) {
        return t.getSeconds() == 0 && t.getNanos() == 0
                ? ""
                : Instant.ofEpochSecond(t.getSeconds(), t.getNanos()).toString();
    }
}
