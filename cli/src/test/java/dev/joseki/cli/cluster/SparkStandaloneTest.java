package dev.joseki.cli.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.cli.Main;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The book build on a real Spark standalone cluster: a Master and a Worker as separate JVMs (as
 * {@code ./joseki cluster up} starts them), executors launched by the Worker. The book must equal
 * the one that local mode builds from the same games.
 */
class SparkStandaloneTest {
    private static final String GAMES =
            String.join(
                            "\n",
                            "position startpos moves 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e",
                            "position startpos moves 7g7f 8c8d 2g2f 3c3d",
                            "position startpos moves 2g2f 8c8d 7g7f 3c3d",
                            "position startpos moves 5g5f 3c3d 7g7f 4c4d")
                    + "\n";

    @Test
    void bookBuiltOnTheStandaloneClusterEqualsTheLocalBuild(@TempDir Path dir) throws Exception {
        Path usi = dir.resolve("games.usi");
        Files.writeString(usi, GAMES);
        SparkStandalone spark =
                new SparkStandalone(
                        dir.resolve("run"),
                        jarsOfThisClasspath(dir.resolve("jars")),
                        KafkaBroker.freePort(),
                        KafkaBroker.freePort(),
                        1);
        try {
            spark.start(Duration.ofSeconds(180));
            assertThat(spark.aliveWorkers()).isEqualTo(1);

            assertThat(
                            quietly(
                                    "book",
                                    "build",
                                    "--from",
                                    usi.toString(),
                                    "--out",
                                    dir.resolve("cluster").toString(),
                                    "--master",
                                    spark.masterUrl(),
                                    "--partitions",
                                    "2"))
                    .isZero();
            assertThat(
                            quietly(
                                    "book",
                                    "build",
                                    "--from",
                                    usi.toString(),
                                    "--out",
                                    dir.resolve("local").toString(),
                                    "--master",
                                    "local[1]",
                                    "--partitions",
                                    "2"))
                    .isZero();
        } finally {
            spark.worker().stop(Duration.ofSeconds(20));
            spark.master().stop(Duration.ofSeconds(20));
        }
        for (String sfen :
                new String[] {
                    "startpos", "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
                }) {
            String cluster =
                    output(
                            "book",
                            "probe",
                            "--book",
                            dir.resolve("cluster").toString(),
                            "--sfen",
                            sfen,
                            "--json");
            String local =
                    output(
                            "book",
                            "probe",
                            "--book",
                            dir.resolve("local").toString(),
                            "--sfen",
                            sfen,
                            "--json");
            assertThat(cluster).contains("\"count\"").isEqualTo(local);
        }
        assertThat(output("book", "stats", "--book", dir.resolve("cluster").toString(), "--json"))
                .contains("\"games\":4");
    }

    /**
     * A Spark distribution's jars/ folder for the Worker's executors: every jar of this test's
     * classpath, and the module class folders packed as jars.
     */
    private static Path jarsOfThisClasspath(Path jars) throws IOException {
        Files.createDirectories(jars);
        String cp =
                System.getProperty(
                        "surefire.test.class.path", System.getProperty("java.class.path"));
        int i = 0;
        for (String entry : cp.split(java.io.File.pathSeparator)) {
            Path p = Path.of(entry);
            if (entry.endsWith(".jar") && Files.isRegularFile(p)) {
                Files.createSymbolicLink(
                        jars.resolve(i++ + "-" + p.getFileName()), p.toAbsolutePath());
            } else if (Files.isDirectory(p)) {
                packDirectory(p, jars.resolve(i++ + "-classes.jar"));
            }
        }
        return jars;
    }

    private static void packDirectory(Path root, Path jar) throws IOException {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
                Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                out.putNextEntry(new JarEntry(root.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, out);
                out.closeEntry();
            }
        }
    }

    private static int quietly(String... args) {
        PrintStream old = System.out;
        System.setOut(
                new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8));
        try {
            return Main.run(args);
        } finally {
            System.setOut(old);
        }
    }

    private static String output(String... args) {
        PrintStream old = System.out;
        java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            assertThat(Main.run(args)).isZero();
            return buf.toString(StandardCharsets.UTF_8);
        } finally {
            System.setOut(old);
        }
    }
}
