package dev.joseki.cli;

import dev.joseki.book.store.BookVersions;
import dev.joseki.broker.KafkaBroker;
import dev.joseki.broker.LocalCluster;
import dev.joseki.cli.command.CommandFailure;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.kafka.KafkaProbe;
import dev.joseki.kafka.KafkaSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./joseki demo}: the whole pipeline on embedded defaults, each step a real part:
 *
 * <ol>
 *   <li>a Kafka broker (the local cluster's if it runs, else an embedded KRaft broker);
 *   <li>self-play of N games by two worker processes (unless the local cluster brings its own);
 *   <li>Spark builds the book from the games topic;
 *   <li>a short NM-vs-HQM match that uses the book;
 *   <li>export to YaneuraOu format;
 *   <li>a summary of where everything is.
 * </ol>
 *
 * Every step runs the same code as its own command ({@link Main#run}), so the demo shows exactly
 * what users will run. Step failures stop the demo with the step named. A re-run starts fresh: the
 * previous run's book, match, export and logs under --out are removed first (nothing else there is
 * touched).
 */
@Command(
        name = "demo",
        mixinStandardHelpOptions = true,
        description = {
            "Runs the whole pipeline: broker -> self-play with 2 workers -> Spark book -> NM vs HQM"
                    + " match -> export.",
            "Outputs under --out (default run/demo)."
        })
final class DemoCommand implements Callable<Integer> {
    private static final int STEPS = 6;

    /**
     * NM and HQM are the same engine with the same book, so from one opening they mostly play the
     * same moves whichever has Black: without sampled plies a pair's two games repeat each other.
     */
    static final int MATCH_SAMPLE_PLIES = 8;

    @Spec CommandSpec spec;

    @Option(
            names = "--games",
            defaultValue = "40",
            paramLabel = "N",
            description = "Self-play games (default: ${DEFAULT-VALUE}).")
    int games;

    @Option(
            names = "--nodes",
            defaultValue = "3000",
            paramLabel = "K",
            description = "Nodes per move in self-play (default: ${DEFAULT-VALUE}).")
    int nodes;

    @Option(
            names = "--match-games",
            defaultValue = "4",
            paramLabel = "N",
            description = "Games of the NM vs HQM match (default: ${DEFAULT-VALUE}).")
    int matchGames;

    // Not GameOptions.Seed: the demo has a fixed seed of its own, passed to its self-play run, so
    // that every demo plays the same games.
    @Option(
            names = "--seed",
            defaultValue = "20261122",
            description = "Seed of the self-play openings (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--master",
            defaultValue = "local[2]",
            description = "Spark master for the book build (default: ${DEFAULT-VALUE}).")
    String master;

    @Option(
            names = "--out",
            defaultValue = "run/demo",
            description = "Output folder (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(
            names = "--bootstrap-servers",
            paramLabel = "HOST:PORT",
            description = "Use this Kafka instead of the local cluster or an embedded broker.")
    String bootstrapServers;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        if (games < 1 || matchGames < 0) {
            throw new IllegalArgumentException(
                    "--games must be positive and --match-games not negative");
        }
        Path book = out.resolve("book");
        Path export = out.resolve("user_book1.db");
        Path match = out.resolve("match");
        Path logs = out.resolve("logs");
        startFresh(err, List.of(book, match, export, logs));
        Files.createDirectories(out);
        String topicPrefix = "demo" + Long.toHexString(System.currentTimeMillis());
        long started = System.nanoTime();

        KafkaBroker embedded = null;
        List<Process> workers = new ArrayList<>();
        try {
            // Step 1. Broker.
            step(err, 1, "Kafka broker");
            String bootstrap = bootstrapServers;
            Optional<String> local = LocalCluster.bootstrapIfRunning();
            if (bootstrap == null && local.isPresent()) {
                bootstrap = local.get();
                err.println("      using the local cluster at " + bootstrap);
            } else if (bootstrap != null) {
                KafkaProbe.check(KafkaSettings.of(bootstrap));
            } else {
                embedded = KafkaBroker.temporary(Map.of());
                embedded.start();
                bootstrap = embedded.bootstrapServers();
                err.println("      embedded KRaft broker at " + bootstrap);
            }
            err.flush();
            // The demo's own topics, so that it never mixes with a cluster's earlier games.
            List<String> kafka =
                    List.of("--bootstrap-servers", bootstrap, "--topic-prefix", topicPrefix);

            // Step 2. Self-play with two worker processes.
            step(err, 2, "self-play " + games + " games, " + nodes + " nodes per move, 2 workers");
            selfPlay(kafka, logs, workers);

            // Step 3. The book, built by Spark from the games topic.
            step(err, 3, "Spark (" + master + ") builds the book from the games topic");
            buildBook(kafka, book);

            // Step 4. NM against HQM with the book.
            step(err, 4, "match NM vs HQM (" + matchGames + " games) using the book");
            if (matchGames > 0) {
                match(kafka, book, match);
            }

            // Step 5. Export.
            step(err, 5, "export to YaneuraOu format");
            run(
                    5,
                    List.of(
                            "book",
                            "export",
                            "--book",
                            book.toString(),
                            "--format",
                            "yaneuraou",
                            "--out",
                            export.toString()));

            // Step 6. Summary.
            step(err, 6, "summary");
            run(6, List.of("book", "stats", "--book", book.toString()));
            summary(started, book, export, match);
            return ExitCodes.OK;
        } finally {
            for (Process w : workers) {
                w.destroy(); // SIGTERM: the worker abandons nothing committed
            }
            for (Process w : workers) {
                if (!w.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
                    w.destroyForcibly();
                }
            }
            if (embedded != null) {
                embedded.close();
            }
        }
    }

    /**
     * Step 2: always two fresh worker processes (the demo's topics are its own, so a cluster's
     * workers, listening on the default topics, would not see its tasks), then the self-play run.
     */
    private void selfPlay(List<String> kafka, Path logs, List<Process> workers) throws IOException {
        Files.createDirectories(logs);
        for (int i = 1; i <= 2; i++) {
            workers.add(startWorker(kafka, logs.resolve("worker-" + i + ".log")));
        }
        List<String> selfplay =
                new ArrayList<>(
                        List.of(
                                "selfplay",
                                "--games",
                                Integer.toString(games),
                                "--nodes",
                                Integer.toString(nodes),
                                "--seed",
                                Long.toString(seed),
                                "--wait"));
        selfplay.addAll(kafka);
        // If both workers die (no broker within their start time-out on a loaded machine, say),
        // self-play fails naming their logs instead of waiting for ever.
        for (int i = 0; i < workers.size(); i++) {
            selfplay.add("--watch-worker");
            selfplay.add(workers.get(i).pid() + "=" + logs.resolve("worker-" + (i + 1) + ".log"));
        }
        run(2, selfplay);
    }

    /** Step 3: the book, built by Spark from the games topic. */
    private void buildBook(List<String> kafka, Path book) {
        List<String> build =
                new ArrayList<>(
                        List.of(
                                "book",
                                "build",
                                "--from-kafka",
                                "--out",
                                book.toString(),
                                "--master",
                                master));
        build.addAll(kafka);
        run(3, build);
    }

    /**
     * Step 4: played by the same two worker JVMs, through the tasks and games topics. Both players
     * get the book: NM (full matching only) against HQM (full, half and quarter matching).
     */
    private void match(List<String> kafka, Path book, Path match) {
        String bookDir = " option.BookDir=" + book.toAbsolutePath();
        List<String> tournament =
                new ArrayList<>(
                        List.of(
                                "tournament",
                                "--engine",
                                "name=NM builtin option.BookMode=NM" + bookDir + " nodes=" + nodes,
                                "--engine",
                                "name=HQM builtin option.BookMode=HQM"
                                        + bookDir
                                        + " nodes="
                                        + nodes,
                                "--games",
                                Integer.toString(matchGames),
                                "--sample-plies",
                                Integer.toString(MATCH_SAMPLE_PLIES),
                                "--out",
                                match.toString()));
        tournament.addAll(kafka);
        run(4, tournament);
    }

    /** Step 6, after the book's statistics: where everything is and how to use it. */
    private void summary(long started, Path book, Path export, Path match) {
        PrintWriter o = spec.commandLine().getOut();
        o.printf("demo finished in %.0f s%n", (System.nanoTime() - started) / 1e9);
        o.println("book        " + book.toAbsolutePath());
        o.println(
                "export      "
                        + export.toAbsolutePath()
                        + "  (YaneuraOu: BookFile=user_book1.db, BookDir="
                        + out.toAbsolutePath()
                        + ")");
        if (matchGames > 0) {
            o.println("match       " + match.resolve("report.md").toAbsolutePath());
        }
        o.println("explore     ./joseki book serve --book " + book);
        o.println(
                "engine      ./joseki usi   (setoption name BookMode value HQM; setoption name"
                        + " BookDir value "
                        + book.toAbsolutePath()
                        + ")");
        o.flush();
    }

    private static void step(PrintWriter err, int n, String what) {
        err.printf("[%d/%d] %s%n", n, STEPS, what);
        err.flush();
    }

    /**
     * Runs one command of ours in this JVM; a failure stops the demo naming the step, with the
     * step's status.
     */
    private void run(int step, List<String> args) {
        int status = Main.run(args.toArray(String[]::new));
        if (status != 0) {
            throw new CommandFailure(
                    status,
                    "step "
                            + step
                            + " failed (exit "
                            + status
                            + "): ./joseki "
                            + String.join(" ", args));
        }
    }

    /**
     * Removes what an earlier demo left at these paths, so that this run's book holds only its own
     * games.
     */
    private static void startFresh(PrintWriter err, List<Path> previous) throws IOException {
        for (Path p : previous) {
            if (Files.exists(p)) {
                err.println("      removing the previous demo's " + p);
                BookVersions.deleteTree(p);
            }
        }
        err.flush();
    }

    private static Process startWorker(List<String> kafka, Path log) throws IOException {
        List<String> cmd =
                new ArrayList<>(
                        dev.joseki.cli.cluster.ClusterCommand.selfJvm(
                                "worker", "--concurrency", "1"));
        cmd.addAll(kafka);
        return new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
    }
}
