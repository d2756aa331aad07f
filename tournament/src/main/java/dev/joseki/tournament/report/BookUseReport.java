package dev.joseki.tournament.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@link BookUse} as console lines, a report.md/report.html section and results.json's {@code
 * "book_use"} object (docs/cli.md), added to a directory {@link ReportWriter} wrote.
 */
public final class BookUseReport {
    private static final ObjectMapper MAPPER =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private BookUseReport() {}

    /** One line per side, then the best and worst lines for A. */
    public static List<String> lines(BookUse u) {
        List<String> out = new ArrayList<>();
        for (BookUse.Side s : u.sides()) {
            out.add(side(s));
        }
        out.addAll(divergence(u.divergence()));
        for (BookUse.Line l : u.best()) {
            out.add("best line for " + u.sides().get(0).name() + ": " + line(l));
        }
        for (BookUse.Line l : u.worst()) {
            out.add("worst line for " + u.sides().get(0).name() + ": " + line(l));
        }
        return out;
    }

    static String side(BookUse.Side s) {
        StringBuilder b =
                new StringBuilder(
                        String.format(
                                Locale.ROOT,
                                "book use %s: %s book moves per game (min %d, max %d)",
                                s.name(),
                                number(s.bookMovesMean()),
                                s.bookMovesMin(),
                                s.bookMovesMax()));
        if (s.exits() == 0) {
            b.append(", never left its book");
        } else {
            b.append(
                    String.format(
                            Locale.ROOT,
                            ", left it at ply %s mean, %s median (%d of %d games)",
                            number(s.exitPlyMean()),
                            number(s.exitPlyMedian()),
                            s.exits(),
                            s.games()));
        }
        if (s.clockedGames() > 0) {
            b.append(String.format(Locale.ROOT, ", clock left %.0f ms mean", s.exitClockMeanMs()));
        }
        return b.toString();
    }

    /** Per side the games its book took out of the other's, then the games without. */
    static List<String> divergence(BookDivergence d) {
        List<String> out = new ArrayList<>();
        List<BookDivergence.Side> sides = d.sides();
        for (int p = 0; p < sides.size(); p++) {
            BookDivergence.Side s = sides.get(p);
            String head =
                    s.name() + "'s book moves that " + sides.get(1 - p).name() + "'s book lacks: ";
            out.add(
                    s.games() == 0
                            ? head + "none"
                            : head
                                    + String.format(
                                            Locale.ROOT,
                                            "first in %d of %d games (ply %.1f mean), %s scored"
                                                    + " %.1f%% in them",
                                            s.games(),
                                            d.games(),
                                            s.plyMean(),
                                            s.name(),
                                            100 * s.score()));
        }
        String agreed =
                String.format(
                        Locale.ROOT,
                        "games whose book moves were all in both books: %d of %d",
                        d.agreed(),
                        d.games());
        out.add(
                d.agreed() == 0
                        ? agreed
                        : agreed
                                + String.format(
                                        Locale.ROOT,
                                        ", %s scored %.1f%% in them",
                                        sides.get(0).name(),
                                        100 * d.agreedScoreA()));
        return out;
    }

    /**
     * A line with no move is the games whose first mover had no book move at ply 1: that may be
     * either side, so it says so and not that A left its book (A may well have had book moves).
     */
    static String line(BookUse.Line l) {
        return String.format(
                Locale.ROOT,
                "%s: %.1f%% of %d games",
                l.moves().isEmpty()
                        ? "(no book move: the first mover was out of its book at ply 1)"
                        : String.join(" ", l.moves()),
                100 * l.scoreA(),
                l.games());
    }

    private static String number(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
    }

    public static String markdown(BookUse u) {
        StringBuilder b = new StringBuilder("\n## Book use\n\n");
        for (String l : lines(u)) {
            b.append("- ").append(l).append('\n');
        }
        return b.toString();
    }

    public static String html(BookUse u) {
        StringBuilder b = new StringBuilder("<h2>Book use</h2>\n<ul>\n");
        for (String l : lines(u)) {
            b.append("<li>").append(HtmlReport.escape(l)).append("</li>\n");
        }
        return b.append("</ul>\n").toString();
    }

    public static ObjectNode json(BookUse u) {
        ObjectNode root = MAPPER.createObjectNode();
        ArrayNode sides = root.putArray("sides");
        for (BookUse.Side s : u.sides()) {
            ObjectNode o = sides.addObject().put("name", s.name()).put("games", s.games());
            put(o, "book_moves_mean", s.bookMovesMean());
            o.put("book_moves_min", s.bookMovesMin()).put("book_moves_max", s.bookMovesMax());
            o.put("exits", s.exits());
            put(o, "exit_ply_mean", s.exitPlyMean());
            put(o, "exit_ply_median", s.exitPlyMedian());
            o.put("clocked_games", s.clockedGames());
            put(o, "exit_clock_mean_ms", s.exitClockMeanMs());
        }
        ObjectNode div =
                root.putObject("divergence")
                        .put("games", u.divergence().games())
                        .put("agreed", u.divergence().agreed());
        put(div, "agreed_score_a", u.divergence().agreedScoreA());
        ArrayNode divSides = div.putArray("sides");
        for (BookDivergence.Side s : u.divergence().sides()) {
            ObjectNode o = divSides.addObject().put("name", s.name()).put("games", s.games());
            put(o, "ply_mean", s.plyMean());
            put(o, "score", s.score());
        }
        lines(root.putArray("best_lines"), u.best());
        lines(root.putArray("worst_lines"), u.worst());
        return root;
    }

    private static void lines(ArrayNode into, List<BookUse.Line> lines) {
        for (BookUse.Line l : lines) {
            ObjectNode o = into.addObject();
            ArrayNode moves = o.putArray("moves");
            l.moves().forEach(moves::add);
            o.put("games", l.games()).put("score_a", l.scoreA());
        }
    }

    private static void put(ObjectNode o, String field, double v) {
        if (Double.isNaN(v)) {
            o.putNull(field);
        } else {
            o.put(field, v);
        }
    }

    /** Adds the section to report.md and report.html and "book_use" to results.json in out. */
    public static void append(BookUse u, Path out) {
        try {
            Path md = out.resolve("report.md");
            Files.writeString(
                    md,
                    Files.readString(md, StandardCharsets.UTF_8) + markdown(u),
                    StandardCharsets.UTF_8);
            Path htmlFile = out.resolve("report.html");
            String html = Files.readString(htmlFile, StandardCharsets.UTF_8);
            int end = html.lastIndexOf("</body>");
            html =
                    end < 0
                            ? html + html(u)
                            : html.substring(0, end) + html(u) + html.substring(end);
            Files.writeString(htmlFile, html, StandardCharsets.UTF_8);
            Path json = out.resolve("results.json");
            JsonNode root = MAPPER.readTree(json.toFile());
            ((ObjectNode) root).set("book_use", json(u));
            Files.writeString(json, MAPPER.writeValueAsString(root) + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot add the book use to " + out, e);
        }
    }
}
