package dev.joseki.book.builder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.FullKey;
import dev.joseki.book.store.BookVersions;
import dev.joseki.notation.Sfen;
import dev.joseki.rules.Position;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Counts past the book's 32-bit field (4,294,967,295) through the real build: real Spark (local[2])
 * and RocksDB. A line alone past it is refused on the driver; a sum past it (two sources, or a
 * source and the previous book) by the executors, reported on the driver. Either way one message
 * naming the position and the sources, and the book as it was.
 */
class CountOverflowTest {
    static final String START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    static SparkSession spark;

    @BeforeAll
    static void startSpark() {
        spark = BookBuildJob.session("local[2]", 4);
    }

    @AfterAll
    static void stopSpark() {
        spark.stop();
    }

    /** A .db of the start position with 7g7f counted count times (2g2f once). */
    static Path db(Path dir, String name, long count) throws IOException {
        return Files.writeString(
                dir.resolve(name),
                "#YANEURAOU-DB2016 1.00\nsfen "
                        + START
                        + "\n7g7f none 0 0 "
                        + count
                        + "\n2g2f none 0 0 1\n");
    }

    static BookBuildJob.Report build(Path out, String... dbSpecs) {
        List<BookSource> sources =
                Stream.iterate(0, i -> i + 1)
                        .limit(dbSpecs.length)
                        .map(i -> BookSource.parse(i, BookSource.Kind.YANEURAOU_DB, dbSpecs[i]))
                        .toList();
        BuildSettings s =
                BuildSettings.defaults(out.toString(), List.of())
                        .withSources(sources)
                        .withMaster("local[2]")
                        .withPartitions(2);
        return BookBuildJob.run(spark, s, GameSources.records(spark, s));
    }

    static long count7g7f(Path book) {
        Position start = Sfen.startPosition();
        return BookBuildJobTest.stats(book, Index.FULL, FullKey.of(start), start, "7g7f").get(0);
    }

    static List<String> leftovers(Path book) throws IOException {
        if (!Files.exists(book)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(book)) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith(".staging"))
                    .toList();
        }
    }

    @Test
    void aDbLinePastTheFieldIsRefusedBeforeSparkNamingPositionAndSource(@TempDir Path tmp)
            throws IOException {
        // 2,147,483,648 × weight 2 = 4,294,967,296: one past the field
        Path huge = db(tmp, "huge.db", 2_147_483_648L);
        Path out = tmp.resolve("book");
        assertThatThrownBy(() -> build(out, "gps=" + huge + ":2"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "count 4294967296 of move 7g7f at sfen "
                                + START
                                + " does not fit the book's 32-bit count (at most 4294967295);"
                                + " sources: gps ("
                                + huge
                                + ", weight 2); lower a source's count or weight");
        assertThat(BookVersions.current(out)).isNull();
        // a count of 2^62 × 1000 does not wrap a long into a count that fits
        Path enormous = db(tmp, "enormous.db", 1L << 62);
        assertThatThrownBy(() -> build(out, "gps=" + enormous + ":1000"))
                .hasMessageStartingWith("count past 9223372036854775807 of move 7g7f at sfen ");
    }

    @Test
    void twoSourcesWhoseSumIsPastTheFieldAreRefusedNamingPositionAndBoth(@TempDir Path tmp)
            throws IOException {
        // 3,000,000,000 + 2,000,000,000 = 5,000,000,000; each fits alone
        Path gps = db(tmp, "gps.db", 3_000_000_000L);
        Path other = db(tmp, "other.db", 2_000_000_000L);
        Path out = tmp.resolve("book");
        assertThatThrownBy(() -> build(out, "gps=" + gps, "other=" + other))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "count 5000000000 of move 7g7f at sfen "
                                + START
                                + " does not fit the book's 32-bit count (at most 4294967295);"
                                + " sources: gps ("
                                + gps
                                + ", weight 1), other ("
                                + other
                                + ", weight 1); lower a source's count or weight");
        assertThat(BookVersions.current(out)).isNull();
        assertThat(leftovers(out)).isEmpty();
    }

    @Test
    void aSourcePastTheFieldWithThePreviousBookLeavesThatBookAsItWas(@TempDir Path tmp)
            throws IOException {
        Path out = tmp.resolve("book");
        Path gps = db(tmp, "gps.db", 3_000_000_000L);
        assertThat(build(out, "gps=" + gps).version()).isNotNull();
        Path before = BookVersions.current(out);
        Path more = db(tmp, "more.db", 2_000_000_000L);
        assertThatThrownBy(() -> build(out, "more=" + more))
                .hasMessage(
                        "count 5000000000 of move 7g7f at sfen "
                                + START
                                + " does not fit the book's 32-bit count (at most 4294967295);"
                                + " sources: more ("
                                + more
                                + ", weight 1), the previous book version; lower a source's"
                                + " count or weight");
        assertThat(BookVersions.current(out)).isEqualTo(before);
        assertThat(count7g7f(out)).isEqualTo(3_000_000_000L);
        assertThat(leftovers(out)).isEmpty();
    }
}
