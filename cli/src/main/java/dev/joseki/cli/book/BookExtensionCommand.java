package dev.joseki.cli.book;

import dev.joseki.book.store.RocksBook;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.notation.GameRecord;
import dev.joseki.notation.RecordFormat;
import dev.joseki.notation.RecordReader;
import dev.joseki.tournament.extension.BookExtension;
import dev.joseki.tournament.extension.ExtensionChart;
import dev.joseki.tournament.extension.ExtensionTable;
import dev.joseki.tournament.extension.GameExtension;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki book extension}: the paper's Table 1 and Figures 3–6 for a set of played games —
 * per game and player the last ply at which full, half and quarter matching returned a move, and
 * how often the played move was a partial-match suggestion ({@link BookExtension}). Prints the
 * table (markdown); with --out also writes extension.md and one SVG chart per (player, opponent).
 */
@Command(
        name = "extension",
        mixinStandardHelpOptions = true,
        description = {
            "How far full, half and quarter matching reach in played games (the paper's Table 1).",
            "--games: a tournament's output or games directory, a record directory or files (CSA or"
                    + " KIF)."
        })
public final class BookExtensionCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--book", required = true, paramLabel = "DIR", description = "Book directory.")
    Path book;

    @Option(
            names = "--games",
            required = true,
            arity = "1..*",
            paramLabel = "PATH",
            description = "Game records: directories (searched recursively) or files.")
    List<Path> games;

    @Option(
            names = "--format",
            paramLabel = "csa|kif",
            description = {
                "Which records of a directory to read (default: csa when it holds any .csa file,"
                        + " else kif;"
                        + " a tournament writes every game as both)."
            })
    String format;

    @Option(
            names = "--player",
            paramLabel = "NAME",
            description =
                    "Measure only this player (repeatable; default: both players of every game).")
    List<String> players = new ArrayList<>();

    @Option(
            names = "--opening-plies",
            paramLabel = "N",
            description = {
                "The first N moves were given (a tournament opening) and do not count as played"
                        + " suggestions (default: the plies of the record's 'opening ... moves ...'"
                        + " comment, else 0)."
            })
    Integer openingPlies;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Write extension.md and the per-game SVG charts here.")
    Path out;

    @Override
    public Integer call() throws IOException {
        List<Path> files = recordFiles();
        if (files.isEmpty()) {
            throw new IllegalArgumentException("no game records found in " + games);
        }
        List<GameExtension> measured = new ArrayList<>();
        try (RocksBook b = RocksBook.open(book)) {
            for (Path f : files) {
                RecordFormat fmt =
                        format != null
                                ? RecordFormat.parse(format)
                                : RecordFormat.detect(f.getFileName().toString(), "");
                if (fmt == null) {
                    throw new IllegalArgumentException(
                            "cannot tell the record format of "
                                    + f
                                    + " from its name; give --format");
                }
                List<GameRecord> records = RecordReader.read(f, fmt);
                for (int i = 0; i < records.size(); i++) {
                    String name = f.getFileName() + (records.size() > 1 ? "#" + (i + 1) : "");
                    GameRecord g = records.get(i);
                    int given = openingPlies != null ? openingPlies : BookExtension.openingPlies(g);
                    for (GameExtension e : BookExtension.measure(b, g, name, given)) {
                        if (players.isEmpty() || players.contains(e.player())) {
                            measured.add(e);
                        }
                    }
                }
            }
        }
        if (measured.isEmpty()) {
            throw new IllegalArgumentException(
                    "no game of player(s) " + players + " in " + files.size() + " records");
        }
        ExtensionTable table = new ExtensionTable(measured);
        PrintWriter o = spec.commandLine().getOut();
        o.print(table.markdown());
        if (out != null) {
            write(table, files.size());
            o.println("wrote " + out.resolve("extension.md") + " and " + charts(table) + " charts");
        }
        o.flush();
        return ExitCodes.OK;
    }

    private void write(ExtensionTable table, int records) throws IOException {
        Files.createDirectories(out);
        StringBuilder md = new StringBuilder("# Book extension\n\n");
        md.append("Book `")
                .append(book)
                .append("`, ")
                .append(records)
                .append(" game records from ")
                .append(games)
                .append(
                        ".\n\n"
                            + "Plies are move numbers of positions where the player was to move;"
                            + " half includes full, quarter")
                .append(
                        " includes both; played = share of the player's moves made without a full"
                                + " match while that")
                .append(
                        " match suggested moves, on which the played move was a suggestion (moves"
                                + " of a given opening")
                .append(" excluded).\n\n");
        md.append(table.markdown()).append('\n');
        for (Map.Entry<String, Map<String, List<GameExtension>>> p : table.groups().entrySet()) {
            for (Map.Entry<String, List<GameExtension>> q : p.getValue().entrySet()) {
                String file = chartFile(p.getKey(), q.getKey());
                String title =
                        "Full, half and quarter matching: " + p.getKey() + " against " + q.getKey();
                Files.writeString(
                        out.resolve(file),
                        ExtensionChart.svg(title, q.getValue()),
                        StandardCharsets.UTF_8);
                md.append("![").append(title).append("](").append(file).append(")\n\n");
                md.append(
                        "| game | plies | full | half | quarter | half played | quarter played |\n"
                                + "|---|---:|---:|---:|---:|---:|---:|\n");
                for (GameExtension g : q.getValue()) {
                    md.append("| ")
                            .append(g.game())
                            .append(" | ")
                            .append(g.plies())
                            .append(" | ")
                            .append(g.lastFull())
                            .append(" | ")
                            .append(g.lastHalf())
                            .append(" | ")
                            .append(g.lastQuarter())
                            .append(" | ")
                            .append(g.halfPlayed())
                            .append('/')
                            .append(g.halfSuggested())
                            .append(" | ")
                            .append(g.quarterPlayed())
                            .append('/')
                            .append(g.quarterSuggested())
                            .append(" |\n");
                }
                md.append('\n');
            }
        }
        Files.writeString(out.resolve("extension.md"), md.toString(), StandardCharsets.UTF_8);
    }

    private static int charts(ExtensionTable table) {
        return table.groups().values().stream().mapToInt(Map::size).sum();
    }

    static String chartFile(String player, String opponent) {
        return "extension-" + slug(player) + "-vs-" + slug(opponent) + ".svg";
    }

    private static String slug(String s) {
        return s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]+", "_");
    }

    /**
     * Files given directly are read whatever their extension; directories contribute their .csa or
     * .kif files.
     */
    private List<Path> recordFiles() throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path g : games) {
            if (!Files.exists(g)) {
                throw new IllegalArgumentException("no such file or directory: " + g);
            }
            if (!Files.isDirectory(g)) {
                files.add(g);
                continue;
            }
            List<Path> all;
            try (Stream<Path> s = Files.walk(g)) {
                all = s.filter(Files::isRegularFile).sorted().toList();
            }
            String ext =
                    format != null
                            ? "." + RecordFormat.parse(format).name().toLowerCase(Locale.ROOT)
                            : all.stream().anyMatch(BookExtensionCommand::isCsa) ? ".csa" : ".kif";
            for (Path f : all) {
                if (f.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(ext)) {
                    files.add(f);
                }
            }
        }
        return files;
    }

    private static boolean isCsa(Path f) {
        return f.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".csa");
    }
}
