package dev.joseki.book.builder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * Game inputs for the build. Files are read whole by the executors ({@code wholeTextFiles}); the format
 * follows the extension: {@code .usi}/{@code .txt} USI lines. A file that cannot be parsed is reported and
 * skipped; the job goes on.
 */
public final class GameSources {
    private GameSources() {
    }

    public static JavaRDD<GameInput> files(SparkSession spark, List<String> inputs) {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        List<String> files = new ArrayList<>();
        for (String in : inputs) {
            Path p = Paths.get(in);
            if (Files.isDirectory(p)) {
                try (Stream<Path> s = Files.walk(p)) {
                    s.filter(Files::isRegularFile).filter(GameSources::supported)
                            .forEach(f -> files.add(f.toAbsolutePath().toString()));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            } else if (Files.isRegularFile(p)) {
                files.add(p.toAbsolutePath().toString());
            } else {
                throw new IllegalArgumentException("input not found: " + in);
            }
        }
        if (files.isEmpty()) {
            return jsc.emptyRDD();
        }
        return jsc.wholeTextFiles(String.join(",", files)).flatMap(f -> parseFile(f._1(), f._2()).iterator());
    }

    static boolean supported(Path f) {
        String n = f.getFileName().toString().toLowerCase(Locale.ROOT);
        return n.endsWith(".usi") || n.endsWith(".txt");
    }

    static List<GameInput> parseFile(String uri, String content) {
        return UsiGameLines.parse(uri.startsWith("file:") ? uri.substring(5) : uri, content);
    }
}
