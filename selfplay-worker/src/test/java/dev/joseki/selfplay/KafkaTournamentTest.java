package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.play.BuiltinPlayer;
import dev.joseki.play.EngineSpec;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.rules.Declaration;
import dev.joseki.rules.Game;
import dev.joseki.rules.Termination;
import dev.joseki.tournament.GameOutcome;
import dev.joseki.tournament.OpeningSuite;
import dev.joseki.tournament.RefereedGames;
import dev.joseki.tournament.RunEnd;
import dev.joseki.tournament.Tournament;
import dev.joseki.tournament.TournamentFormat;
import dev.joseki.tournament.TournamentResults;
import dev.joseki.tournament.TournamentSetup;
import dev.joseki.tournament.report.ReportWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 3-player round robin played by two real worker JVMs over the real broker, one player an
 * external USI engine (our own engine as a separate process). One worker is SIGKILLed mid-run: the
 * tournament must still finish with every scheduled game counted exactly once and write its
 * reports; a second run under the same tournament id sends nothing and finds every game again.
 */
@ExtendWith(KafkaBrokerExtension.class)
class KafkaTournamentTest {
    private static final String ID = "rr3";
    private static final int ROUNDS = 2;
    private static final int GAMES = 3 * 2 * ROUNDS; // 3 matchups, a colour-swapped pair per round

    @Test
    void roundRobinSurvivesAKilledWorkerAndCountsEveryGameOnce(
            KafkaBroker broker, @TempDir Path dir) throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("tour");
        topics.ensure(kafka);
        String java = TestEngines.javaCommand();
        List<EngineSpec> players =
                List.of(
                        EngineSpec.parse("name=n100 builtin option.USI_Hash=1 nodes=100"),
                        EngineSpec.parse("name=d1 builtin option.USI_Hash=1 depth=1"),
                        EngineSpec.parse(
                                "name=ext cmd="
                                        + java
                                        + " arg=-XX:TieredStopAtLevel=1 arg=-Xmx64m arg=-cp arg=\""
                                        + System.getProperty("java.class.path")
                                        + "\" arg=dev.joseki.play.usi.UsiMain option.USI_Hash=1"
                                        + " nodes=100"));
        Game.Rules rules = new Game.Rules(80, Declaration.Rule.POINTS_27);
        TournamentSetup setup =
                new TournamentSetup(
                        ID,
                        players,
                        TournamentFormat.ROUND_ROBIN,
                        ROUNDS,
                        OpeningSuite.sequential(
                                OpeningSuite.parse(
                                        "startpos moves 7g7f 3c3d\nstartpos moves 2g2f 8c8d\n",
                                        "test")),
                        null,
                        rules);
        KafkaExecutor.Config config =
                new KafkaExecutor.Config(
                        kafka,
                        topics,
                        "tour-group",
                        ID,
                        ID,
                        rules.maxPlies(),
                        4,
                        Duration.ofSeconds(90));

