package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.broker.KafkaBroker;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.selfplay.PlayerFactory;
import dev.joseki.selfplay.Worker;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TournamentCommandTest {

    @Test
    void playsAMatchPrintsTheCrosstableAndWritesEveryOutput(@TempDir Path dir) throws Exception {
        Path openings = dir.resolve("openings.sfen");
        Files.writeString(openings, "startpos moves 7g7f\nstartpos moves 2g2f\n");
        Path out = dir.resolve("t");
        Cli.Run r =
                Cli.run(
                        "tournament",
                        "--local",
                        "--engine",
                        "name=fast builtin option.USI_Hash=1 nodes=60",
                        "--engine",
                        "name=slow builtin option.USI_Hash=1 depth=1",
                        "--games",
                        "4",
                        "--openings",
                        openings.toString(),
                        "--max-plies",
                        "40",
                        "--sprt",
                        "elo0=0,elo1=50",
                        "--out",
                        out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out())
                .contains(
                        "| 1 | fast |",
                        "| 2 | slow |",
                        "fast against the field: Elo ",
                        "SPRT normalized");
        // the progress on stderr, plain here: the games, the first engine's score and the LLR
        // within its bounds ln(0.05 / 0.95) and ln(0.95 / 0.05)
        assertThat(r.err())
                .doesNotContain("\r")
                .containsPattern(
                        "(?m)^\\d/4 games in \\S+  \\d+\\.\\d games/min  fast \\d-\\d-\\d"
                                + " \\(\\d+\\.\\d%\\)  LLR -?\\d+\\.\\d\\d \\(-2\\.94, 2\\.94\\)$");
        JsonNode json = new ObjectMapper().readTree(out.resolve("results.json").toFile());
        assertThat(json.get("players").get(0).get("games").asInt()).isEqualTo(4);
        assertThat(json.get("pairs").get(0).get("a").asText()).isEqualTo("fast");
        assertThat(json.get("sprt").get("elo1").asDouble()).isEqualTo(50.0);
        assertThat(out.resolve("report.md")).exists();
        assertThat(out.resolve("report.html")).exists();
        try (var files = Files.list(out.resolve("games"))) {
            assertThat(files.filter(p -> p.toString().endsWith(".kif")).count()).isEqualTo(4);
        }
    }

    @Test
    void withoutLocalTheGamesArePlayedByWorkersOnAnEmbeddedBroker(@TempDir Path dir)
            throws Exception {
        Path out = dir.resolve("t");
        Cli.Run r =
                Cli.run(
                        "tournament",
                        "--engine",
                        "name=a builtin option.USI_Hash=1 depth=1",
                        "--engine",
                        "name=b builtin option.USI_Hash=1 nodes=50",
                        "--openings",
                        Files.writeString(dir.resolve("o.usi"), "startpos moves 7g7f\n").toString(),
                        "--games",
                        "2",
                        "--max-plies",
                        "24",
                        "--concurrency",
                        "1",
                        "--in-flight",
                        "1",
                        "--name",
                        "cli-kafka",
                        "--out",
                        out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err()).contains("starting an embedded Kafka broker", "tournament cli-kafka");
        // The embedded broker (and the games it keeps) is deleted on exit: no promise that a re-run
        // continues.
        assertThat(r.err()).doesNotContain("re-run with --name").contains("./joseki cluster up");
        assertThat(r.out()).contains("| 1 | a |", "| 2 | b |");
        JsonNode json = new ObjectMapper().readTree(out.resolve("results.json").toFile());
        assertThat(json.get("players").get(0).get("games").asInt()).isEqualTo(2);
        // The opening line reached the workers: both games start with 7g7f.
        try (var files = Files.list(out.resolve("games"))) {
            for (Path kif : files.filter(p -> p.toString().endsWith(".csa")).toList()) {
                assertThat(Files.readString(kif)).contains("+7776FU");
            }
        }
    }

    @Test
    void onAGivenBrokerWithoutWorkersTheRunSaysSoAndPlaysOnceAWorkerJoins(@TempDir Path dir)
            throws Exception {
        // 1. a real broker that outlives the run, and no worker on it
        try (KafkaBroker broker = KafkaBroker.temporary(Map.of())) {
            broker.start();
            Path out = dir.resolve("t");
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            PrintStream oldErr = System.err;
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            Worker worker = null;
            try {
                CompletableFuture<Integer> run =
                        CompletableFuture.supplyAsync(
                                () ->
                                        Main.run(
                                                "tournament",
                                                "--bootstrap-servers",
                                                broker.bootstrapServers(),
                                                "--engine",
                                                "name=a builtin option.USI_Hash=1 depth=1",
                                                "--engine",
                                                "name=b builtin option.USI_Hash=1 nodes=50",
                                                "--games",
                                                "2",
                                                "--max-plies",
                                                "24",
                                                "--name",
                                                "no-workers",
                                                "--out",
                                                out.toString()));
                // 2. the run names the missing worker and how to start one, instead of waiting
                // silently
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (!err.toString(StandardCharsets.UTF_8).contains("no worker of group")
                        && System.nanoTime() < deadline) {
                    Thread.sleep(100);
                }
                assertThat(err.toString(StandardCharsets.UTF_8))
                        .contains(
                                "re-run with --name no-workers",
                                "no worker of group joseki-selfplay-workers",
                                "./joseki worker --bootstrap-servers " + broker.bootstrapServers());
                // 3. a worker that joins later plays the queued games and the run completes
                worker =
                        new Worker(
                                new Worker.Config(
                                        new KafkaSettings(broker.bootstrapServers(), Map.of()),
                                        Topics.DEFAULT,
                                        "joseki-selfplay-workers",
                                        1,
                                        "late-worker"),
                                PlayerFactory.standard());
                worker.start();
                assertThat(run.get(3, TimeUnit.MINUTES))
                        .as(err.toString(StandardCharsets.UTF_8))
                        .isZero();
                JsonNode json = new ObjectMapper().readTree(out.resolve("results.json").toFile());
                assertThat(json.get("players").get(0).get("games").asInt()).isEqualTo(2);
            } finally {
                System.setErr(oldErr);
                if (worker != null) {
                    worker.stop();
                    worker.awaitTermination(30, TimeUnit.SECONDS);
                }
            }
        }
    }

    @Test
    void anOddNumberOfGamesPerTaskOrOneWithLocalIsAUsageErrorBeforeAnyBroker() {
        Cli.Run odd =
                Cli.run(
                        "tournament",
                        "--bootstrap-servers",
                        "127.0.0.1:9",
                        "--games-per-task",
                        "3",
                        "--engine",
                        "name=a builtin depth=1",
                        "--engine",
                        "name=b builtin depth=1");
        assertThat(odd.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(odd.err())
                .isEqualTo(
                        "joseki tournament: --games-per-task 3: the games are colour-swapped pairs,"
                                + " which stay in one task; give an even number (or 1)\n");
        Cli.Run local =
                Cli.run(
                        "tournament",
                        "--local",
                        "--games-per-task",
                        "4",
                        "--engine",
                        "name=a builtin depth=1",
                        "--engine",
                        "name=b builtin depth=1");
        assertThat(local.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(local.err()).startsWith("joseki tournament: --games-per-task is for the Kafka");
    }

    @Test
    void aMalformedSpecIsAUsageErrorNamingWhichEngineAndTheColumn() {
        Cli.Run r =
                Cli.run(
                        "tournament",
                        "--local",
                        "--engine",
                        "name=a builtin",
                        "--engine",
                        "name=b builtin nodes=x");
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err())
                .isEqualTo(
                        "joseki tournament: --engine #2:1:16: nodes must be a positive integer,"
                                + " got 'x'"
                                + System.lineSeparator());
    }

    @Test
    void clockedGamesArePlayedOnTheRefereesClockAndReportTheirTimeUse(@TempDir Path dir)
            throws Exception {
        Path out = dir.resolve("t");
        Cli.Run r =
                Cli.run(
                        "tournament",
                        "--local",
                        "--engine",
                        "name=clocked builtin option.USI_Hash=1 tc=2+0.05",
                        "--engine",
                        "name=plain builtin option.USI_Hash=1",
                        "--tc",
                        "1+0.05",
                        "--games",
                        "2",
                        "--max-plies",
                        "16",
                        "--out",
                        out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        String report = Files.readString(out.resolve("report.md"));
        // plain takes the --tc default; the spec fields show each side's own clock
        assertThat(report)
                .contains(
                        "`name=clocked builtin option.USI_Hash=1 tc=2+0.05 timemargin=50`",
                        "`name=plain builtin option.USI_Hash=1 tc=1+0.05 timemargin=50`",
                        "## Time use",
                        "Concurrency: 1 game at once x 1 thread per game on ");
    }

    @Test
    void clockedGamesThatWouldShareCoresAreRefusedInOneLine() {
        int cores = Runtime.getRuntime().availableProcessors();
        Cli.Run r =
                Cli.run(
                        "tournament",
                        "--local",
                        "--engine",
                        "name=a builtin option.Threads=" + (cores + 1) + " tc=10",
                        "--engine",
                        "name=b builtin tc=10");
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err())
                .isEqualTo(
                        "joseki tournament: clocked games would share cores: 1 game at once x "
                                + (cores + 1)
                                + " threads per game = "
                                + (cores + 1)
                                + " > "
                                + cores
                                + " cores; play fewer games at once (--concurrency 1)"
                                + " or fewer Threads, or allow it with --allow-shared-cores"
                                + System.lineSeparator());
    }

    @Test
    void aMalformedTimeControlIsAUsageErrorNamingTheColumn() {
        Cli.Run r =
                Cli.run(
                        "tournament",
                        "--local",
                        "--engine",
                        "name=a builtin tc=10 nodes=5",
                        "--engine",
                        "name=b builtin");
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("--engine #1:1:22: tc= and nodes= exclude each other");
    }

    @Test
    void anInFlightWindowBelowOneIsAUsageError() {
        Cli.Run r =
                Cli.run(
                        "tournament",
                        "--in-flight",
                        "0",
                        "--engine",
                        "name=a builtin",
                        "--engine",
                        "name=b builtin");
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err())
                .isEqualTo(
                        "joseki tournament: --in-flight must be at least 1, got 0"
                                + System.lineSeparator());
    }

    @Test
    void negativeSampledPliesAreAUsageError() {
        Cli.Run r =
                Cli.run(
                        "tournament",
                        "--local",
                        "--sample-plies",
                        "-1",
                        "--engine",
                        "name=a builtin",
                        "--engine",
                        "name=b builtin");
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err())
                .isEqualTo(
                        "joseki tournament: --sample-plies and --sample-window"
                                + " must not be negative"
                                + System.lineSeparator());
    }

    /**
     * Two identical players from one opening: 2 games that repeat each other unless the plies are
     * sampled.
     */
    @Test
    void sampledPliesMakeAPairOfIdenticalPlayersDistinct(@TempDir Path dir) throws Exception {
        Path openings = dir.resolve("o.usi");
        java.nio.file.Files.writeString(openings, "startpos moves 7g7f 3c3d\n");
        for (String plies : new String[] {"0", "8"}) {
            Cli.Run r =
                    Cli.run(
                            "tournament",
                            "--local",
                            "--sample-plies",
                            plies,
                            "--openings",
                            openings.toString(),
                            "--max-plies",
                            "60",
                            "--engine",
                            "name=a builtin option.USI_Hash=1 depth=1",
                            "--engine",
                            "name=b builtin option.USI_Hash=1 depth=1",
                            "--out",
                            dir.resolve("t" + plies).toString());
            assertThat(r.status()).as(r.err()).isZero();
            String distinct = plies.equals("0") ? "1 of 2" : "2 of 2";
            assertThat(r.out()).contains("Distinct games: " + distinct);
            assertThat(r.out()).contains("± n/a (fewer than 15 pairs)");
        }
    }

    @Test
    void oneEngineIsNotATournament() {
        Cli.Run r = Cli.run("tournament", "--local", "--engine", "name=a builtin");
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("at least two");
    }

    @Test
    void aBuiltinPlayerWithTheBookPlaysAFullMatchBookMove(@TempDir Path dir) throws Exception {
        // The small book has 7g7f (twice) and 2g2f (once) at the start position.
        Path book = SmallBook.write(dir.resolve("book"));
        Path out = dir.resolve("t");
        Cli.Run r =
                Cli.run(
                        "tournament",
                        "--local",
                        "--engine",
                        "name=HQM builtin option.BookMode=HQM option.USI_Hash=1 nodes=50",
                        "--engine",
                        "name=NM builtin option.BookMode=NM option.USI_Hash=1 nodes=50",
                        "--book",
                        book.toString(),
                        "--games",
                        "2",
                        "--max-plies",
                        "12",
                        "--out",
                        out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        int hqmAsBlack = 0;
        try (var files = Files.list(out.resolve("games"))) {
            for (Path csa : files.filter(p -> p.toString().endsWith(".csa")).toList()) {
                var game =
                        dev.joseki.notation.RecordReader.read(
                                        csa, dev.joseki.notation.RecordFormat.CSA)
                                .get(0);
                if (game.blackName().equals("HQM")) {
                    hqmAsBlack++;
                    assertThat(dev.joseki.rules.Move.usi(game.moves().get(0).move()))
                            .isIn("7g7f", "2g2f");
                }
            }
        }
        assertThat(hqmAsBlack).isEqualTo(1);
    }

    @Test
    void aBookModeOutsideNmHmHqmIsAUsageError(@TempDir Path dir) {
        Cli.Run r =
                Cli.run(
                        "tournament",
                        "--local",
                        "--engine",
                        "name=a builtin option.BookMode=XQM",
                        "--engine",
                        "name=b builtin",
                        "--out",
                        dir.toString());
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err())
                .contains("engine 'a': option BookMode: 'XQM' is not one of NM, HM, HQM, HQCM");
    }

    @Test
    void aNameThatLooksLikeASelfPlayRunIsRefused(@TempDir Path dir) {
        Cli.Run r =
                Cli.run(
                        "tournament",
                        "--local",
                        "--name",
                        "sp-mine",
                        "--engine",
                        "name=a builtin nodes=60",
                        "--engine",
                        "name=b builtin nodes=60",
                        "--games",
                        "2",
                        "--out",
                        dir.toString());
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err())
                .isEqualTo(
                        "joseki tournament: --name must not start with 'sp-' (self-play run ids do)"
                                + System.lineSeparator());
    }

    @Test
    void theDefaultOutputIsUnderTheIgnoredRunFolderNotAModuleFolder() throws Exception {
        TournamentCommand c = new TournamentCommand();
        new picocli.CommandLine(c).parseArgs("--engine", "builtin");
        assertThat(c.out.getName(0).toString()).isEqualTo("run");
        assertThat(java.nio.file.Files.readAllLines(Path.of("..", ".gitignore"))).contains("/run/");
    }
}
