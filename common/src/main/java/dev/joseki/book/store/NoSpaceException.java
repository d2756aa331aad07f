package dev.joseki.book.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;

/**
 * The disk holding a book filled up while a command wrote it. The message is the one line users see
 * ({@code no space left on device: PATH}); the command has removed what it wrote and the published
 * book is untouched.
 */
public final class NoSpaceException extends UncheckedIOException {
    private static final long serialVersionUID = 1L;

    public NoSpaceException(Path path, Throwable cause) {
        super("no space left on device: " + path, new IOException(cause));
    }

    /** True when {@code e} or one of its causes is a full disk (ENOSPC), from Java or RocksDB. */
    public static boolean isNoSpace(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof NoSpaceException) {
                return true;
            }
            if (t instanceof RocksDBException r
                    && r.getStatus() != null
                    && r.getStatus().getSubCode() == Status.SubCode.NoSpace) {
                return true;
            }
            String m = t.getMessage();
            if (m != null && m.contains("No space left on device")) {
                return true;
            }
        }
        return false;
    }
}
