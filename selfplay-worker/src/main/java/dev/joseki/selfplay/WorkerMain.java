package dev.joseki.selfplay;

import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A bare worker process: {@code --bootstrap-servers HOST:PORT [--concurrency C] [--group G]
 * [--topic-prefix P] [--kafka-property K=V]...}. The {@code ./joseki worker} command is the
 * user-facing one; this entry point has no dependency on the command line module, so tests can
 * start real worker JVMs with it. SIGTERM stops the worker cleanly (games in progress are abandoned
 * uncommitted).
 */
public final class WorkerMain {
    private WorkerMain() {}

    public static void main(String[] args) throws InterruptedException {
        String bootstrap = null, group = Worker.DEFAULT_GROUP;
        Topics topics = Topics.DEFAULT;
        int concurrency = Runtime.getRuntime().availableProcessors();
        Map<String, String> props = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            switch (args[i]) {
                case "--bootstrap-servers" -> bootstrap = value;
                case "--concurrency" -> concurrency = Integer.parseInt(value);
                case "--group" -> group = value;
                case "--topic-prefix" -> topics = Topics.withPrefix(value);
                case "--kafka-property" -> {
                    int eq = value.indexOf('=');
                    props.put(value.substring(0, eq), value.substring(eq + 1));
                }
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
            i++;
        }
        Worker.Config base = Worker.Config.defaults(new KafkaSettings(bootstrap, props));
        Worker worker =
                new Worker(
                        new Worker.Config(
                                base.kafka(), topics, group, concurrency, base.workerId()),
                        PlayerFactory.standard());
        runUntilSignalled(worker, () -> {});
    }

    /**
     * Starts the worker and blocks until it ends. SIGTERM / Ctrl-C stop it: the hook waits (30 s at
     * most) for the slots to abandon their games and leave the group, then runs {@code afterStop}.
     * The hook never waits for the main thread, which may be blocked in System.exit by then.
     */
    public static void runUntilSignalled(Worker worker, Runnable afterStop)
            throws InterruptedException {
        Runtime.getRuntime()
                .addShutdownHook(
                        new Thread(
                                () -> {
                                    worker.stop();
                                    try {
                                        worker.awaitTermination(
                                                30, java.util.concurrent.TimeUnit.SECONDS);
                                    } catch (InterruptedException e) {
                                        Thread.currentThread().interrupt();
                                    }
                                    afterStop.run();
                                },
                                "worker-shutdown"));
        worker.start();
        worker.awaitTermination();
    }
}
