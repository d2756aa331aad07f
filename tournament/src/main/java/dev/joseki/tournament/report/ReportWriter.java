package dev.joseki.tournament.report;

import dev.joseki.tournament.Concurrency;
import dev.joseki.tournament.GameOutcome;
import dev.joseki.tournament.RunEnd;
import dev.joseki.tournament.TournamentResults;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a tournament's outputs into one directory: report.md, report.html, results.json, games/
 * (and names games.archive, which a run on the workers keeps there as it plays).
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

    /**
     * The file in {@code out} that keeps a run on the workers' games as they arrive (what {@code
     * games save} writes), for {@code games load} on a new broker.
     */
    public static Path archive(Path out) {
        return out.resolve("games.archive");
    }

    /**
     * What the CLI prints once {@link #write} is done: where the outputs are and how many games
     * they hold, for an interrupted run how many of the scheduled games that is, and the clock
     * warnings of the pairs that the Elo line (the tested player's) does not carry.
     */
    public static List<String> writtenLines(TournamentResults r, Path out) {
        List<String> lines = new ArrayList<>();
        lines.add(
                "wrote "
                        + out.resolve("report.md")
                        + ", report.html, results.json, games/ ("
                        + r.games().size()
                        + " games)");
        if (Files.exists(archive(out))) {
            lines.add("kept the run's games for `games load` in " + archive(out));
        }
        if (r.end() == RunEnd.INTERRUPTED) {
            lines.add(
                    "interrupted: "
                            + r.games().size()
                            + " of "
                            + r.scheduledGames()
                            + " games finished");
        }
        List<ClockWarnings.Warning> others =
                ClockWarnings.of(r).stream()
                        .filter(
                                w ->
                                        w.player() != TournamentResults.TESTED
                                                && w.opponent() != TournamentResults.TESTED)
                        .toList();
        if (!others.isEmpty()) {
            lines.add(ClockWarnings.summary(others));
        }
        return lines;
    }
}
