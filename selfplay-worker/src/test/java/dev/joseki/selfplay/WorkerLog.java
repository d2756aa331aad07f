package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the tests that kill a worker read from its log. */
final class WorkerLog {
    private WorkerLog() {}

    /** Returns once the worker's log says it started the task (playing, evaluating, labelling). */
    static void awaitTaskStarted(Path log, String taskId, Duration timeout) throws Exception {
        Pattern started =
                Pattern.compile(
                        "(?:playing|evaluating|labelling) task " + Pattern.quote(taskId) + " ");
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.readAllLines(log).stream().anyMatch(l -> started.matcher(l).find())) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError(log + " never started task " + taskId + " within " + timeout);
    }

    /**
     * The id of the task the worker is playing, evaluating or labelling, once its log's last task
     * line says so (not "committing": a commit may complete in the instant before the kill).
     */
    static String awaitTaskInFlight(Path log, Duration timeout) throws Exception {
        Pattern playing = Pattern.compile("(?:playing|evaluating|labelling) task (\\S+) ");
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            List<String> lines =
                    Files.readAllLines(log).stream()
                            .filter(
                                    l ->
                                            l.contains("playing task")
                                                    || l.contains("evaluating task")
                                                    || l.contains("labelling task")
                                                    || l.contains("committing task")
                                                    || l.contains("committed"))
                            .toList();
            if (!lines.isEmpty()) {
                Matcher m = playing.matcher(lines.get(lines.size() - 1));
                if (m.find()) {
                    return m.group(1);
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("worker never seen inside a task");
    }

    /** Returns once the worker's log says it started (its slots are about to join the group). */
    static void workerStarted(Path log, Duration timeout) throws Exception {
        Pattern started = Pattern.compile("worker \\S+ started");
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.exists(log)
                    && Files.readAllLines(log).stream().anyMatch(l -> started.matcher(l).find())) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError(log + " never said the worker started within " + timeout);
    }

    /** The worker id its log announces at start. */
    static String workerId(Path log) throws Exception {
        Matcher m = Pattern.compile("worker (\\S+) started").matcher(Files.readString(log));
        assertThat(m.find()).isTrue();
        return m.group(1);
    }
}
