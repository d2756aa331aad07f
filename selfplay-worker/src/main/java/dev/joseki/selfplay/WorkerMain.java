package dev.joseki.selfplay;

import dev.joseki.infra.KafkaSettings;
import dev.joseki.infra.Topics;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A bare worker process: {@code --bootstrap-servers HOST:PORT [--concurrency C] [--group G]
 * [--topic-prefix P] [--kafka-property K=V]...}. The {@code ./joseki worker} command is the user-facing one; this entry
 * point has no dependency on the command line module, so tests can start real worker JVMs with it.
 * SIGTERM stops the worker cleanly (games in progress are abandoned uncommitted).
 */
public final class WorkerMain {
    private WorkerMain() {
    }

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
        Worker worker = new Worker(new Worker.Config(base.kafka(), topics, group, concurrency, base.workerId()),
                PlayerFactory.standard());
        runUntilSignalled(worker);
    }

    /** Starts the worker and blocks; SIGTERM / Ctrl-C stop it and wait for the slots to leave. */
    public static void runUntilSignalled(Worker worker) throws InterruptedException {
        Thread main = Thread.currentThread();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            worker.stop();
            try {
                main.join(30_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "worker-shutdown"));
        worker.start();
        worker.awaitTermination();
    }
}
