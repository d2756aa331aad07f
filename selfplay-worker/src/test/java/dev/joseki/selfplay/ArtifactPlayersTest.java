package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.KafkaBrokerExtension;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.play.EngineSpec;
import dev.joseki.records.proto.EngineArtifact;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.Player;
import dev.joseki.rules.Declaration;
import dev.joseki.rules.Game;
import dev.joseki.rules.Termination;
import dev.joseki.tournament.OpeningSuite;
import dev.joseki.tournament.RefereedGames;
import dev.joseki.tournament.Tournament;
import dev.joseki.tournament.TournamentFormat;
import dev.joseki.tournament.TournamentResults;
import dev.joseki.tournament.TournamentSetup;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * An engine published once and played by two worker JVMs that never had it, each with an empty
 * cache of its own; then a task whose artifact was altered on the topic and one whose artifact does
 * not exist: both parked on the dead-letter topic with the reason, nothing run, both workers alive.
 */
@ExtendWith(KafkaBrokerExtension.class)
class ArtifactPlayersTest {
    private static final String GROUP = "artifact-workers";
    private static final int GAMES = 4; // 2 rounds of a colour-swapped pair

    @Test
    void twoWorkersPlayAPublishedEngineAndRefuseAlteredOrMissingOnes(
            KafkaBroker broker, @TempDir Path dir) throws Exception {
        KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers());
        Topics topics = Topics.withPrefix("artifact");
        topics.ensure(kafka);
        EngineTopic engines = new EngineTopic(kafka, topics.engines());
        ArtifactFiles usi = TestArtifacts.usiWrapper(dir.resolve("usi-engine"));
        engines.publish(usi, "wrapped", Instant.now());

