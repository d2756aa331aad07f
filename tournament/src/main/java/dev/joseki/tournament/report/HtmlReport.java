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
 * report.html: the content of report.md as one self-contained page (inline CSS and SVG; no scripts,
 * no external resources), with the score and Elo charts.
 */
public final class HtmlReport {
    private HtmlReport() {}

    public static String write(TournamentResults r) {
        TournamentSetup s = r.setup();
        StringBuilder sb = new StringBuilder();
        sb.append(
                        "<!DOCTYPE html>\n"
                                + "<html lang=\"en\">\n"
                                + "<head>\n"
                                + "<meta charset=\"utf-8\">\n"
                                + "<title>Tournament ")
                .append(escape(s.name()))
                .append("</title>\n<style>\n")
                .append("body{font-family:sans-serif;margin:2em;max-width:70em}")
                .append("table{border-collapse:collapse;margin:1em 0}")
                .append("td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}")
                .append(
                        "td.l,th.l{text-align:left}code{font-size:90%}\n"
                                + "</style>\n"
                                + "</head>\n"
                                + "<body>\n");
        sb.append("<h1>Tournament ")
                .append(escape(s.name()))
                .append("</h1>\n<p>")
                .append(escape(s.format().id()))
                .append(", ")
                .append(s.rounds())
                .append(" round(s); ")
                .append(r.games().size())
                .append(" of ")
                .append(r.scheduledGames())
                .append(" games played")
                .append(escape(r.end().note()))
                .append("; ")
                .append(s.openings().size())
                .append(" opening(s); max ")
                .append(s.rules().maxPlies())
                .append(" plies.</p>\n");
        sb.append(
                "<h2>Players</h2>\n"
                    + "<table>\n"
                    + "<tr><th>#</th><th class=\"l\">name</th><th class=\"l\">spec</th></tr>\n");
        for (int i = 0; i < s.players().size(); i++) {
            sb.append("<tr><td>")
                    .append(i + 1)
                    .append("</td><td class=\"l\">")
                    .append(escape(s.players().get(i).name()))
                    .append("</td><td class=\"l\"><code>")
                    .append(escape(s.players().get(i).toSpec()))
                    .append("</code></td></tr>\n");
        }
        sb.append("</table>\n<h2>Crosstable</h2>\n").append(crosstable(r));
        sb.append("<h2>")
                .append(escape(s.names().get(0)))
                .append(" against the field</h2>\n<p>")
                .append(escape(ReportLines.elo(r)))
                .append("</p>\n");
        if (r.sprt() != null) {
            sb.append("<p>").append(escape(ReportLines.sprt(r.sprt()))).append("</p>\n");
        }
        List<ClockWarnings.Warning> warnings = ClockWarnings.of(r);
        if (!warnings.isEmpty()) {
            sb.append("<h2>Clock warnings</h2>\n<ul>\n");
            for (ClockWarnings.Warning w : warnings) {
                sb.append("<li>").append(escape(w.text())).append("</li>\n");
            }
            sb.append("</ul>\n<p>")
                    .append(escape(MarkdownReport.capitalized(ClockWarnings.CAUSES)))
                    .append(".</p>\n");
        }
        sb.append(ScoreChart.score(r.progress())).append(ScoreChart.elo(r.progress()));
        sb.append(
                "<h2>Terminations</h2>\n"
                    + "<table>\n"
                    + "<tr><th class=\"l\">termination</th><th>games</th><th>share</th></tr>\n");
        for (Map.Entry<Termination, Long> e : MarkdownReport.sortedTerminations(r)) {
            sb.append("<tr><td class=\"l\">")
                    .append(e.getKey().id())
                    .append("</td><td>")
                    .append(e.getValue())
                    .append("</td><td>")
                    .append(ReportLines.percent((double) e.getValue() / r.games().size()))
                    .append("</td></tr>\n");
        }
        sb.append("</table>\n<p>Average game length: ")
                .append(ReportLines.f(r.averagePlies(), 1))
                .append(" plies. ")
                .append(escape(ReportLines.colours(r)))
                .append(".</p>\n<p>")
                .append(escape(ReportLines.distinct(r)))
                .append(".</p>\n");
        sb.append(
                        "<h2>Games</h2>\n"
                            + "<table>\n"
                            + "<tr><th>#</th><th class=\"l\">Black</th><th class=\"l\">White</th>")
                .append(
                        "<th class=\"l\">result</th><th"
                                + " class=\"l\">termination</th><th>plies</th><th"
                                + " class=\"l\">record</th></tr>\n");
        for (GameOutcome o : r.games()) {
            String base = escape(GameFiles.baseName(o));
            sb.append("<tr><td>")
                    .append(o.task().id())
                    .append("</td><td class=\"l\">")
                    .append(escape(o.task().blackSpec().name()))
                    .append("</td><td class=\"l\">")
                    .append(escape(o.task().whiteSpec().name()))
                    .append("</td><td class=\"l\">")
                    .append(o.result().id())
                    .append("</td><td class=\"l\">")
                    .append(o.termination().id())
                    .append("</td><td>")
                    .append(o.plies())
                    .append("</td><td class=\"l\"><a href=\"games/")
                    .append(base)
                    .append(".csa\">csa</a> <a href=\"games/")
                    .append(base)
                    .append(".kif\">kif</a></td></tr>\n");
        }
        return sb.append("</table>\n</body>\n</html>\n").toString();
    }

    private static String crosstable(TournamentResults r) {
        Crosstable t = r.crosstable();
        StringBuilder sb = new StringBuilder("<table>\n<tr><th>#</th><th class=\"l\">player</th>");
        for (int j = 0; j < t.size(); j++) {
            sb.append("<th>").append(j + 1).append("</th>");
        }
        sb.append("<th>points</th><th>games</th><th>W-L-D</th><th>score</th></tr>\n");
        List<PlayerLine> lines = t.players();
        for (int i = 0; i < t.size(); i++) {
            PlayerLine p = lines.get(i);
            sb.append("<tr><td>")
                    .append(i + 1)
                    .append("</td><td class=\"l\">")
                    .append(escape(p.name()))
                    .append("</td>");
            for (int j = 0; j < t.size(); j++) {
                sb.append("<td>")
                        .append(i == j ? "" : ReportLines.wld(t.cell(i, j)))
                        .append("</td>");
            }
            sb.append("<td>")
                    .append(ReportLines.points(p.points()))
                    .append("</td><td>")
                    .append(p.games())
                    .append("</td><td>")
                    .append(ReportLines.wld(t.total(i)))
                    .append("</td><td>")
                    .append(p.games() == 0 ? "-" : ReportLines.percent(p.points() / p.games()))
                    .append("</td></tr>\n");
        }
        return sb.append("</table>\n").toString();
    }

    public static String escape(String s) {
        return s.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
