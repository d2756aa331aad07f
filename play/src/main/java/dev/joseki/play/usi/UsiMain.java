package dev.joseki.play.usi;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The one entry point of the engine speaking USI on stdin/stdout. Users run it as {@code ./joseki
 * usi} (the cli's usi command calls {@link #serve}); tests and scripts without the cli on the class
 * path start it directly, {@code java -cp … dev.joseki.play.usi.UsiMain}. Nothing else is written
 * to stdout.
 */
public final class UsiMain {
    private UsiMain() {}

    public static void main(String[] args) throws IOException {
        serve();
    }

    /**
     * Runs the USI front on this process's stdin and stdout until {@code quit} or the end of input.
     */
    public static void serve() throws IOException {
        PrintStream out =
                new PrintStream(
                        new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        BufferedReader in =
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        new UsiFront(out).run(in);
        out.flush();
    }
}