        Path logs = Files.createDirectories(Path.of("target", "artifact-worker-logs"));
        List<Process> workers = new ArrayList<>();
        List<Path> caches = List.of(dir.resolve("cache-0"), dir.resolve("cache-1"));
        for (int i = 0; i < 2; i++) {
            workers.add(
                    WorkerProcess.start(
                            broker.bootstrapServers(),
                            GROUP,
                            "artifact",
                            logs.resolve("worker-" + i + ".log"),
                            "-Xmx256m",
                            "-Djoseki.engine.cache=" + caches.get(i)));
        }
        try {
            assertThat(SelfPlayRun.awaitWorkers(kafka, topics, GROUP, 2, Duration.ofSeconds(60)))
                    .isTrue();
            TournamentResults r = tournament(kafka, topics);
            assertThat(r.games()).hasSize(GAMES);
            assertThat(r.games())
                    .allSatisfy(
                            o ->
                                    assertThat(o.termination())
                                            .isNotIn(Termination.ABORT, Termination.TIME));
            List<GameRecord> records =
                    SelfPlayRun.readAll(kafka, topics).stream()
                            .filter(g -> g.getTournamentId().equals("art"))
                            .toList();
            assertThat(records).hasSize(GAMES);
            // the engine behind the wrapper answered, so both files came: it is our own engine
            assertThat(records)
                    .allSatisfy(
                            g -> {
                                Player side =
                                        g.getBlack().getName().equals("wrapped")
                                                ? g.getBlack()
                                                : g.getWhite();
                                assertThat(side.getEngineId()).startsWith("Joseki");
                                assertThat(side.getArtifact().getHash()).isEqualTo(usi.hash());
                            });
            Map<String, Long> perWorker =
                    records.stream()
                            .collect(
                                    Collectors.groupingBy(
                                            GameRecord::getWorkerId, Collectors.counting()));
            assertThat(perWorker).as("both workers played").hasSize(2);
            for (Path cache : caches) {
                assertThat(new ArtifactCache(cache, 4).held()).containsExactly(usi.hash());
                assertThat(Files.isExecutable(cache.resolve(usi.hash()).resolve("run.sh")))
                        .isTrue();
            }

            // An altered chunk, and an artifact that was never published.
            ArtifactFiles altered = TestArtifacts.usiWrapper(dir.resolve("altered"));
            Files.writeString(dir.resolve("altered/data/extra.txt"), "another artifact\n");
            altered = ArtifactFiles.collect(List.of(dir.resolve("altered")), "run.sh");
            engines.publish(altered, "altered", Instant.now());
            // run.sh written again under its chunk's key, as long as it was, running another class
            byte[] other =
                    Files.readString(dir.resolve("altered/run.sh"))
                            .replace("UsiMain", "UsiMaim")
                            .getBytes(StandardCharsets.UTF_8);
            TopicsForTest.sendRaw(
                    kafka,
                    topics.engines(),
                    EngineTopic.CHUNKS,
                    EngineTopic.chunkKey(altered.hash(), 2, 0),
                    other);
            String otherSha = ArtifactHash.sha256(Files.write(dir.resolve("other.sh"), other));
            String missing = "0f".repeat(32);
            Limits nodes = Limits.newBuilder().setNodes(50).build();
            TopicsForTest.sendTask(
                    kafka,
                    topics,
                    TopicsForTest.oneGame(
                            "altered-1",
                            artifact("altered", altered.hash()),
                            TestEngines.tinyBuiltin(),
                            nodes,
                            20));
            TopicsForTest.sendTask(
                    kafka,
                    topics,
                    TopicsForTest.oneGame(
                            "missing-1",
                            TestEngines.tinyBuiltin(),
                            artifact("gone", missing),
                            nodes,
                            20));
            Map<String, String> reasons = awaitDeadLetters(kafka, topics, 2);
            assertThat(reasons.get("altered-1"))
                    .isEqualTo(
                            "artifact "
                                    + altered.hash()
                                    + ": run.sh does not match its SHA-256 (expected "
                                    + altered.files().get(2).getSha256()
                                    + ", fetched "
                                    + otherSha
                                    + "): refused, not run");
            assertThat(reasons.get("missing-1"))
                    .isEqualTo("no artifact " + missing + " on " + topics.engines());
            for (Path cache : caches) {
                assertThat(cache.resolve(altered.hash())).doesNotExist();
            }
            assertThat(workers).allSatisfy(w -> assertThat(w.isAlive()).isTrue());
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

    private static Player artifact(String name, String hash) {
        return Player.newBuilder()
                .setName(name)
                .setArtifact(EngineArtifact.newBuilder().setName(name).setHash(hash))
                .putOptions("USI_Hash", "1")
                .build();
    }

    /** A 2-round round robin of the published engine (by name) and the built-in one. */
    private static TournamentResults tournament(KafkaSettings kafka, Topics topics) {
        List<EngineSpec> players =
                List.of(
                        EngineSpec.parse(
                                "name=wrapped artifact=wrapped option.USI_Hash=1 nodes=100"),
                        EngineSpec.parse("name=d1 builtin option.USI_Hash=1 depth=1"));
        Game.Rules rules = new Game.Rules(40, Declaration.Rule.POINTS_27);
        TournamentSetup setup =
                new TournamentSetup(
                        "art",
                        players,
                        TournamentFormat.ROUND_ROBIN,
                        2,
                        OpeningSuite.sequential(
                                OpeningSuite.parse(
                                        "startpos moves 7g7f 3c3d\nstartpos moves 2g2f 8c8d\n",
                                        "test")),
                        null,
                        rules);
        KafkaExecutor executor =
                new KafkaExecutor(
                        new KafkaExecutor.Config(
                                kafka,
                                topics,
                                GROUP,
                                "art",
                                "art",
                                rules.maxPlies(),
                                GAMES,
                                Duration.ofSeconds(120)));
        try (RefereedGames checker = new RefereedGames(rules, "art")) {
            return Tournament.run(setup, checker, executor, (o, n, total, tested, sprt) -> {});
        }
    }

    /** Task id to the reason of its dead letter, once {@code n} are there. */
    private static Map<String, String> awaitDeadLetters(KafkaSettings kafka, Topics topics, int n)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (true) {
            List<ConsumerRecord<String, byte[]>> all = TopicsForTest.deadLetters(kafka, topics);
            if (all.size() >= n || System.nanoTime() > deadline) {
                return all.stream()
                        .collect(
                                Collectors.toMap(
                                        ConsumerRecord::key,
                                        r ->
                                                new String(
                                                        r.headers()
                                                                .lastHeader("joseki.error")
                                                                .value(),
                                                        StandardCharsets.UTF_8)));
            }
            Thread.sleep(500);
        }
    }
}
