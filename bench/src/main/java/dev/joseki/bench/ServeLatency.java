package dev.joseki.bench;

import com.google.protobuf.Timestamp;
import dev.joseki.broker.KafkaBroker;
import dev.joseki.cli.room.ControlRoom;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.notation.Sfen;
import dev.joseki.records.GameRecords;
import dev.joseki.records.proto.BuiltinEngine;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.RunInfo;
import dev.joseki.records.proto.RunStatus;
import dev.joseki.rules.Game;
import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.selfplay.GameArchive;
import dev.joseki.selfplay.RunBoard;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;

/**
 * The latency of ./joseki serve's data endpoints with one run of N games: writes a finished
 * two-player run (RunInfo and N synthetic games of seeded random legal play, each ended by a
 * resignation or by the rules) into a real broker, starts the control room on it, waits until it
 * shows every game, then times R sequential requests of each endpoint after 50 of warm-up and
 * prints p50, p99 and max in milliseconds.
 *
 * <pre>
 * java -cp 'bench/target/joseki-bench.jar:cli/target/joseki-cli.jar:cli/target/lib/*' \
 *     dev.joseki.bench.ServeLatency [GAMES=10000] [REQUESTS=1000] [BOOTSTRAP_SERVERS]
 * </pre>
 *
 * Without BOOTSTRAP_SERVERS it starts a temporary broker (removed at the end); with them it writes
 * to topics of a fresh prefix {@code serve-bench-<time>}.
 */
public final class ServeLatency {
    private static final String RUN = "bench";

    private ServeLatency() {}

    public static void main(String[] args) throws Exception {
        int games = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int requests = args.length > 1 ? Integer.parseInt(args[1]) : 1_000;
        KafkaBroker broker = null;
        String bootstrap;
        if (args.length > 2) {
            bootstrap = args[2];
        } else {
            broker = KafkaBroker.temporary(Map.of());
            broker.start();
            bootstrap = broker.bootstrapServers();
        }
        try {
            measure(KafkaSettings.of(bootstrap), games, requests);
        } finally {
            if (broker != null) {
                broker.close();
            }
        }
    }

    static void measure(KafkaSettings kafka, int games, int requests) throws Exception {
        Topics topics = Topics.withPrefix("serve-bench-" + System.currentTimeMillis());
        topics.ensure(kafka);
        Path archive = Files.createTempFile("serve-bench", ".games.gz");
        try {
            write(archive, games);
            GameArchive.load(kafka, topics, archive);
        } finally {
            Files.deleteIfExists(archive);
        }
        RunBoard.publish(kafka, topics, run(games));
        System.out.printf(
                Locale.ROOT, "wrote run %s: %d games on %s%n", RUN, games, topics.games());
        try (ControlRoom room =
                ControlRoom.start(
                        kafka,
                        topics,
                        new InetSocketAddress("127.0.0.1", 0),
                        List.of(),
                        "serve-bench-token")) {
            String base = "http://127.0.0.1:" + room.port();
            HttpClient http = HttpClient.newHttpClient();
            long start = System.nanoTime();
            while (!get(http, base + "/api/runs").contains("\"done\":" + games + ",")) {
                Thread.sleep(200);
            }
            System.out.printf(
                    Locale.ROOT,
                    "the server read them in %.1f s%n",
                    (System.nanoTime() - start) / 1e9);
            for (String path :
                    List.of(
                            "/api/runs",
                            "/api/runs/" + RUN,
                            "/api/runs/" + RUN + "/games/" + games / 2,
                            "/api/workers")) {
                time(http, base + path, path, requests);
            }
        }
    }

    private static void time(HttpClient http, String url, String path, int requests)
            throws Exception {
        for (int i = 0; i < 50; i++) {
            get(http, url);
        }
        double[] ms = new double[requests];
        int bytes = 0;
        for (int i = 0; i < requests; i++) {
            long t = System.nanoTime();
            bytes = get(http, url).length();
            ms[i] = (System.nanoTime() - t) / 1e6;
        }
        Arrays.sort(ms);
        System.out.printf(
                Locale.ROOT,
                "%-28s %6d requests  p50 %7.2f ms  p99 %7.2f ms  max %7.2f ms  (%d bytes)%n",
                path,
                requests,
                ms[requests / 2],
                ms[(int) Math.ceil(requests * 0.99) - 1],
                ms[requests - 1],
                bytes);
    }

    private static String get(HttpClient http, String url) throws Exception {
        HttpResponse<String> r =
                http.send(
                        HttpRequest.newBuilder(URI.create(url)).build(),
                        HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IllegalStateException(url + ": " + r.statusCode() + " " + r.body());
        }
        return r.body();
    }

    private static Player player(String name) {
        return Player.newBuilder()
                .setName(name)
                .setBuiltin(BuiltinEngine.getDefaultInstance())
                .setLimits(Limits.newBuilder().setNodes(10_000))
                .build();
    }

    /** A finished gauntlet of A against B with an SPRT, counting every game. */
    static RunInfo run(int games) {
        RunInfo.Builder b =
                RunInfo.newBuilder()
                        .setRunId(RUN)
                        .setKind("tournament")
                        .addPlayers(player("A"))
                        .addPlayers(player("B"))
                        .setFormat("gauntlet")
                        .setRounds(games / 2)
                        .setPlannedGames(games)
                        .setTimeControl("nodes=10000")
                        .setSprt("elo0=0.0,elo1=5.0,alpha=0.05,beta=0.05,model=normalized")
                        .setMaxPlies(256)
                        .setStatus(RunStatus.RUN_STATUS_FINISHED)
                        .setStartedAt(Timestamp.newBuilder().setSeconds(1_790_000_000))
                        .setHost("bench");
        for (int n = 0; n < games; n++) {
            b.addCountedGames(n);
        }
        return b.build();
    }

    /** N games as games save writes them: gzip of length-delimited GameRecords. */
    static void write(Path file, int games) throws Exception {
        SplittableRandom rnd = new SplittableRandom(20261129);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            for (int n = 0; n < games; n++) {
                Game g = new Game(Sfen.startPosition(), Game.Rules.DEFAULT);
                int plies = 40 + rnd.nextInt(120);
                while (!g.isOver() && g.plies() < plies) {
                    int k = MoveGenerator.generateLegal(g.position(), buf, 0);
                    if (k == 0) {
                        break; // the rules end such a game themselves
                    }
                    g.play(buf[rnd.nextInt(k)]);
                }
                if (!g.isOver()) {
                    g.play(Move.RESIGN);
                }
                boolean aBlack = n % 2 == 0;
                GameRecords.fromGame(g, List.of())
                        .setGameId(RUN + "-g" + n + "/0")
                        .setTaskId(RUN + "-g" + n)
                        .setTournamentId(RUN)
                        .setBlack(player(aBlack ? "A" : "B"))
                        .setWhite(player(aBlack ? "B" : "A"))
                        .setFinishedAt(Timestamp.newBuilder().setSeconds(1_790_000_000L + n))
                        .setWorkerId("bench")
                        .build()
                        .writeDelimitedTo(out);
            }
        }
    }
}
