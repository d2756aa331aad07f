package dev.joseki.book.store;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;

/**
 * A book file whose bytes are not what was written: a checksum mismatch in an SST file, a MANIFEST
 * or pointer that does not decode. The message is one line naming the file and saying "damaged";
 * the book must be rebuilt or restored, never read on.
 */
public final class DamagedBookException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** A path in a RocksDB message, absolute or relative to where the book was opened. */
    private static final Pattern FILE =
            Pattern.compile("(?:^|\\s)(\\S+?(?:\\.sst|\\.log|MANIFEST-\\d+|CURRENT|OPTIONS-\\d+))");

    private final Path file;

    public DamagedBookException(Path file, String reason) {
        super(file + " is damaged: " + oneLine(reason) + "; rebuild or restore the book");
        this.file = file;
    }

    /** The damaged file (or the version directory when RocksDB did not say which file). */
    public Path file() {
        return file;
    }

    /** True when RocksDB reported corruption (a checksum mismatch, a bad block, a bad MANIFEST). */
    static boolean isCorruption(RocksDBException e) {
        Status s = e.getStatus();
        String m = String.valueOf(e.getMessage());
        return (s != null && s.getCode() == Status.Code.Corruption)
                || m.startsWith("Corruption")
                || m.contains("checksum mismatch");
    }

    /** The exception for a RocksDB corruption found reading {@code version}. */
    static DamagedBookException of(Path version, RocksDBException e) {
        String m = String.valueOf(e.getMessage());
        Matcher f = FILE.matcher(m);
        Path file =
                f.find()
                        ? Path.of(f.group(1))
                        : m.contains("MANIFEST") ? LayoutCheck.manifest(version) : version;
        return new DamagedBookException(file, m);
    }

    private static String oneLine(String s) {
        String t = s == null ? "" : s.replaceAll("\\s+", " ").trim();
        return t.length() > 300 ? t.substring(0, 300) + "…" : t;
    }
}
