package dev.joseki.book.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * The exclusive lock of a book directory (file {@code LOCK} in it), held by every command that
 * makes a version: build, import, propagate, fold. A second writer waits for the first (it says so
 * on stderr), since two writers would each publish a version missing the other's games. The
 * operating system releases the lock when its process dies, killed or not. Taking the lock removes
 * what earlier, dead commands left behind ({@link BookVersions#removeLeftovers}). Re-entrant within
 * one process (a command that calls another keeps one lock).
 */
public final class BookLock implements AutoCloseable {
    public static final String FILE = "LOCK";

    /** Locks held by this process, by canonical book directory, with their hold counts. */
    private static final Map<Path, Held> HELD = new HashMap<>();

    private record Held(FileChannel channel, FileLock lock, int[] count) {}

    private final Path dir;

    private BookLock(Path dir) {
        this.dir = dir;
    }

    /**
     * Locks {@code bookDir} (creating it when missing), waiting for another process that holds it,
     * then removes leftovers older than {@code startedAt}.
     */
    public static BookLock acquire(Path bookDir, Instant startedAt) {
        try {
            Files.createDirectories(bookDir);
            Path dir = bookDir.toRealPath();
            synchronized (HELD) {
                Held h = HELD.get(dir);
                if (h != null) {
                    h.count()[0]++;
                    return new BookLock(dir);
                }
                FileChannel c =
                        FileChannel.open(
                                dir.resolve(FILE),
                                StandardOpenOption.CREATE,
                                StandardOpenOption.WRITE);
                FileLock l = c.tryLock();
                if (l == null) {
                    System.err.println(
                            "joseki: waiting for the other command writing " + dir + " to end");
                    l = c.lock();
                }
                HELD.put(dir, new Held(c, l, new int[] {1}));
            }
            for (String n : BookVersions.removeLeftovers(dir, startedAt)) {
                System.err.println(
                        "joseki: removed " + dir.resolve(n) + " (left by a failed command)");
            }
            return new BookLock(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lock " + bookDir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Runs {@code work} holding the lock of {@code bookDir}, after removing leftovers older than
     * now.
     */
    public static <T> T holding(Path bookDir, java.util.function.Supplier<T> work) {
        BookLock lock = acquire(bookDir, Instant.now());
        try {
            return work.get();
        } finally {
            lock.close();
        }
    }

    @Override
    public void close() {
        synchronized (HELD) {
            Held h = HELD.get(dir);
            if (h == null || --h.count()[0] > 0) {
                return;
            }
            HELD.remove(dir);
            try {
                h.lock().release();
                h.channel().close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
