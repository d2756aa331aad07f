package dev.joseki.tournament.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.joseki.tournament.PairLine;
import dev.joseki.tournament.PlayerLine;
import dev.joseki.tournament.TournamentResults;
import dev.joseki.tournament.stats.EloEstimate;
import dev.joseki.tournament.stats.SprtStatus;
import java.util.List;

/**
 * results.json in the shape fixed by docs/cli.md: {@code {"players":
 * [{"name","games","wins","losses","draws","points"}...], "pairs":
 * [{"a","b","a_wins","b_wins","draws"}...], "distinct": {...}, "scheduled", "end", "elo": {...},
 * "sprt": {...}}}. "end" is complete, sprt_decided or interrupted; "elo" is the tested (first)
 * player against the field; "sprt" is null when no SPRT was run.
 */
public final class ResultsJson {
    private static final ObjectMapper MAPPER =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ResultsJson() {}

    public static String write(TournamentResults r) {
        ObjectNode root = MAPPER.createObjectNode();
        ArrayNode players = root.putArray("players");
        for (PlayerLine p : r.crosstable().players()) {
            players.addObject()
                    .put("name", p.name())
                    .put("games", p.games())
                    .put("wins", p.wins())
                    .put("losses", p.losses())
                    .put("draws", p.draws())
                    .put("points", p.points());
        }
        List<ClockWarnings.Warning> warnings = ClockWarnings.of(r);
        List<String> names = r.setup().names();
        ArrayNode pairs = root.putArray("pairs");
        for (PairLine p : r.crosstable().pairs()) {
            ObjectNode pair =
                    pairs.addObject()
                            .put("a", p.a())
                            .put("b", p.b())
                            .put("a_wins", p.aWins())
                            .put("b_wins", p.bWins())
                            .put("draws", p.draws());
            ArrayNode texts = pair.putArray("warnings");
            warnings.stream()
                    .filter(w -> w.between(names.indexOf(p.a()), names.indexOf(p.b())))
                    .forEach(w -> texts.add(w.text()));
        }
        ArrayNode clock = root.putArray("clock_warnings");
        for (ClockWarnings.Warning w : warnings) {
            clock.addObject()
                    .put("engine", w.engine())
                    .put("opponent", w.opponentName())
                    .put("kind", w.kind().id())
                    .put("games", w.games())
                    .put("pair_games", w.pairGames())
                    .put("median_move_ms", w.medianMoveMs())
                    .put("median_allowed_ms", w.medianAllowedMs())
                    .put("text", w.text());
        }
        root.putObject("distinct")
                .put("games", r.distinct().games())
                .put("distinct", r.distinct().distinct())
                .put("warning", r.distinct().distinctShare() < ReportLines.DISTINCT_WARNING);
        root.put("scheduled", r.scheduledGames());
        root.put("end", r.end().name().toLowerCase(java.util.Locale.ROOT));
        root.set("elo", elo(r));
        root.set("sprt", r.sprt() == null ? MAPPER.nullNode() : sprt(r.sprt()));
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(
                    "cannot serialise results", e); // a tree of plain nodes always serialises
        }
    }

    private static ObjectNode elo(TournamentResults r) {
        ObjectNode e = MAPPER.createObjectNode();
        e.put("player", r.setup().names().get(TournamentResults.TESTED));
        ArrayNode opp = e.putArray("opponents");
        r.setup().names().stream().skip(1).forEach(opp::add);
        EloEstimate est = r.elo();
        e.put("model", r.testedPairs().pairs() > 0 ? "pentanomial" : "trinomial");
        e.put("games", r.tested().games());
        e.put("score", est.score());
        e.put("elo", est.elo());
        // Without a meaningful interval these are null and "no_interval" says why (EloEstimate).
        if (est.hasInterval()) {
            e.put("error", est.error());
        } else {
            e.putNull("error");
        }
        e.put("los", est.los());
        if (est.hasInterval()) {
            e.put("nelo", est.nElo());
            e.put("nelo_error", est.nEloError());
        } else {
            e.putNull("nelo");
            e.putNull("nelo_error");
        }
        e.put("no_interval", est.noInterval());
        e.put("draw_ratio", r.tested().drawRatio());
        ArrayNode warnings = e.putArray("warnings");
        ClockWarnings.ofTested(r).forEach(w -> warnings.add(w.text()));
        ArrayNode tri = e.putArray("trinomial");
        tri.add(r.tested().losses()).add(r.tested().draws()).add(r.tested().wins());
        ArrayNode penta = e.putArray("pentanomial");
        for (long c : r.testedPairs().counts()) {
            penta.add(c);
        }
        return e;
    }

    private static ObjectNode sprt(SprtStatus s) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("elo0", s.sprt().elo0());
        o.put("elo1", s.sprt().elo1());
        o.put("alpha", s.sprt().alpha());
        o.put("beta", s.sprt().beta());
        o.put("model", s.sprt().model().id());
        o.put("llr", s.llr());
        o.put("lower_bound", s.lowerBound());
        o.put("upper_bound", s.upperBound());
        o.put("decision", s.decision().id());
        return o;
    }
}
