package dev.joseki.tournament.report;

import dev.joseki.tournament.GameOutcome;
import dev.joseki.tournament.TournamentResults;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a tournament's outputs into one directory: report.md, report.html, results.json, games/. */
public final class ReportWriter {
    private ReportWriter() {
    }

    public static void write(TournamentResults r, Path out) throws IOException {
        Files.createDirectories(out);
        Path games = out.resolve("games");
        for (GameOutcome o : r.games()) {
            GameFiles.write(games, o);
        }
        Files.writeString(out.resolve("results.json"), ResultsJson.write(r), StandardCharsets.UTF_8);
        Files.writeString(out.resolve("report.md"), MarkdownReport.write(r), StandardCharsets.UTF_8);
        Files.writeString(out.resolve("report.html"), HtmlReport.write(r), StandardCharsets.UTF_8);
    }
}
