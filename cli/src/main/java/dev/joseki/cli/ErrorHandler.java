package dev.joseki.cli;

import dev.joseki.book.store.DamagedBookException;
import dev.joseki.book.store.NoSpaceException;
import dev.joseki.cli.command.CommandFailure;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.kafka.KafkaAuthentication;
import dev.joseki.notation.ParseException;
import dev.joseki.selfplay.ArtifactException;
import dev.joseki.selfplay.StalledRunException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import picocli.CommandLine;

/**
 * Turns the exceptions a command lets through into one line on stderr and the right exit status.
 * The stack trace is shown only with --verbose, for user errors and internal errors alike.
 */
final class ErrorHandler implements CommandLine.IExecutionExceptionHandler {
    @Override
    public int handleExecutionException(
            Exception ex, CommandLine cl, CommandLine.ParseResult parsed) {
        PrintWriter err = cl.getErr();
        String prefix = cl.getCommandSpec().qualifiedName() + ": "; // e.g. "joseki record show: "
        int status;
        // the broker refused the client settings later than the first check (null: not a refusal)
        String kafkaRefusal = KafkaAuthentication.message(ex, null, java.util.Map.of());
        Throwable book = bookFailure(ex);
        Throwable artifact = artifactFailure(ex);
        if (artifact != null) {
            // a published engine missing or unusable (engine publish, a run that names one)
            err.println(prefix + artifact.getMessage());
            status = ExitCodes.USAGE;
        } else if (book != null) {
            // a damaged book or a full disk, possibly wrapped by Spark or a worker thread
            err.println(prefix + book.getMessage());
            status = ExitCodes.USAGE;
        } else if (ex instanceof CommandFailure f) {
            err.println(prefix + f.getMessage());
            status = f.status;
        } else if (ex instanceof ParseException
                || ex instanceof IOException
                || ex instanceof UncheckedIOException
                || ex instanceof IllegalArgumentException) {
            err.println(
                    prefix
                            + message(
                                    ex instanceof UncheckedIOException u
                                                    && u.getCause() instanceof FileSystemException f
                                            ? f
                                            : ex));
            status = ExitCodes.USAGE;
        } else if (ex instanceof StalledRunException) {
            err.println(prefix + ex.getMessage());
            status = ExitCodes.FAILURE;
        } else if (kafkaRefusal != null) {
            err.println(prefix + kafkaRefusal);
            status = ExitCodes.USAGE;
        } else {
            err.println(
                    prefix
                            + "internal error: "
                            + ex
                            + (Main.verbose(cl) ? "" : " (--verbose shows the stack trace)"));
            status = ExitCodes.FAILURE;
        }
        if (Main.verbose(cl)) {
            ex.printStackTrace(err);
        }
        err.flush();
        return status;
    }

    /** An engine artifact's failure in the cause chain of {@code ex}, or null. */
    static Throwable artifactFailure(Throwable ex) {
        for (Throwable t = ex; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ArtifactException) {
                return t;
            }
        }
        return null;
    }

    /** A damaged book or a full disk in the cause chain of {@code ex}, or null. */
    static Throwable bookFailure(Throwable ex) {
        for (Throwable t = ex; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof DamagedBookException || t instanceof NoSpaceException) {
                return t;
            }
        }
        return null;
    }

    /** The JDK's file exceptions say only the path ("runs/x.jsonl"); say what is wrong with it. */
    static String message(Throwable e) {
        if (e instanceof NoSuchFileException f) {
            return "no such file: " + f.getFile();
        }
        if (e instanceof AccessDeniedException f) {
            return "permission denied: " + f.getFile();
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getFile() + ": " + f.getReason();
        }
        return e.getMessage();
    }
}
