package dev.joseki.notation;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a file of {@link PackedSfenValue} records (YaneuraOu's {@code .bin} training files: records
 * back to back, no header) one after the other. A file cut short ends with a partial record: the
 * reader stops at the last whole record and {@link #skippedBytes()} says how many bytes it left.
 */
public final class PackedSfenReader implements Closeable {
    private final Path file;
    private final InputStream in;
    private long records;
    private long skipped;

    public PackedSfenReader(Path file) throws IOException {
        this.file = file;
        this.in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
    }

    /**
     * Reads the next record's 40 bytes into buf[offset ..]; false at the end of the file (or at a
     * trailing partial record, whose length {@link #skippedBytes()} then gives).
     */
    public boolean next(byte[] buf, int offset) throws IOException {
        int n = in.readNBytes(buf, offset, PackedSfenValue.BYTES);
        if (n < PackedSfenValue.BYTES) {
            skipped = n;
            return false;
        }
        records++;
        return true;
    }

    /** The next record, or null at the end (see {@link #next(byte[], int)}). */
    public PackedSfenValue next() throws IOException {
        byte[] buf = new byte[PackedSfenValue.BYTES];
        return next(buf, 0) ? PackedSfenValue.read(buf, 0) : null;
    }

    public long records() {
        return records;
    }

    /** Bytes after the last whole record (0 for a whole file); known once next returned false. */
    public long skippedBytes() {
        return skipped;
    }

    /** One line for a file cut short, e.g. "a.bin: cut short, 17 bytes after record 12 skipped". */
    public String cutShortMessage() {
        return file + ": cut short, " + skipped + " bytes after record " + records + " skipped";
    }

    /** Every whole record of a file and the bytes skipped after them. */
    public record Contents(List<PackedSfenValue> records, long skippedBytes) {
        public Contents {
            records = List.copyOf(records);
        }
    }

    public static Contents readAll(Path file) throws IOException {
        try (PackedSfenReader r = new PackedSfenReader(file)) {
            List<PackedSfenValue> all = new ArrayList<>();
            for (PackedSfenValue v = r.next(); v != null; v = r.next()) {
                all.add(v);
            }
            return new Contents(all, r.skippedBytes());
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
