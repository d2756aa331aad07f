package dev.joseki.book.builder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * Game inputs for the build. Files are read whole by the executors; the format follows the
 * extension: {@code .usi}/{@code .txt} USI lines (one game per line), {@code .csa}, {@code
 * .kif}/{@code .kifu}, {@code .ki2} through dev.joseki.notation's readers (Shift_JIS or UTF-8 as
 * the format says). A record that cannot be parsed is reported and skipped; the job goes on.
 */
public final class GameSources {
    private GameSources() {}

    /**
     * The games of inputs 0..n−1 (records files or directories), each tagged with its position as
     * source id.
     */
    public static JavaRDD<GameInput> files(SparkSession spark, List<String> inputs) {
        List<BookSource> sources = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            sources.add(
                    new BookSource(i, inputs.get(i), BookSource.Kind.RECORDS, inputs.get(i), 1));
        }
        return records(spark, sources);
    }

    /** The games of the records sources of a build, each tagged with its source's id. */
    public static JavaRDD<GameInput> records(SparkSession spark, BuildSettings s) {
        return records(spark, s.sources());
    }

    private static JavaRDD<GameInput> records(SparkSession spark, List<BookSource> sources) {
        // Every input is listed (and refused when missing, unreadable or empty) before Spark is
        // touched. A file named twice (or found under two inputs) is read once, for the first
        // source that names it.
        Set<String> seen = new HashSet<>();
        Map<Integer, List<String>> filesOf = new LinkedHashMap<>();
        for (BookSource src : sources) {
            if (src.kind() == BookSource.Kind.RECORDS) {
                filesOf.put(
                        src.id(), listFiles(src.location()).stream().filter(seen::add).toList());
            }
        }
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        JavaRDD<GameInput> games = jsc.emptyRDD();
        for (Map.Entry<Integer, List<String>> e : filesOf.entrySet()) {
            int id = e.getKey();
            List<String> files = e.getValue();
            List<String> usi = files.stream().filter(f -> isUsi(Paths.get(f))).toList();
            List<String> records = files.stream().filter(f -> !isUsi(Paths.get(f))).toList();
            if (!usi.isEmpty()) {
                games =
                        games.union(
                                jsc.wholeTextFiles(String.join(",", usi))
                                        .flatMap(f -> parseFile(f._1(), f._2()).iterator())
                                        .map(g -> g.withSourceId(id)));
            }
            if (!records.isEmpty()) {
                games =
                        games.union(
                                jsc.binaryFiles(String.join(",", records))
                                        .flatMap(
                                                f ->
                                                        RecordFiles.parse(
                                                                        stripScheme(f._1()),
                                                                        f._2().toArray())
                                                                .iterator())
                                        .map(g -> g.withSourceId(id)));
            }
        }
        return games;
    }

    static final String EXTENSIONS = ".usi .txt .csa .kif .kifu .ki2";

    /**
     * The game files of one input: refused with a clear message when missing, unreadable or empty
     * of games.
     */
    private static List<String> listFiles(String in) {
        List<String> files = new ArrayList<>();
        Path p = Paths.get(in);
        if (Files.isDirectory(p)) {
            try (Stream<Path> s = Files.walk(p)) {
                s.filter(Files::isRegularFile)
                        .filter(GameSources::supported)
                        .sorted()
                        .forEach(f -> files.add(f.toAbsolutePath().toString()));
            } catch (IOException | UncheckedIOException e) {
                throw new IllegalArgumentException(
                        "cannot read input directory " + in + ": " + e.getMessage());
            }
            if (files.isEmpty()) {
                throw new IllegalArgumentException(
                        "no game files (" + EXTENSIONS + ") under " + in);
            }
        } else if (Files.isRegularFile(p) && !Files.isReadable(p)) {
            throw new IllegalArgumentException("cannot read input file " + in);
        } else if (Files.isRegularFile(p)) {
            files.add(p.toAbsolutePath().toString());
        } else {
            throw new IllegalArgumentException("input not found: " + in);
        }
        return files;
    }

    static boolean supported(Path f) {
        String n = f.getFileName().toString().toLowerCase(Locale.ROOT);
        return isUsi(f)
                || n.endsWith(".csa")
                || n.endsWith(".kif")
                || n.endsWith(".kifu")
                || n.endsWith(".ki2");
    }

    static boolean isUsi(Path f) {
        String n = f.getFileName().toString().toLowerCase(Locale.ROOT);
        return n.endsWith(".usi") || n.endsWith(".txt");
    }

    static String stripScheme(String uri) {
        return uri.startsWith("file:") ? uri.substring(5) : uri;
    }

    static List<GameInput> parseFile(String uri, String content) {
        return UsiGameLines.parse(stripScheme(uri), content);
    }
}
