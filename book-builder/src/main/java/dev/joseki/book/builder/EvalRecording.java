package dev.joseki.book.builder;

import dev.joseki.records.EvalRecordFile;
import dev.joseki.records.PositionEvals;
import dev.joseki.records.proto.PositionEval;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * {@code book mine --record}: the evaluations of a mining run appended to a record file as they
 * arrive, flushed after each batch, so a run that is killed keeps what came back. A run resumed
 * with the same file appends to it; a record read twice folds to the same entry, so a file that
 * repeats an evaluation (one in flight when a run stopped) still gives the same book.
 */
public final class EvalRecording implements AutoCloseable {
    private final Path file;
    private final OutputStream out;

    private EvalRecording(Path file, OutputStream out) {
        this.file = file;
        this.out = out;
    }

    /**
     * A recording into {@code file} (created, or appended to), or one that keeps nothing (null). A
     * file whose last record a stopped run left unfinished is cut back to its whole records first,
     * said on err, so what is appended stays readable; a file that is not a record file is refused.
     */
    public static EvalRecording open(Path file, PrintWriter err) throws IOException {
        if (file == null) {
            return new EvalRecording(null, null);
        }
        Path dir = file.toAbsolutePath().getParent();
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("--record " + file + ": no such directory " + dir);
        }
        if (Files.exists(file)) {
            EvalRecordFile kept;
            try {
                kept = EvalRecordFile.read(file);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--record " + e.getMessage(), e);
            }
            if (kept.cutShort()) {
                try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                    ch.truncate(kept.wholeBytes());
                }
                err.println(
                        "--record "
                                + kept.cutNote()
                                + "; the unfinished one is dropped (it was never folded: its"
                                + " position is still unevaluated in the book)");
                err.flush();
            }
        }
        return new EvalRecording(
                file,
                new BufferedOutputStream(
                        Files.newOutputStream(
                                file, StandardOpenOption.CREATE, StandardOpenOption.APPEND)));
    }

    public void append(List<PositionEval> evals) {
        if (out == null || evals.isEmpty()) {
            return;
        }
        try {
            PositionEvals.write(out, evals); // flushes
        } catch (IOException e) {
            throw new UncheckedIOException("--record " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() throws IOException {
        if (out != null) {
            out.close();
        }
    }
}
