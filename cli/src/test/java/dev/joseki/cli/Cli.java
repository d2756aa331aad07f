package dev.joseki.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** Runs ./joseki commands in the test JVM and captures what they print. */
public final class Cli {
    public record Run(int status, String out, String err) {}

    private Cli() {}

    public static Run run(String... args) {
        return run(System.getenv(), args);
    }

    /** Runs with env as the whole environment (JOSEKI_* values, JOSEKI_CONFIG). */
    public static synchronized Run run(Map<String, String> env, String... args) {
        PrintStream oldOut = System.out, oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int status = Main.run(env, args);
            return new Run(
                    status,
                    out.toString(StandardCharsets.UTF_8),
                    err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }
}
