package dev.joseki.cli;

import dev.joseki.play.usi.UsiFront;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code ./joseki usi}: the engine speaking USI on stdin/stdout; nothing else is written to stdout. */
@Command(name = "usi", mixinStandardHelpOptions = true,
        description = "Runs the engine as a USI engine on stdin/stdout (register './joseki usi' in a GUI).")
final class UsiCommand implements Callable<Integer> {
    @Override
    public Integer call() throws IOException {
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        new UsiFront(out).run(in);
        out.flush();
        return ExitCodes.OK;
    }
}
