package dev.joseki.book.store;

import java.nio.file.Path;
import java.util.Arrays;
import org.rocksdb.EnvOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileWriter;

/**
 * Writes one sorted SST file for {@link BookStore#ingest}. Keys must be strictly increasing in
 * unsigned byte order (RocksDB's bytewise comparator); this is checked, since a Spark sort that
 * disagreed with it would otherwise surface only as an opaque RocksDB error. No file is created
 * until the first entry (RocksDB refuses to finish an empty SST file).
 *
 * <p>Native handles are freed exactly once: {@link #close} finishes the file at most once and frees
 * the writer even when finishing fails (a full disk); later calls do nothing, and a put after close
 * throws instead of touching freed memory (which crashed the JVM).
 */
public final class BookSstWriter implements AutoCloseable {
    private final Path file;
    private EnvOptions env;
    private BookOptions bookOptions;
    private Options options;
    private SstFileWriter writer;
    private boolean closed;
    private byte[] last;
    private long entries;

    public BookSstWriter(Path file) {
        this.file = file;
    }

    public void put(byte[] key, byte[] value) {
        if (closed) {
            throw new IllegalStateException("SST writer of " + file + " is closed");
        }
        try {
            if (writer == null) {
                open();
            } else if (Arrays.compareUnsigned(last, key) >= 0) {
                throw new IllegalStateException(
                        "SST keys out of order in "
                                + file
                                + ": "
                                + java.util.HexFormat.of().formatHex(key)
                                + " after "
                                + java.util.HexFormat.of().formatHex(last));
            }
            writer.put(key, value);
            last = key;
            entries++;
        } catch (RocksDBException e) {
            throw failure("writing", e);
        }
    }

    private void open() throws RocksDBException {
        RocksDB.loadLibrary();
        env = new EnvOptions();
        bookOptions = BookOptions.forWriting();
        try (org.rocksdb.DBOptions db = new org.rocksdb.DBOptions()) {
            options = new Options(db, bookOptions.columnFamily());
        }
        writer = new SstFileWriter(env, options);
        try {
            writer.open(file.toString());
        } catch (RocksDBException e) {
            closed = true;
            free();
            writer = null;
            throw e;
        }
    }

    private RuntimeException failure(String what, RocksDBException e) {
        if (NoSpaceException.isNoSpace(e)) {
            return new NoSpaceException(file, e);
        }
        return new IllegalStateException(what + " " + file + ": " + e.getMessage(), e);
    }

    public long entries() {
        return entries;
    }

    /** The file written, or null when no entry was put. */
    public Path file() {
        return writer == null ? null : file;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (writer == null) {
            return;
        }
        try {
            writer.finish();
        } catch (RocksDBException e) {
            throw failure("finishing", e);
        } finally {
            free();
        }
    }

    /** Frees the native handles, in the reverse order of their creation. */
    private void free() {
        writer.close();
        options.close();
        bookOptions.close();
        env.close();
    }
}
