package dev.joseki.play.usi;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** {@code java dev.joseki.play.usi.UsiMain}: the engine on stdin/stdout (also what {@code ./joseki usi} runs). */
public final class UsiMain {
    private UsiMain() {
    }

    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false,
                StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        new UsiFront(out).run(in);
        out.flush();
    }
}
