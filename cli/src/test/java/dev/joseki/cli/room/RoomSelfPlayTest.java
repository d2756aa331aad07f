package dev.joseki.cli.room;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.joseki.broker.KafkaBroker;
import dev.joseki.cli.Cli;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.selfplay.PlayerFactory;
import dev.joseki.selfplay.SelfPlayRun;
import dev.joseki.selfplay.Worker;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A self-play run in the control room, on a real broker with a real worker: {@code ./joseki
 * selfplay --wait} writes its RunInfo, the runs page lists it as kind selfplay with its progress
 * and games per hour, and it turns finished; the page's stop action ends another one, whose
 * remaining tasks the worker commits unplayed.
 */
@Tag("full")
class RoomSelfPlayTest {
    static final String TOKEN = "room-selfplay-token";
    static final String GROUP = "joseki-selfplay-workers";

    static JsonNode get(int port, String path) throws Exception {
        HttpResponse<String> r =
                HttpClient.newHttpClient()
                        .send(
                                HttpRequest.newBuilder(
                                                URI.create("http://127.0.0.1:" + port + path))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString());
        return RunJson.MAPPER.readTree(r.body());
    }

    /** The first row of /api/runs that {@code test} accepts, waiting up to two minutes. */
    static JsonNode awaitRow(int port, Predicate<JsonNode> test) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        JsonNode runs = null;
        while (System.nanoTime() < deadline) {
            runs = get(port, "/api/runs").get("runs");
            for (JsonNode row : runs) {
                if (test.test(row)) {
                    return row;
                }
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no such row in " + runs);
    }

    static Worker worker(String servers) {
        Worker w =
                new Worker(
                        new Worker.Config(
                                new KafkaSettings(servers, Map.of()),
                                Topics.DEFAULT,
                                GROUP,
                                1,
                                "room-worker"),
                        PlayerFactory.standard());
        w.start();
        return w;
    }

    static CompletableFuture<Cli.Run> selfPlay(String servers, int games, int nodes) {
        return CompletableFuture.supplyAsync(
                () ->
                        Cli.run(
                                "selfplay",
                                "--bootstrap-servers",
                                servers,
                                "--games",
                                String.valueOf(games),
                                "--nodes",
                                String.valueOf(nodes),
                                "--max-plies",
                                "24",
                                "--seed",
                                "7",
                                "--wait",
                                "--wait-timeout",
                                "300"));
    }

    static ControlRoom room(String servers) {
        return ControlRoom.start(
                KafkaSettings.of(servers),
                Topics.DEFAULT,
                new InetSocketAddress("127.0.0.1", 0),
                List.of(),
                TOKEN);
    }

    @Test
    void aSelfPlayRunIsListedWithItsProgressAndRateAndTurnsFinished() throws Exception {
        try (KafkaBroker broker = KafkaBroker.temporary(Map.of())) {
            broker.start();
            String servers = broker.bootstrapServers();
            Topics.DEFAULT.ensure(KafkaSettings.of(servers));
            Worker w = worker(servers);
            try (ControlRoom room = room(servers)) {
                Cli.Run run = selfPlay(servers, 4, 200).get(4, TimeUnit.MINUTES);
                assertThat(run.status()).as(run.err()).isZero();
                String id = run.out().lines().findFirst().orElseThrow().split(" ")[1];
                JsonNode row =
                        awaitRow(
                                room.port(),
                                r ->
                                        r.get("id").asText().equals(id)
                                                && r.get("status").asText().equals("finished")
                                                && r.get("done").asInt() == 4);
                assertThat(row.get("kind").asText()).isEqualTo("selfplay");
                assertThat(row.get("planned").asInt()).isEqualTo(4);
                assertThat(row.get("tc").asText()).isEqualTo("nodes=200");
                // games per hour: the 4 games over the time from the start to the last one, as
                // the broker's records give it
                long start = java.time.Instant.parse(row.get("started").asText()).toEpochMilli();
                long last = 0;
                for (GameRecord g :
                        SelfPlayRun.readAll(KafkaSettings.of(servers), Topics.DEFAULT)) {
                    if (g.getTournamentId().equals(id)) {
                        last =
                                Math.max(
                                        last,
                                        g.getFinishedAt().getSeconds() * 1000
                                                + g.getFinishedAt().getNanos() / 1_000_000);
                    }
                }
                assertThat(last).isGreaterThan(start);
                assertThat(row.get("games_per_hour").asDouble())
                        .isCloseTo(
                                4 * 3_600_000.0 / (last - start),
                                org.assertj.core.data.Offset.offset(1e-6));
                JsonNode detail = get(room.port(), "/api/runs/" + id).get("run");
                assertThat(detail.get("last_games")).hasSize(4);
            } finally {
                w.stop();
                w.awaitTermination(30, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void theStopActionEndsASelfPlayRunWhoseRemainingTasksAreNotPlayed() throws Exception {
        try (KafkaBroker broker = KafkaBroker.temporary(Map.of())) {
            broker.start();
            String servers = broker.bootstrapServers();
            Topics.DEFAULT.ensure(KafkaSettings.of(servers));
            Worker w = worker(servers);
            try (ControlRoom room = room(servers)) {
                int planned = 40;
                CompletableFuture<Cli.Run> run = selfPlay(servers, planned, 20_000);
                // 1. once its first game is in, stop it from the page
                JsonNode row =
                        awaitRow(
                                room.port(),
                                r ->
                                        r.get("kind").asText().equals("selfplay")
                                                && r.get("done").asInt() >= 1);
                String id = row.get("id").asText();
                HttpResponse<String> stop =
                        HttpClient.newHttpClient()
                                .send(
                                        HttpRequest.newBuilder(
                                                        URI.create(
                                                                "http://127.0.0.1:"
                                                                        + room.port()
                                                                        + "/api/runs/"
                                                                        + id
                                                                        + "/stop"))
                                                .header("X-Joseki-Token", TOKEN)
                                                .POST(HttpRequest.BodyPublishers.noBody())
                                                .build(),
                                        HttpResponse.BodyHandlers.ofString());
                assertThat(stop.statusCode()).as(stop.body()).isEqualTo(200);
                // 2. the waiting command ends, saying so, and its RunInfo says stopped
                Cli.Run ended = run.get(3, TimeUnit.MINUTES);
                assertThat(ended.status()).isNotZero();
                assertThat(ended.err()).contains("no more will: the run was stopped");
                JsonNode stopped =
                        awaitRow(
                                room.port(),
                                r ->
                                        r.get("id").asText().equals(id)
                                                && r.get("status").asText().equals("stopped"));
                // 3. the worker took every task (played or committed unplayed), and most were not
                // played: at most the task in hand when the marker came is played after it
                awaitAllTasksTaken(servers);
                long games =
                        SelfPlayRun.readAll(KafkaSettings.of(servers), Topics.DEFAULT).stream()
                                .filter(g -> g.getTournamentId().equals(id))
                                .count();
                assertThat(games).isLessThan(planned);
                assertThat(stopped.get("done").asInt()).isLessThanOrEqualTo((int) games);
            } finally {
                w.stop();
                w.awaitTermination(30, TimeUnit.SECONDS);
            }
        }
    }

    /** Waits until the workers' group has committed the tasks topic to its end. */
    static void awaitAllTasksTaken(String servers) throws Exception {
        try (Admin admin =
                Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, servers))) {
            long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            while (true) {
                Map<TopicPartition, OffsetAndMetadata> committed =
                        admin.listConsumerGroupOffsets(GROUP).partitionsToOffsetAndMetadata().get();
                Map<TopicPartition, OffsetSpec> latest = new java.util.HashMap<>();
                admin.describeTopics(List.of(Topics.DEFAULT.tasks()))
                        .allTopicNames()
                        .get()
                        .get(Topics.DEFAULT.tasks())
                        .partitions()
                        .forEach(
                                p ->
                                        latest.put(
                                                new TopicPartition(
                                                        Topics.DEFAULT.tasks(), p.partition()),
                                                OffsetSpec.latest()));
                Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> ends =
                        admin.listOffsets(latest).all().get();
                boolean taken =
                        ends.entrySet().stream()
                                .allMatch(
                                        e ->
                                                e.getValue().offset() == 0
                                                        || (committed.get(e.getKey()) != null
                                                                && committed
                                                                                .get(e.getKey())
                                                                                .offset()
                                                                        >= e.getValue().offset()));
                if (taken) {
                    return;
                }
                assertThat(System.nanoTime()).as("tasks still queued").isLessThan(deadline);
                Thread.sleep(250);
            }
        }
    }
}
