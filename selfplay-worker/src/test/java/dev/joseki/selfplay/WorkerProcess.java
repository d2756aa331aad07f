package dev.joseki.selfplay;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A real worker JVM of one slot ({@link WorkerMain}) on the test class path, its output in a log.
 */
final class WorkerProcess {
    private WorkerProcess() {}

    static Process start(
            String bootstrapServers, String group, String topicPrefix, Path log, String... jvmFlags)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(TestEngines.javaCommand());
        command.addAll(List.of(jvmFlags));
        command.addAll(
                List.of(
                        "-cp",
                        System.getProperty("java.class.path"),
                        WorkerMain.class.getName(),
                        "--bootstrap-servers",
                        bootstrapServers,
                        "--concurrency",
                        "1",
                        "--group",
                        group,
                        "--topic-prefix",
                        topicPrefix));
        return new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
    }
}
