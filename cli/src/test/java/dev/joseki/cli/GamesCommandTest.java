package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.selfplay.GameArchive;
import dev.joseki.selfplay.PlayerFactory;
import dev.joseki.selfplay.Worker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A named run outlives its broker: its games saved from one broker and loaded into a new one are
 * found by the re-run, which then needs no worker and writes the same games.
 */
class GamesCommandTest {
    private static Cli.Run tournament(String servers, Path openings, Path out) {
        return Cli.run(
                "tournament",
                "--bootstrap-servers",
                servers,
                "--engine",
                "name=a builtin option.USI_Hash=1 depth=1",
                "--engine",
                "name=b builtin option.USI_Hash=1 nodes=50",
                "--openings",
                openings.toString(),
                "--games",
                "4",
                "--max-plies",
                "24",
                "--name",
                "kept",
                "--out",
                out.toString());
    }

    private static Cli.Run save(KafkaBroker broker, String name, Path out) {
        return Cli.run(
                "games",
                "save",
                "--bootstrap-servers",
                broker.bootstrapServers(),
                "--name",
                name,
                "--out",
                out.toString());
    }

    private static Cli.Run load(KafkaBroker broker, Path file) {
        return Cli.run(
                "games", "load", file.toString(), "--bootstrap-servers", broker.bootstrapServers());
    }

    @Test
    void aRunSavedFromOneBrokerAndLoadedIntoAnotherIsFoundWholeByItsReRun(@TempDir Path dir)
            throws Exception {
        Path openings =
                Files.writeString(
                        dir.resolve("o.usi"), "startpos moves 7g7f 3c3d\nstartpos moves 2g2f\n");
        Path archive = dir.resolve("kept.games");
        // 1. The run played by a worker on a first broker, then saved; the broker is then gone.
        try (KafkaBroker first = KafkaBroker.temporary(Map.of())) {
            first.start();
            Worker worker =
                    new Worker(
                            new Worker.Config(
                                    new KafkaSettings(first.bootstrapServers(), Map.of()),
                                    Topics.DEFAULT,
                                    "joseki-selfplay-workers",
                                    1,
                                    "w1"),
                            PlayerFactory.standard());
            worker.start();
            try {
                Cli.Run played = tournament(first.bootstrapServers(), openings, dir.resolve("a"));
                assertThat(played.status()).as(played.err()).isZero();
            } finally {
                worker.stop();
                worker.awaitTermination(30, TimeUnit.SECONDS);
            }
            Cli.Run saved = save(first, "kept", archive);
            assertThat(saved.status()).as(saved.err()).isZero();
            assertThat(saved.out().trim()).isEqualTo("saved 4 games of run kept to " + archive);
            // The run kept the same games beside its report as it played them.
            Path kept = dir.resolve("a").resolve("games.archive");
            assertThat(GameArchive.read(kept))
                    .containsExactlyInAnyOrderElementsOf(GameArchive.read(archive));
            Cli.Run none = save(first, "other", dir.resolve("other.games"));
            assertThat(none.status()).isEqualTo(ExitCodes.FAILURE);
            assertThat(none.err()).contains("no games of run 'other' on joseki.games");
            assertThat(dir.resolve("other.games")).doesNotExist();
        }

        // 2. A new broker without any worker: loading twice publishes the games once.
        try (KafkaBroker second = KafkaBroker.temporary(Map.of())) {
            second.start();
            Cli.Run loaded = load(second, archive);
            assertThat(loaded.status()).as(loaded.err()).isZero();
            assertThat(loaded.out())
                    .contains("loaded 4 games (0 already there) from " + archive, "run kept: 4");
            Cli.Run again = load(second, archive);
            assertThat(again.out()).contains("loaded 0 games (4 already there)");

            // 3. The re-run finds all four games: it completes without a worker, with the same
            // games as the first run.
            Cli.Run resumed = tournament(second.bootstrapServers(), openings, dir.resolve("b"));
            assertThat(resumed.status()).as(resumed.err()).isZero();
            assertThat(csaFiles(dir.resolve("b"))).isEqualTo(csaFiles(dir.resolve("a")));
        }
    }

    @Test
    void aFileThatIsNotAnArchiveIsRefusedBeforeAnyBrokerIsAsked(@TempDir Path dir)
            throws Exception {
        Path notes = Files.writeString(dir.resolve("notes.txt"), "7g7f 3c3d\n");
        long start = System.nanoTime();
        Cli.Run r =
                Cli.run("games", "load", notes.toString(), "--bootstrap-servers", "127.0.0.1:1");
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err().trim())
                .isEqualTo("joseki games load: " + notes + ": not a game archive (not gzip)");
        assertThat(System.nanoTime() - start).isLessThan(TimeUnit.SECONDS.toNanos(5));
    }

    private static Map<String, String> csaFiles(Path out) throws Exception {
        Map<String, String> files = new TreeMap<>();
        try (var list = Files.list(out.resolve("games"))) {
            for (Path p : list.filter(f -> f.toString().endsWith(".csa")).toList()) {
                files.put(p.getFileName().toString(), Files.readString(p));
            }
        }
        assertThat(files).hasSize(4);
        return files;
    }
}
