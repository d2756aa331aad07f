package dev.joseki.play.usi;

import dev.joseki.notation.Quote;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The engine as a real child process (java -cp <test classpath> UsiMain), talked to over its pipes.
 */
final class UsiProcess implements AutoCloseable {
    private final Process process;
    private final Writer in;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    final List<String> transcript = new ArrayList<>();

    UsiProcess() throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        process =
                new ProcessBuilder(
                                java,
                                "-Xmx256m",
                                "-cp",
                                System.getProperty("java.class.path"),
                                UsiMain.class.getName())
                        .redirectError(ProcessBuilder.Redirect.INHERIT)
                        .start();
        in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader =
                new Thread(
                        () -> {
                            try (BufferedReader r =
                                    new BufferedReader(
                                            new InputStreamReader(
                                                    process.getInputStream(),
                                                    StandardCharsets.UTF_8))) {
                                String l;
                                while ((l = r.readLine()) != null) {
                                    lines.add(l);
                                }
                            } catch (IOException e) {
                                lines.add("<<read error " + e + ">>");
                            }
                        },
                        "usi-reader");
        reader.setDaemon(true);
        reader.start();
    }

    void send(String command) throws IOException {
        synchronized (transcript) {
            transcript.add("> " + Quote.cut(command)); // a 10 MB command stays out of messages
        }
        in.write(command + "\n");
        in.flush();
    }

    /** The first line matching, within the timeout; every line read is kept in the transcript. */
    String expect(Predicate<String> match, long millis) throws InterruptedException {
        long end = System.currentTimeMillis() + millis;
        while (true) {
            long left = end - System.currentTimeMillis();
            String l = left > 0 ? lines.poll(left, TimeUnit.MILLISECONDS) : null;
            if (l == null) {
                throw new AssertionError(
                        "no matching line within " + millis + " ms; transcript: " + transcript);
            }
            synchronized (transcript) {
                transcript.add("< " + l);
            }
            if (match.test(l)) {
                return l;
            }
        }
    }

    String expectStartingWith(String prefix, long millis) throws InterruptedException {
        return expect(l -> l.startsWith(prefix), millis);
    }

    /** Lines that arrive within millis (none expected to match a bestmove, for example). */
    List<String> drain(long millis) throws InterruptedException {
        List<String> got = new ArrayList<>();
        long end = System.currentTimeMillis() + millis;
        long left;
        while ((left = end - System.currentTimeMillis()) > 0) {
            String l = lines.poll(left, TimeUnit.MILLISECONDS);
            if (l != null) {
                got.add(l);
                synchronized (transcript) {
                    transcript.add("< " + l);
                }
            }
        }
        return got;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    int waitFor(long millis) throws InterruptedException {
        if (!process.waitFor(millis, TimeUnit.MILLISECONDS)) {
            throw new AssertionError("engine did not exit");
        }
        return process.exitValue();
    }

    @Override
    public void close() {
        process.destroy();
    }
}
