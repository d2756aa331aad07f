package dev.joseki.book.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A book directory holds complete, immutable versions {@code v-<UTC time>-<n>/} and a pointer file
 * {@code CURRENT} naming the published one. Publishing writes {@code CURRENT.tmp} and renames it
 * over {@code CURRENT} (atomic on POSIX file systems), so a reader always sees a whole book and a
 * build that dies before the rename leaves the previous book in place. Older versions are pruned
 * after a publish, keeping {@link #KEEP} of them.
 */
public final class BookVersions {
    public static final String POINTER = "CURRENT";
    public static final int KEEP = 2;
    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss").withZone(ZoneOffset.UTC);

    private BookVersions() {}

    /** The published version directory, or null when the directory holds no book yet. */
    public static Path current(Path bookDir) {
        Path pointer = bookDir.resolve(POINTER);
        if (!Files.isRegularFile(pointer)) {
            return null;
        }
        try {
            String name = Files.readString(pointer, StandardCharsets.UTF_8).trim();
            Path v = bookDir.resolve(name);
            if (name.isEmpty() || name.contains("/") || !Files.isDirectory(v)) {
                throw new IllegalStateException(
                        pointer + " names '" + name + "', which is not a book version");
            }
            return v;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A fresh, not yet existing version directory path. */
    public static Path newVersion(Path bookDir) {
        String stamp = STAMP.format(Instant.now());
        for (int n = 1; ; n++) {
            Path v = bookDir.resolve("v-" + stamp + "-" + n);
            if (!Files.exists(v)) {
                return v;
            }
        }
    }

    /**
     * Points CURRENT at the version (which must be complete and closed), then prunes old versions.
     */
    public static void publish(Path bookDir, Path version) {
        try {
            Path tmp = bookDir.resolve(POINTER + ".tmp");
            Files.writeString(tmp, version.getFileName().toString() + "\n", StandardCharsets.UTF_8);
            try {
                Files.move(
                        tmp,
                        bookDir.resolve(POINTER),
                        StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, bookDir.resolve(POINTER), StandardCopyOption.REPLACE_EXISTING);
            }
            prune(bookDir, version);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void prune(Path bookDir, Path keep) throws IOException {
        List<Path> versions = new ArrayList<>();
        try (Stream<Path> s = Files.list(bookDir)) {
            s.filter(p -> p.getFileName().toString().startsWith("v-") && Files.isDirectory(p))
                    .forEach(versions::add);
        }
        versions.sort(Comparator.comparing((Path p) -> p.getFileName().toString()).reversed());
        int kept = 0;
        for (Path v : versions) {
            if (v.equals(keep) || kept < KEEP) {
                kept++;
                continue;
            }
            deleteTree(v);
        }
    }

    public static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }
}
