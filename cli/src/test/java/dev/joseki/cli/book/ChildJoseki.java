package dev.joseki.cli.book;

import dev.joseki.book.store.StageHook;
import dev.joseki.cli.Main;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * ./joseki in a child JVM (the test JVM's class path and --add-opens flags), for tests that kill it
 * or that must survive it crashing.
 */
final class ChildJoseki {
    private ChildJoseki() {}

    record Done(int status, String out, String err) {}

    /** Starts {@code joseki ARGS} in {@code dir} with extra -D properties ("name=value"). */
    static Process start(Path dir, Path stdout, Path stderr, List<String> props, String... args)
            throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx512m");
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("--add-opens") || a.startsWith("-Djdk.") || a.startsWith("-Dio.")) {
                cmd.add(a);
            }
        }
        props.forEach(p -> cmd.add("-D" + p));
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(Main.class.getName());
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd)
                .directory(dir.toFile())
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile())
                .start();
    }

    /** Runs {@code joseki ARGS} in {@code dir} to its end (at most 10 minutes). */
    static Done run(Path dir, String... args) throws IOException, InterruptedException {
        Path out = Files.createTempFile("joseki-out", ".txt"), err = Files.createTempFile("e", "");
        try {
            Process p = start(dir, out, err, List.of(), args);
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly().waitFor();
                throw new AssertionError("joseki " + String.join(" ", args) + " ran 10 minutes");
            }
            return new Done(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /**
     * Runs {@code joseki ARGS} until it reaches {@code stage} ({@link StageHook}), then kills it
     * with SIGKILL; fails when the process ends before reaching the stage.
     */
    static void killAt(String stage, Path dir, String... args)
            throws IOException, InterruptedException {
        Path marker = dir.resolve("reached-" + stage);
        Path out = dir.resolve("killed-" + stage + ".out"), err = dir.resolve(stage + ".err");
        Process p =
                start(
                        dir,
                        out,
                        err,
                        List.of(StageHook.PROPERTY + "=" + stage + "=" + marker),
                        args);
        try {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
            while (!Files.exists(marker)) {
                if (!p.isAlive() || System.nanoTime() > deadline) {
                    throw new AssertionError(
                            "joseki did not reach stage "
                                    + stage
                                    + " (exit "
                                    + (p.isAlive() ? "none" : p.exitValue())
                                    + "): "
                                    + Files.readString(err));
                }
                Thread.sleep(50);
            }
        } finally {
            p.destroyForcibly(); // SIGKILL on Linux
            p.waitFor();
            Files.deleteIfExists(marker);
        }
    }
}
