package dev.joseki.tournament.extension;

import dev.joseki.tournament.report.ReportLines;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The paper's Table 1 from measured games: per (player, opponent), the mean last ply of full, half
 * and quarter matching over the games, and the share of partial-match suggestions that were played,
 * counted per move over all games (as the paper's "Played" columns); then a total row per player
 * over all its opponents when it met more than one.
 */
public final class ExtensionTable {
    /** One line of the table; a share is NaN when there was no suggestion at all. */
    public record Row(
            String player,
            String opponent,
            int games,
            double full,
            double half,
            double halfPlayed,
            double quarter,
            double quarterPlayed,
            int halfSuggested,
            int quarterSuggested) {}

    private final Map<String, Map<String, List<GameExtension>>> byPlayer = new TreeMap<>();

    public ExtensionTable(List<GameExtension> games) {
        for (GameExtension g : games) {
            byPlayer.computeIfAbsent(g.player(), k -> new TreeMap<>())
                    .computeIfAbsent(g.opponent(), k -> new ArrayList<>())
                    .add(g);
        }
    }

    /**
     * Games grouped by player then opponent, each list in input order (the charts' game numbers).
     */
    public Map<String, Map<String, List<GameExtension>>> groups() {
        Map<String, Map<String, List<GameExtension>>> copy = new LinkedHashMap<>();
        byPlayer.forEach((p, m) -> copy.put(p, java.util.Collections.unmodifiableMap(m)));
        return java.util.Collections.unmodifiableMap(copy);
    }

    public List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        byPlayer.forEach(
                (player, byOpponent) -> {
                    List<GameExtension> all = new ArrayList<>();
                    byOpponent.forEach(
                            (opponent, games) -> {
                                rows.add(row(player, opponent, games));
                                all.addAll(games);
                            });
                    if (byOpponent.size() > 1) {
                        rows.add(row(player, "Total", all));
                    }
                });
        return rows;
    }

    static Row row(String player, String opponent, List<GameExtension> games) {
        double full = 0, half = 0, quarter = 0;
        int hs = 0, hp = 0, qs = 0, qp = 0;
        for (GameExtension g : games) {
            full += g.lastFull();
            half += g.lastHalf();
            quarter += g.lastQuarter();
            hs += g.halfSuggested();
            hp += g.halfPlayed();
            qs += g.quarterSuggested();
            qp += g.quarterPlayed();
        }
        int n = games.size();
        return new Row(
                player,
                opponent,
                n,
                full / n,
                half / n,
                hs == 0 ? Double.NaN : (double) hp / hs,
                quarter / n,
                qs == 0 ? Double.NaN : (double) qp / qs,
                hs,
                qs);
    }

    /** The table as markdown, in the paper's column order. */
    public String markdown() {
        StringBuilder sb = new StringBuilder();
        sb.append(
                "| player | opponent | games | full #ply | half #ply | half played | quarter #ply |"
                        + " quarter played |\n");
        sb.append("|---|---|---:|---:|---:|---:|---:|---:|\n");
        for (Row r : rows()) {
            sb.append("| ")
                    .append(r.player())
                    .append(" | ")
                    .append(r.opponent())
                    .append(" | ")
                    .append(r.games())
                    .append(" | ")
                    .append(ReportLines.f(r.full(), 1))
                    .append(" | ")
                    .append(ReportLines.f(r.half(), 1))
                    .append(" | ")
                    .append(share(r.halfPlayed(), r.halfSuggested()))
                    .append(" | ")
                    .append(ReportLines.f(r.quarter(), 1))
                    .append(" | ")
                    .append(share(r.quarterPlayed(), r.quarterSuggested()))
                    .append(" |\n");
        }
        return sb.toString();
    }

    private static String share(double s, int of) {
        return Double.isNaN(s) ? "- (0 moves)" : ReportLines.f(100 * s, 1) + " % of " + of;
    }
}
