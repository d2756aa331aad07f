package dev.joseki.book.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A book directory holds complete, immutable versions {@code v-<UTC time>-<n>/} and a pointer file
 * {@code CURRENT} naming the published one. Publishing syncs every file of the version and its
 * directory, writes and syncs {@code CURRENT.tmp}, renames it over {@code CURRENT} (atomic on POSIX
 * file systems) and syncs the book directory: a reader always sees a whole book, a command that
 * dies before the rename leaves the previous book in place, and after a power loss the pointer
 * never names a version that is not on disk. Older versions are pruned after a publish, keeping
 * {@link #KEEP} of them. Commands that write a book hold its {@link BookLock}; see {@link
 * #removeLeftovers} for what they clean.
 */
public final class BookVersions {
    public static final String POINTER = "CURRENT";
    public static final int KEEP = 2;
    private static final String STAGING = ".staging-";
    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss").withZone(ZoneOffset.UTC);

    /** What a pointer may hold: a version directory name (no separator, printable ASCII). */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,200}");

    private BookVersions() {}

    /**
     * The published version directory, or null when the directory holds no book yet. A pointer that
     * does not name a version of the directory is damage ({@link DamagedBookException}).
     */
    public static Path current(Path bookDir) {
        Path pointer = bookDir.resolve(POINTER);
        if (!Files.isRegularFile(pointer)) {
            return null;
        }
        String name;
        try {
            byte[] bytes = Files.readAllBytes(pointer);
            name =
                    StandardCharsets.US_ASCII
                            .newDecoder()
                            .onMalformedInput(CodingErrorAction.REPORT)
                            .onUnmappableCharacter(CodingErrorAction.REPORT)
                            .decode(ByteBuffer.wrap(bytes))
                            .toString()
                            .trim();
        } catch (CharacterCodingException e) {
            throw new DamagedBookException(
                    pointer, "it holds bytes that are not a version name (not ASCII text)");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!NAME.matcher(name).matches()) {
            throw new DamagedBookException(
                    pointer, "it holds '" + cut(name) + "', which is not a version name");
        }
        Path v = bookDir.resolve(name);
        if (!Files.isDirectory(v)) {
            throw new DamagedBookException(
                    pointer, "it names " + name + ", which is not a directory of " + bookDir);
        }
        return v;
    }

    private static String cut(String s) {
        String t = s.replaceAll("\\p{Cntrl}", "?");
        return t.length() > 40 ? t.substring(0, 40) + "…" : t;
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

    /** A fresh staging directory path for files a command writes before they go into a version. */
    public static Path newStaging(Path bookDir) {
        return bookDir.resolve(STAGING + java.util.UUID.randomUUID());
    }

    /**
     * Points CURRENT at the version, which must be complete and closed (its store flushed), after
     * syncing it to disk; then prunes old versions. A publish that fails before the swap removes
     * the version and the pointer's temporary file (the previous book stays published); one that
     * fails after it (pruning) leaves the new book published.
     */
    public static void publish(Path bookDir, Path version) {
        boolean swapped = false;
        Path tmp = bookDir.resolve(POINTER + ".tmp");
        try {
            Durable.syncTree(version);
            StageHook.reached("synced");
            try (FileChannel c =
                    FileChannel.open(
                            tmp,
                            StandardOpenOption.CREATE,
                            StandardOpenOption.TRUNCATE_EXISTING,
                            StandardOpenOption.WRITE)) {
                c.write(
                        ByteBuffer.wrap(
                                (version.getFileName() + "\n").getBytes(StandardCharsets.UTF_8)));
                c.force(true);
            }
            try {
                Files.move(
                        tmp,
                        bookDir.resolve(POINTER),
                        StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, bookDir.resolve(POINTER), StandardCopyOption.REPLACE_EXISTING);
            }
            swapped = true;
            Durable.sync(bookDir);
            StageHook.reached("published");
            prune(bookDir, version);
            StageHook.reached("pruned");
        } catch (IOException | RuntimeException e) {
            if (!swapped) {
                discard(tmp, e);
                discard(version, e);
            }
            if (NoSpaceException.isNoSpace(e) && !(e instanceof NoSpaceException)) {
                throw new NoSpaceException(bookDir, e);
            }
            throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
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

    /**
     * Removes what killed or failed commands left in a book directory: staging directories, the
     * pointer's temporary file, and versions never published (newer than the published one, or any
     * version when nothing is published). Only entries last modified before {@code startedAt} go,
     * and only a command holding the directory's {@link BookLock} calls this, so no running
     * command's files are touched. Returns the names removed.
     */
    public static List<String> removeLeftovers(Path bookDir, Instant startedAt) {
        List<String> removed = new ArrayList<>();
        if (!Files.isDirectory(bookDir)) {
            return removed;
        }
        Path current;
        try {
            current = current(bookDir);
        } catch (DamagedBookException e) {
            return removed; // never guess which versions a damaged pointer meant
        }
        String published = current == null ? null : current.getFileName().toString();
        try (Stream<Path> s = Files.list(bookDir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                String n = p.getFileName().toString();
                boolean stale =
                        n.startsWith(STAGING)
                                || n.equals(POINTER + ".tmp")
                                || (n.startsWith("v-")
                                        && Files.isDirectory(p)
                                        && (published == null || n.compareTo(published) > 0));
                if (stale && Files.getLastModifiedTime(p).toInstant().isBefore(startedAt)) {
                    deleteTree(p);
                    removed.add(n);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cleaning " + bookDir + ": " + e.getMessage(), e);
        }
        return removed;
    }

    /**
     * Deletes a version or staging directory a failed command made, keeping the first failure as
     * the one reported ({@code failure} gets any deletion error as suppressed).
     */
    public static void discard(Path dir, Throwable failure) {
        try {
            deleteTree(dir);
        } catch (IOException | RuntimeException e) {
            failure.addSuppressed(e);
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
