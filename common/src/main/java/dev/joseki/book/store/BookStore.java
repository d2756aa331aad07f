package dev.joseki.book.store;

import dev.joseki.book.BookLayout;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.BookMetadata;
import dev.joseki.book.EvalLayout;
import dev.joseki.book.MoveEval;
import dev.joseki.book.MoveStats;
import dev.joseki.book.PackedMoves;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rocksdb.Checkpoint;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.IngestExternalFileOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * A book version being written. It starts empty or as a checkpoint (hard links) of the previous
 * version; the builder ingests sorted SST files per index (entries in them replace the previous
 * values, so the SSTs must already hold the merged totals), then metadata and game ids are written,
 * the store is compacted and closed, and only then published with {@link BookVersions#publish}.
 */
public final class BookStore implements AutoCloseable {
    static final int META_HANDLE = 1 + Index.values().length;
    static final int GAMES_HANDLE = META_HANDLE + 1;

    /** The first of the eval tables' handles, in {@link EvalLayout.Table} order. */
    static final int EVALS_HANDLE = GAMES_HANDLE + 1;

    private final Path dir;
    private final DBOptions dbOptions;
    private final BookOptions bookOptions;
    private final RocksDB db;
    private boolean closed;
    private final List<ColumnFamilyHandle> handles = new ArrayList<>();

    private BookStore(Path dir) throws RocksDBException {
        this.dir = dir;
        dbOptions = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
        bookOptions = BookOptions.forWriting();
        db =
                RocksDB.open(
                        dbOptions,
                        dir.toString(),
                        descriptors(bookOptions.columnFamily()),
                        handles);
    }

    /**
     * Column family order: default, the indexes in Index order (full, half, quarter, castle), meta,
     * games, then the eval tables in {@link EvalLayout.Table} order (evals, values).
     */
    static List<ColumnFamilyDescriptor> descriptors(ColumnFamilyOptions o) {
        List<ColumnFamilyDescriptor> d = new ArrayList<>();
        d.add(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, o));
        for (Index i : Index.values()) {
            d.add(new ColumnFamilyDescriptor(i.columnFamily().getBytes(StandardCharsets.UTF_8), o));
        }
        d.add(new ColumnFamilyDescriptor(BookLayout.META.getBytes(StandardCharsets.UTF_8), o));
        d.add(new ColumnFamilyDescriptor(BookLayout.GAMES.getBytes(StandardCharsets.UTF_8), o));
        for (EvalLayout.Table t : EvalLayout.Table.values()) {
            d.add(new ColumnFamilyDescriptor(t.columnFamily().getBytes(StandardCharsets.UTF_8), o));
        }
        return d;
    }

    /**
     * Creates version directory {@code dir}: a checkpoint of {@code previous} when given (cheap
     * hard links), otherwise an empty book.
     */
    public static BookStore create(Path dir, Path previous) {
        RocksDB.loadLibrary();
        try {
            Files.createDirectories(dir.getParent());
            if (previous != null) {
                try (RocksBook prev = RocksBook.openVersion(previous)) {
                    prev.checkpoint(dir);
                }
            }
            return new BookStore(dir);
        } catch (RocksDBException | java.io.IOException e) {
            if (NoSpaceException.isNoSpace(e)) {
                throw new NoSpaceException(dir, e);
            }
            throw new IllegalStateException(
                    "cannot create book version " + dir + ": " + e.getMessage(), e);
        }
    }

    public void ingest(Index index, Collection<Path> sstFiles) {
        if (sstFiles.isEmpty()) {
            return;
        }
        List<String> names = sstFiles.stream().map(Path::toString).sorted().toList();
        try (IngestExternalFileOptions o = new IngestExternalFileOptions().setMoveFiles(true)) {
            db.ingestExternalFile(handles.get(index.ordinal() + 1), names, o);
        } catch (RocksDBException e) {
            throw failure("ingesting " + names.size() + " SST files into " + index, e);
        }
    }

    /**
     * Merges the levels of every index into one sorted run. Needed after ingesting an incremental
     * build: its files overlap the previous version's, so RocksDB stacks them on a higher level,
     * and every probe of the published (read-only, never compacted) version would read both levels
     * — a quarter range read took twice as long.
     */
    public void compact() {
        try {
            for (Index i : Index.values()) {
                db.compactRange(handles.get(i.ordinal() + 1));
            }
            for (EvalLayout.Table t : EvalLayout.Table.values()) {
                db.compactRange(handles.get(EVALS_HANDLE + t.ordinal()));
            }
        } catch (RocksDBException e) {
            throw failure("compacting the book", e);
        }
    }

    /**
     * Merges the levels of one eval table (after {@link #clear} and a rewrite, as propagation
     * does).
     */
    public void compact(EvalLayout.Table table) {
        try {
            db.compactRange(handles.get(EVALS_HANDLE + table.ordinal()));
        } catch (RocksDBException e) {
            throw failure("compacting the book's " + table.columnFamily(), e);
        }
    }

    /**
     * Direct writes (imports and small books): entry keys (index key ‖ move16) with single-entry
     * values ({@link BookLayout#encode}). Each entry replaces the stored stats of its move; the
     * other moves stored under the same index key are kept.
     */
    public void put(Index index, Map<byte[], byte[]> entries) {
        Map<byte[], Map<Integer, MoveStats>> byKey = new TreeMap<>(Arrays::compareUnsigned);
        for (Map.Entry<byte[], byte[]> e : entries.entrySet()) {
            byKey.computeIfAbsent(BookLayout.indexKey(e.getKey()), k -> new TreeMap<>())
                    .put(BookLayout.move16(e.getKey()), BookLayout.decode(e.getValue()));
        }
        ColumnFamilyHandle cf = handles.get(index.ordinal() + 1);
        try (WriteBatch b = new WriteBatch();
                WriteOptions w = new WriteOptions()) {
            for (Map.Entry<byte[], Map<Integer, MoveStats>> e : byKey.entrySet()) {
                Map<Integer, MoveStats> moves = new TreeMap<>(e.getValue());
                byte[] old = db.get(cf, e.getKey());
                for (int i = 0, n = old == null ? 0 : PackedMoves.size(old); i < n; i++) {
                    moves.putIfAbsent(PackedMoves.move16(old, i), PackedMoves.stats(old, i));
                }
                PackedMoves.Builder packed = new PackedMoves.Builder();
                moves.forEach(packed::add);
                b.put(cf, e.getKey(), packed.build());
            }
            db.write(w, b);
        } catch (RocksDBException e) {
            throw failure("writing", e);
        }
    }

    /**
     * Writes engine values: entry keys (full key ‖ move16) with their evaluation. Each replaces
     * what the table held for that move (callers merge with {@link MoveEval#better} first when they
     * fold). The {@code VALUES} table is rewritten as a whole by propagation: see {@link #clear}.
     */
    public void putEvals(EvalLayout.Table table, Map<byte[], MoveEval> evals) {
        ColumnFamilyHandle cf = handles.get(EVALS_HANDLE + table.ordinal());
        try (WriteBatch b = new WriteBatch();
                WriteOptions w = new WriteOptions()) {
            for (Map.Entry<byte[], MoveEval> e : evals.entrySet()) {
                b.put(cf, e.getKey(), EvalLayout.encode(e.getValue()));
            }
            db.write(w, b);
        } catch (RocksDBException e) {
            throw failure("writing", e);
        }
    }

    /** The stored evaluation of one move (full key ‖ move16), or null. */
    public MoveEval getEval(EvalLayout.Table table, byte[] entryKey) {
        try {
            byte[] v = db.get(handles.get(EVALS_HANDLE + table.ordinal()), entryKey);
            return v == null ? null : EvalLayout.decode(v);
        } catch (RocksDBException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Removes every entry of an eval table (a new propagation replaces the old values entirely).
     */
    public void clear(EvalLayout.Table table) {
        ColumnFamilyHandle cf = handles.get(EVALS_HANDLE + table.ordinal());
        try (org.rocksdb.RocksIterator it = db.newIterator(cf)) {
            it.seekToFirst();
            if (!it.isValid()) {
                return;
            }
            byte[] first = it.key();
            it.seekToLast();
            byte[] last = java.util.Arrays.copyOf(it.key(), it.key().length + 1);
            db.deleteRange(cf, first, last);
        } catch (RocksDBException e) {
            throw new IllegalStateException(e);
        }
    }

    public void putMetadata(Map<String, String> meta) {
        try (WriteBatch b = new WriteBatch();
                WriteOptions w = new WriteOptions()) {
            b.put(
                    handles.get(META_HANDLE),
                    BookMetadata.LAYOUT_VERSION.getBytes(StandardCharsets.UTF_8),
                    Integer.toString(BookLayout.LAYOUT).getBytes(StandardCharsets.UTF_8));
            for (Map.Entry<String, String> e : meta.entrySet()) {
                b.put(
                        handles.get(META_HANDLE),
                        e.getKey().getBytes(StandardCharsets.UTF_8),
                        e.getValue().getBytes(StandardCharsets.UTF_8));
            }
            db.write(w, b);
        } catch (RocksDBException e) {
            throw failure("writing", e);
        }
    }

    public void putGames(Collection<String> gameIds) {
        try (WriteBatch b = new WriteBatch();
                WriteOptions w = new WriteOptions()) {
            for (String id : gameIds) {
                b.put(handles.get(GAMES_HANDLE), id.getBytes(StandardCharsets.UTF_8), new byte[0]);
            }
            db.write(w, b);
        } catch (RocksDBException e) {
            throw failure("writing", e);
        }
    }

    public BookMetadata metadata() {
        return RocksBook.readMetadata(db, handles.get(META_HANDLE), dir);
    }

    /** A full disk as {@link NoSpaceException}, anything else as an IllegalStateException. */
    private RuntimeException failure(String what, RocksDBException e) {
        if (NoSpaceException.isNoSpace(e)) {
            return new NoSpaceException(dir, e);
        }
        return new IllegalStateException(what + " " + dir + ": " + e.getMessage(), e);
    }

    /**
     * Flushes every column family to SST files before closing: a version must hold all its data in
     * files, because the next build checkpoints it from a read-only instance, and a checkpoint of a
     * read-only instance does not carry entries that only live in the write-ahead log. So a version
     * is published only after this (see {@link BookVersions#publish}). Frees the native handles
     * once; later calls do nothing.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try (FlushOptions f = new FlushOptions().setWaitForFlush(true)) {
            db.flush(f, handles);
            db.flushWal(true);
        } catch (RocksDBException e) {
            throw failure("flushing", e);
        } finally {
            for (ColumnFamilyHandle h : handles) {
                h.close();
            }
            db.close();
            dbOptions.close();
            bookOptions.close();
        }
    }

    static void checkpoint(RocksDB db, Path dir) throws RocksDBException {
        try (Checkpoint c = Checkpoint.create(db)) {
            c.createCheckpoint(dir.toString());
        }
    }
}
