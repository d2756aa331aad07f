package dev.joseki.tournament.report;

import dev.joseki.rules.Termination;
import dev.joseki.tournament.Crosstable;
import dev.joseki.tournament.GameOutcome;
import dev.joseki.tournament.PlayerLine;
import dev.joseki.tournament.TournamentResults;
import dev.joseki.tournament.TournamentSetup;
import java.util.List;
import java.util.Map;

/**
 * report.md: setup, crosstable (the paper's Table 2), Elo/SPRT of the tested player, terminations,
 * games.
 */
public final class MarkdownReport {
    private MarkdownReport() {}

    public static String write(TournamentResults r) {
        TournamentSetup s = r.setup();
        StringBuilder sb = new StringBuilder();
        sb.append("# Tournament ").append(s.name()).append("\n\n");
        sb.append("- format: ")
                .append(s.format().id())
                .append(", ")
                .append(s.rounds())
                .append(" round(s), a game pair (colours swapped) per matchup and round\n");
        sb.append("- games: ")
                .append(r.games().size())
                .append(" of ")
                .append(r.scheduledGames())
                .append(" scheduled")
                .append(r.end().note())
                .append('\n');
        sb.append("- openings: ")
                .append(s.openings().size())
                .append(s.openings().isRandom() ? " (random order)" : " (file order)")
                .append('\n');
        sb.append("- adjudication: max ")
                .append(s.rules().maxPlies())
                .append(" plies, declaration ")
                .append(s.rules().declarationRule())
                .append("\n\n");
        sb.append("## Players\n\n| # | name | spec |\n|---|---|---|\n");
        for (int i = 0; i < s.players().size(); i++) {
            sb.append("| ")
                    .append(i + 1)
                    .append(" | ")
                    .append(s.players().get(i).name())
                    .append(" | `")
                    .append(s.players().get(i).toSpec())
                    .append("` |\n");
        }
        sb.append("\n## Crosstable\n\n").append(crosstable(r));
        sb.append("\n## ")
                .append(s.names().get(0))
                .append(" against the field\n\n")
                .append(ReportLines.elo(r))
                .append("\n\n");
        if (r.sprt() != null) {
            sb.append(ReportLines.sprt(r.sprt())).append("\n\n");
        }
        List<ClockWarnings.Warning> warnings = ClockWarnings.of(r);
        if (!warnings.isEmpty()) {
            sb.append("## Clock warnings\n\n");
            for (ClockWarnings.Warning w : warnings) {
                sb.append("- ").append(w.text()).append('\n');
            }
            sb.append('\n').append(capitalized(ClockWarnings.CAUSES)).append(".\n\n");
        }
        sb.append("Score and Elo over games: see the chart in report.html.\n\n");
        sb.append("## Terminations\n\n| termination | games | share |\n|---|---:|---:|\n");
        for (Map.Entry<Termination, Long> e : sortedTerminations(r)) {
            sb.append("| ")
                    .append(e.getKey().id())
                    .append(" | ")
                    .append(e.getValue())
                    .append(" | ")
                    .append(ReportLines.percent((double) e.getValue() / r.games().size()))
                    .append(" |\n");
        }
        sb.append("\nAverage game length: ")
                .append(ReportLines.f(r.averagePlies(), 1))
                .append(" plies. ")
                .append(ReportLines.colours(r))
                .append(".\n\n")
                .append(ReportLines.distinct(r))
                .append(".\n\n");
        sb.append("## Games\n\n| # | Black | White | result | termination | plies | record |\n")
                .append("|---:|---|---|---|---|---:|---|\n");
        for (GameOutcome o : r.games()) {
            String base = GameFiles.baseName(o);
            sb.append("| ")
                    .append(o.task().id())
                    .append(" | ")
                    .append(o.task().blackSpec().name())
                    .append(" | ")
                    .append(o.task().whiteSpec().name())
                    .append(" | ")
                    .append(o.result().id())
                    .append(" | ")
                    .append(o.termination().id())
                    .append(" | ")
                    .append(o.plies())
                    .append(" | [csa](games/")
                    .append(base)
                    .append(".csa) [kif](games/")
                    .append(base)
                    .append(".kif) |\n");
        }
        return sb.toString();
    }

    /**
     * The crosstable as a Markdown table: row player's W-L-D against each column player, then
     * totals.
     */
    public static String crosstable(TournamentResults r) {
        Crosstable t = r.crosstable();
        StringBuilder sb = new StringBuilder("| # | player |");
        for (int j = 0; j < t.size(); j++) {
            sb.append(' ').append(j + 1).append(" |");
        }
        sb.append(" points | games | W-L-D | score |\n|---:|---|");
        sb.append("---|".repeat(t.size())).append("---:|---:|---|---:|\n");
        List<PlayerLine> lines = t.players();
        for (int i = 0; i < t.size(); i++) {
            PlayerLine p = lines.get(i);
            sb.append("| ").append(i + 1).append(" | ").append(p.name()).append(" |");
            for (int j = 0; j < t.size(); j++) {
                sb.append(' ').append(i == j ? "" : ReportLines.wld(t.cell(i, j))).append(" |");
            }
            sb.append(' ')
                    .append(ReportLines.points(p.points()))
                    .append(" | ")
                    .append(p.games())
                    .append(" | ")
                    .append(ReportLines.wld(t.total(i)))
                    .append(" | ")
                    .append(p.games() == 0 ? "-" : ReportLines.percent(p.points() / p.games()))
                    .append(" |\n");
        }
        return sb.toString();
    }

    static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    static List<Map.Entry<Termination, Long>> sortedTerminations(TournamentResults r) {
        return r.terminations().entrySet().stream()
                .sorted(
                        Map.Entry.<Termination, Long>comparingByValue()
                                .reversed()
                                .thenComparing(Map.Entry.comparingByKey()))
                .toList();
    }
}