        Path logs = Files.createDirectories(Path.of("target", "tournament-kill-logs"));
        List<Process> workers = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            workers.add(
                    WorkerProcess.start(
                            broker.bootstrapServers(),
                            "tour-group",
                            "tour",
                            logs.resolve("worker-" + i + ".log"),
                            "-Xmx256m"));
        }
        try {
            assertThat(
                            SelfPlayRun.awaitWorkers(
                                    kafka, topics, "tour-group", 2, Duration.ofSeconds(60)))
                    .isTrue();
            AtomicInteger done = new AtomicInteger();
            Path archive = logs.resolve("kill.games");
            Files.deleteIfExists(archive);
            KafkaExecutor executor = new KafkaExecutor(config, archive);
            CompletableFuture<TournamentResults> running =
                    CompletableFuture.supplyAsync(
                            () -> {
                                try (RefereedGames checker = new RefereedGames(rules, ID)) {
                                    return Tournament.run(
                                            setup,
                                            checker,
                                            executor,
                                            (o, n, total, tested, sprt) -> done.set(n));
                                }
                            });

            // SIGKILL one worker inside a task, once a few games are in.
            long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
            while (done.get() < 2 && System.nanoTime() < deadline && !running.isDone()) {
                Thread.sleep(50);
            }
            Path victimLog = logs.resolve("worker-0.log");
            String inFlight = WorkerLog.awaitTaskInFlight(victimLog, Duration.ofSeconds(60));
            workers.get(0).destroyForcibly();
            assertThat(workers.get(0).waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(done.get()).as("the kill must land mid-run").isLessThan(GAMES);
            String victimId = WorkerLog.workerId(victimLog);

            TournamentResults r = running.get(150, TimeUnit.SECONDS);
            assertThat(r.games()).hasSize(GAMES);
            assertThat(r.games().stream().map(o -> o.task().id()).distinct().count())
                    .isEqualTo(GAMES);
            assertThat(r.scheduledGames()).isEqualTo(GAMES);
            assertThat(executor.resumed()).isZero();
            assertThat(executor.sent()).isEqualTo(GAMES);

            // The topic holds each game of the tournament exactly once (read_committed).
            Thread.sleep(2000);
            List<GameRecord> mine =
                    SelfPlayRun.readAll(kafka, topics).stream()
                            .filter(g -> g.getTournamentId().equals(ID))
                            .toList();
            Map<String, Long> perId =
                    mine.stream()
                            .collect(
                                    Collectors.groupingBy(
                                            GameRecord::getGameId, Collectors.counting()));
            assertThat(perId)
                    .hasSize(GAMES)
                    .allSatisfy((id, n) -> assertThat(n).as(id).isEqualTo(1L));
            // The archive kept beside the run holds every game once, as the topic has them.
            assertThat(GameArchive.read(archive))
                    .extracting(GameRecord::getGameId)
                    .containsExactlyInAnyOrderElementsOf(perId.keySet());
            List<GameRecord> redone =
                    mine.stream().filter(g -> g.getTaskId().equals(inFlight)).toList();
            assertThat(redone).hasSize(1);
            assertThat(redone.get(0).getWorkerId()).isNotEqualTo(victimId);

            // The external engine played through the same path: 8 games, all finished by the rules,
            // none crashed.
            List<GameOutcome> extGames =
                    r.games().stream()
                            .filter(
                                    o ->
                                            o.task().blackSpec().name().equals("ext")
                                                    || o.task().whiteSpec().name().equals("ext"))
                            .toList();
            assertThat(extGames).hasSize(8);
            assertThat(extGames)
                    .allSatisfy(
                            o ->
                                    assertThat(o.termination())
                                            .isNotIn(Termination.ABORT, Termination.TIME));
            // Every game starts with its opening line: the record begins 7g7f 3c3d or 2g2f 8c8d.
            for (GameRecord g : mine) {
                assertThat(g.getOpeningPlies()).isEqualTo(2);
                assertThat(g.getMoves(0).getUsi()).isIn("7g7f", "2g2f");
            }

            Path out = dir.resolve("report");
            ReportWriter.write(r, out);
            assertThat(Files.readString(out.resolve("report.md"))).contains("n100", "d1", "ext");
            assertThat(Files.readString(out.resolve("report.html"))).contains("<svg", "ext");
            try (var files = Files.list(out.resolve("games"))) {
                assertThat(files.filter(p -> p.toString().endsWith(".csa")).count())
                        .isEqualTo(GAMES);
            }

            // Re-running the same tournament id sends nothing and finds every game.
            KafkaExecutor again = new KafkaExecutor(config);
            TournamentResults r2;
            try (RefereedGames checker = new RefereedGames(rules, ID)) {
                r2 = Tournament.run(setup, checker, again, (o, n, total, tested, sprt) -> {});
            }
            assertThat(again.resumed()).isEqualTo(GAMES);
            assertThat(again.sent()).isZero();
            assertThat(r2.tested()).isEqualTo(r.tested());
        } finally {
            for (Process w : workers) {
                w.destroy();
            }
            for (Process w : workers) {
                if (!w.waitFor(30, TimeUnit.SECONDS)) {
                    w.destroyForcibly();
                }
            }
        }
    }

    @Test
    void tasksAnInterruptedRunLeftQueuedAreWaitedForNotSentAgain(KafkaBroker broker)
            throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("tour-queued");
        topics.ensure(kafka);
        List<EngineSpec> players =
                List.of(
                        EngineSpec.parse("name=a builtin option.USI_Hash=1 depth=1"),
                        EngineSpec.parse("name=b builtin option.USI_Hash=1 nodes=50"));
        Game.Rules rules = new Game.Rules(16, Declaration.Rule.POINTS_27);
        TournamentSetup setup =
                new TournamentSetup(
                        "queued",
                        players,
                        TournamentFormat.ROUND_ROBIN,
                        2,
                        OpeningSuite.sequential(
                                OpeningSuite.parse(
                                        "startpos moves 7g7f 3c3d\nstartpos moves 2g2f 8c8d\n",
                                        "test")),
                        null,
                        rules);

        // 1. A run with no worker sends its 4 tasks and gives up: they stay queued for the group.
        KafkaExecutor first =
                new KafkaExecutor(
                        new KafkaExecutor.Config(
                                kafka,
                                topics,
                                "queued-group",
                                "queued",
                                "queued",
                                rules.maxPlies(),
                                8,
                                Duration.ofSeconds(3)));
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () ->
                                Tournament.run(
                                        setup,
                                        new RefereedGames(rules, "queued"),
                                        first,
                                        (o, n, total, tested, sprt) -> {}))
                .hasMessageContaining("no game of any run finished");
        assertThat(first.sent()).isEqualTo(4);

        // 2. The re-run finds them queued, sends nothing, and gets each game once from a worker
        // that joins now.
        Worker worker =
                new Worker(
                        new Worker.Config(kafka, topics, "queued-group", 1, "late"),
                        PlayerFactory.standard());
        worker.start();
        try {
            KafkaExecutor again =
                    new KafkaExecutor(
                            new KafkaExecutor.Config(
                                    kafka,
                                    topics,
                                    "queued-group",
                                    "queued",
                                    "queued",
                                    rules.maxPlies(),
                                    8,
                                    Duration.ofSeconds(90)));
            TournamentResults r;
            try (RefereedGames checker = new RefereedGames(rules, "queued")) {
                r = Tournament.run(setup, checker, again, (o, n, total, tested, sprt) -> {});
            }
            assertThat(r.games()).hasSize(4);
            assertThat(again.requeued()).isEqualTo(4);
            assertThat(again.sent()).isZero();
            // 3. Nothing was played twice: the games topic holds each game id once.
            Thread.sleep(2000);
            Map<String, Long> perId =
                    SelfPlayRun.readAll(kafka, topics).stream()
                            .filter(g -> g.getTournamentId().equals("queued"))
                            .collect(
                                    Collectors.groupingBy(
                                            GameRecord::getGameId, Collectors.counting()));
            assertThat(perId).hasSize(4).allSatisfy((id, n) -> assertThat(n).as(id).isEqualTo(1L));
        } finally {
            worker.stop();
            worker.awaitTermination(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void anInterruptedRunReturnsAtOnceAndLeavesItsTasksQueuedNotRetired(KafkaBroker broker)
            throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("tour-interrupted");
        topics.ensure(kafka);
        Game.Rules rules = new Game.Rules(16, Declaration.Rule.POINTS_27);
        TournamentSetup setup =
                new TournamentSetup(
                        "interrupted",
                        List.of(
                                EngineSpec.parse("name=a builtin option.USI_Hash=1 depth=1"),
                                EngineSpec.parse("name=b builtin option.USI_Hash=1 nodes=50")),
                        TournamentFormat.ROUND_ROBIN,
                        2,
                        OpeningSuite.sequential(
                                OpeningSuite.parse("startpos moves 7g7f 3c3d\n", "test")),
                        null,
                        rules);
        // No worker: nothing can finish. Without the interrupt this run would wait 120 s and fail.
        KafkaExecutor executor =
                new KafkaExecutor(
                        new KafkaExecutor.Config(
                                kafka,
                                topics,
                                "interrupted-group",
                                "interrupted",
                                "interrupted",
                                rules.maxPlies(),
                                8,
                                Duration.ofSeconds(120)));
        long start = System.nanoTime();
        TournamentResults r;
        try (RefereedGames checker = new RefereedGames(rules, "interrupted")) {
            r =
                    Tournament.run(
                            setup,
                            checker,
                            executor,
                            (o, n, total, tested, sprt) -> {},
                            // interrupted while it waits: its tasks sent, 3 s gone (on a loaded
                            // machine the sends alone may take longer than that)
                            () ->
                                    executor.sent() == 4
                                            && System.nanoTime() - start
                                                    > Duration.ofSeconds(3).toNanos());
        }
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(30));
        assertThat(r.end()).isEqualTo(RunEnd.INTERRUPTED);
        assertThat(r.games()).isEmpty();
        assertThat(executor.sent()).isEqualTo(4);
        // Unlike a decided run, nothing is retired: the 4 tasks stay queued for a re-run to use.
        assertThat(RetiredRuns.of(kafka, topics, "interrupted")).isNull();
        assertThat(
                        QueuedTasks.of(
                                kafka,
                                topics.tasks(),
                                "interrupted-group",
                                "interrupted",
                                Map.of()))
                .containsExactly(0, 1, 2, 3);
    }

    @Test
    void aTournamentIdTakenByAnotherTournamentIsRefused(KafkaBroker broker) throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("tour-taken");
        topics.ensure(kafka);
        // A finished game of tournament "taken" between x and y, as a worker would have published
        // it.
        EngineSpec x = EngineSpec.parse("name=x builtin depth=1"),
                y = EngineSpec.parse("name=y builtin depth=1");
        var task =
                dev.joseki.tournament.Schedule.build(
                                List.of(x, y),
                                TournamentFormat.ROUND_ROBIN,
                                1,
                                OpeningSuite.startPosition())
                        .get(0);
        GameRecord played =
                new TaskGames("w", "test")
                        .play(
                                TournamentGames.task("taken", task, 8),
                                0,
                                new TaskGames.Seat(
                                        new BuiltinPlayer(Map.of()),
                                        TaskPlayers.player(task.blackSpec())),
                                new TaskGames.Seat(
                                        new BuiltinPlayer(Map.of()),
                                        TaskPlayers.player(task.whiteSpec())),
                                () -> false);
        TopicsForTest.sendRaw(kafka, topics.games(), played.getGameId(), played.toByteArray());

        EngineSpec z = EngineSpec.parse("name=z builtin depth=1");
        TournamentSetup other =
                new TournamentSetup(
                        "taken",
                        List.of(z, y),
                        TournamentFormat.ROUND_ROBIN,
                        1,
                        OpeningSuite.startPosition(),
                        null,
                        new Game.Rules(8, Declaration.Rule.POINTS_27));
        KafkaExecutor executor =
                new KafkaExecutor(
                        new KafkaExecutor.Config(
                                kafka,
                                topics,
                                "nobody",
                                "taken",
                                "taken",
                                8,
                                4,
                                Duration.ofSeconds(5)));
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () ->
                                Tournament.run(
                                        other,
                                        new RefereedGames(other.rules(), "taken"),
                                        executor,
                                        (o, n, total, tested, sprt) -> {}))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("game taken-g0/0 on the games topic is x vs y")
                .hasMessageContaining("choose another --name");
    }
}
