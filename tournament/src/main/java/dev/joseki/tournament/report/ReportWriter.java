package dev.joseki.tournament.report;

import dev.joseki.tournament.Concurrency;
import dev.joseki.tournament.GameOutcome;
import dev.joseki.tournament.TournamentResults;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a tournament's outputs into one directory: report.md, report.html, results.json, games/.
 */
public final class ReportWriter {
    private ReportWriter() {}

    public static void write(TournamentResults r, Path out) throws IOException {
        write(r, out, null);
    }

    /** The same with the games' concurrency named in the time-use section (null: not known). */
    public static void write(TournamentResults r, Path out, Concurrency concurrency)
            throws IOException {
        Files.createDirectories(out);
        Path games = out.resolve("games");
        for (GameOutcome o : r.games()) {
            GameFiles.write(games, o);
        }
        Files.writeString(
                out.resolve("results.json"), ResultsJson.write(r), StandardCharsets.UTF_8);
        Files.writeString(
                out.resolve("report.md"),
                MarkdownReport.write(r) + TimeUse.markdown(r, concurrency),
                StandardCharsets.UTF_8);
        String html = HtmlReport.write(r);
        int end = html.lastIndexOf("</body>");
        html =
                end < 0
                        ? html
                        : html.substring(0, end)
                                + TimeUse.html(r, concurrency)
                                + html.substring(end);
        Files.writeString(out.resolve("report.html"), html, StandardCharsets.UTF_8);
    }
}
