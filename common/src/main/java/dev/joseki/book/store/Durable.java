package dev.joseki.book.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * fsync for what a publish makes visible: a rename is only durable once the directory holding it is
 * synced, and the files a pointer names must reach the disk before the pointer does, or a power
 * loss could leave a pointer naming a version that is not on disk.
 */
final class Durable {
    private Durable() {}

    /** Syncs every file and directory under {@code root}, then {@code root} itself. */
    static void syncTree(Path root) throws IOException {
        List<Path> all;
        try (Stream<Path> s = Files.walk(root)) {
            all = s.toList();
        }
        for (Path p : all) {
            if (Files.isRegularFile(p)) {
                sync(p);
            }
        }
        for (Path p : all) {
            if (Files.isDirectory(p)) {
                sync(p);
            }
        }
    }

    /** fsync of one file or directory (Linux and macOS allow opening a directory for reading). */
    static void sync(Path p) throws IOException {
        try (FileChannel c = FileChannel.open(p, StandardOpenOption.READ)) {
            c.force(true);
        }
    }
}
