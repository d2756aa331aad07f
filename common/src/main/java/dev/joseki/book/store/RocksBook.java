package dev.joseki.book.store;

import dev.joseki.book.Book;
import dev.joseki.book.BookLayout;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.BookMetadata;
import dev.joseki.book.BookProbe;
import dev.joseki.book.EvalLayout;
import dev.joseki.book.MoveEval;
import dev.joseki.book.PackedMoves;
import dev.joseki.book.ProbeResult;
import dev.joseki.rules.Position;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.DBOptions;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

/**
 * The published version of a book directory opened read-only. Probes run {@link BookProbe}: point
 * lookups (answered by bloom filters and the block cache, see {@link BookOptions}) for full and
 * half, one short range read per quarter area through an iterator kept per thread; one shared
 * ReadOptions, no iterator created per probe. Instances are thread-safe.
 */
public final class RocksBook
        implements Book,
                BookProbe.Entries,
                dev.joseki.book.BookEntries,
                dev.joseki.book.MoveValues {
    private final DBOptions dbOptions;
    private final BookOptions bookOptions;

    /** Shared by all lookups: RocksDB only reads it, so concurrent use is safe. */
    private final ReadOptions readOptions;

    /** Every iterator handed to a thread, closed with the book. */
    private final List<RocksIterator> allIterators = new ArrayList<>();

    private final ThreadLocal<RocksIterator[]> iterators =
            ThreadLocal.withInitial(() -> new RocksIterator[Index.values().length]);
    private volatile boolean closed;
    private final RocksDB db;
    private final List<ColumnFamilyHandle> handles = new ArrayList<>();
    private final Map<Index, ColumnFamilyHandle> index = new EnumMap<>(Index.class);
    private final ColumnFamilyHandle games;
    private final BookMetadata metadata;
    private final Path version;

    private RocksBook(Path version) throws RocksDBException {
        RocksDB.loadLibrary();
        this.version = version;
        // paranoid checks (the default, stated): a MANIFEST or table file that does not decode
        // fails the open instead of opening a partial book
        dbOptions = new DBOptions().setMaxOpenFiles(-1).setParanoidChecks(true);
        bookOptions = BookOptions.forReading();
        // every block read is checked against its CRC: a damaged book is refused at the first read
        // of a damaged block, never answered from it (see docs/design/book-storage.md)
        readOptions = new ReadOptions().setVerifyChecksums(true);
        List<ColumnFamilyDescriptor> descriptors =
                BookStore.descriptors(bookOptions.columnFamily());
        RocksDB opened = null;
        try {
            LayoutCheck.refuseOlderLayout(version, descriptors);
            opened = RocksDB.openReadOnly(dbOptions, version.toString(), descriptors, handles);
        } catch (RocksDBException | RuntimeException e) {
            handles.forEach(ColumnFamilyHandle::close);
            dbOptions.close();
            bookOptions.close();
            readOptions.close();
            if (e instanceof RocksDBException r && DamagedBookException.isCorruption(r)) {
                throw DamagedBookException.of(version, r);
            }
            throw e;
        }
        db = opened;
        for (Index i : Index.values()) {
            index.put(i, handles.get(i.ordinal() + 1));
        }
        games = handles.get(BookStore.GAMES_HANDLE);
        try {
            metadata = readMetadata(db, handles.get(BookStore.META_HANDLE), version);
        } catch (DamagedBookException e) {
            close();
            throw e;
        }
        String layout = metadata.get(BookMetadata.LAYOUT_VERSION, "");
        if (!layout.equals(Integer.toString(BookLayout.LAYOUT))) {
            close();
            if (layout.isEmpty()) {
                throw new DamagedBookException(
                        version, "its metadata has no layout version (a book always has one)");
            }
            throw new IllegalArgumentException(
                    version
                            + " has book layout version '"
                            + layout
                            + "'; this program reads version "
                            + BookLayout.LAYOUT
                            + "; rebuild the book");
        }
    }

    /** Opens the published version of a book directory (see {@link BookVersions}). */
    public static RocksBook open(Path bookDir) {
        Path v = BookVersions.current(bookDir);
        if (v == null) {
            throw new IllegalArgumentException(
                    "no book in " + bookDir + " (missing " + BookVersions.POINTER + ")");
        }
        return openVersion(v);
    }

    public static RocksBook openVersion(Path version) {
        try {
            return new RocksBook(version);
        } catch (RocksDBException e) {
            if (DamagedBookException.isCorruption(e)) {
                throw DamagedBookException.of(version, e);
            }
            throw new IllegalStateException(
                    "cannot open book " + version + ": " + e.getMessage(), e);
        }
    }

    static BookMetadata readMetadata(RocksDB db, ColumnFamilyHandle meta, Path dir) {
        Map<String, String> m = new HashMap<>();
        try (ReadOptions r = new ReadOptions().setVerifyChecksums(true);
                RocksIterator it = db.newIterator(meta, r)) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                m.put(
                        new String(it.key(), StandardCharsets.UTF_8),
                        new String(it.value(), StandardCharsets.UTF_8));
            }
            ended(it, dir);
        }
        return new BookMetadata(m);
    }

    /**
     * An iterator stops (isValid false) both at the end and at an error, such as a checksum
     * mismatch: a loop over one must end with this, or a damaged block would read as the end of the
     * data and a probe would answer without the moves stored after it.
     */
    static void ended(RocksIterator it, Path dir) {
        try {
            it.status();
        } catch (RocksDBException e) {
            throw readFailure(dir, e);
        }
    }

    static RuntimeException readFailure(Path dir, RocksDBException e) {
        if (DamagedBookException.isCorruption(e)) {
            return DamagedBookException.of(dir, e);
        }
        return new IllegalStateException("reading book " + dir + ": " + e.getMessage(), e);
    }

    public Path version() {
        return version;
    }

    @Override
    public ProbeResult probe(Position pos, java.util.Set<Index> indexes) {
        return BookProbe.probe(pos, this, metadata.minCount(), indexes);
    }

    @Override
    public List<dev.joseki.book.ProbeResult.Suggestion> castle(Position pos) {
        return BookProbe.castle(pos, this, metadata.minCount());
    }

    @Override
    public BookMetadata metadata() {
        return metadata;
    }

    @Override
    public byte[] moves(Index i, byte[] indexKey) {
        ensureOpen();
        try {
            return db.get(index.get(i), readOptions, indexKey);
        } catch (RocksDBException e) {
            throw readFailure(version, e);
        }
    }

    /**
     * A short range read through this thread's iterator of the index: iterators are created once
     * per thread and column family and reused (the book is read-only, so they never go stale),
     * since creating a RocksDB iterator costs more than the few keys a probe reads with it.
     */
    @Override
    public void range(Index i, byte[] from, byte[] to, BookProbe.Visitor visitor) {
        ensureOpen();
        RocksIterator[] mine = iterators.get();
        RocksIterator it = mine[i.ordinal()];
        if (it == null) {
            it = mine[i.ordinal()] = newIterator(i);
        }
        for (it.seek(from); it.isValid(); it.next()) {
            byte[] k = it.key();
            if (java.util.Arrays.compareUnsigned(k, to) > 0) {
                break;
            }
            visitor.accept(k, it.value());
        }
        ended(it, version);
    }

    /** RocksDB handles are freed on close: using them then would crash the JVM, not throw. */
    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("book " + version + " is closed");
        }
    }

    private RocksIterator newIterator(Index i) {
        synchronized (allIterators) {
            if (closed) {
                throw new IllegalStateException("book " + version + " is closed");
            }
            RocksIterator it = db.newIterator(index.get(i), readOptions);
            allIterators.add(it);
            return it;
        }
    }

    /**
     * Visits every entry of one index in key order (exports, stats): each stored move list is
     * unpacked into entries (index key ‖ move16 → single-entry value, see {@link BookLayout}).
     */
    @Override
    public void forEach(Index i, BookProbe.Visitor visitor) {
        ensureOpen();
        try (RocksIterator it = db.newIterator(index.get(i), readOptions)) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                byte[] k = it.key(), v = it.value();
                for (int m = 0, n = PackedMoves.size(v); m < n; m++) {
                    visitor.accept(
                            BookLayout.entryKey(k, PackedMoves.move16(v, m)),
                            PackedMoves.entryValue(v, m));
                }
            }
            ended(it, version);
        }
    }

    /** Stats of one entry (index key ‖ move16), or null when absent. */
    public dev.joseki.book.MoveStats get(Index i, byte[] entryKey) {
        byte[] v = moves(i, BookLayout.indexKey(entryKey));
        int at = v == null ? -1 : PackedMoves.indexOf(v, BookLayout.move16(entryKey));
        return at < 0 ? null : PackedMoves.stats(v, at);
    }

    /**
     * Evaluations stored for the moves of one position (its {@link dev.joseki.book.FullKey}), by
     * move16.
     */
    public java.util.SortedMap<Integer, MoveEval> evals(EvalLayout.Table table, byte[] fullKey) {
        ensureOpen();
        java.util.SortedMap<Integer, MoveEval> out = new java.util.TreeMap<>();
        byte[] to = BookLayout.afterAllMoves(fullKey);
        try (RocksIterator it =
                db.newIterator(
                        handles.get(BookStore.EVALS_HANDLE + table.ordinal()), readOptions)) {
            for (it.seek(fullKey); it.isValid(); it.next()) {
                byte[] k = it.key();
                if (java.util.Arrays.compareUnsigned(k, to) > 0) {
                    break;
                }
                if (k.length == fullKey.length + BookLayout.MOVE_LENGTH) {
                    out.put(BookLayout.move16(k), EvalLayout.decode(it.value()));
                }
            }
            ended(it, version);
        }
        return out;
    }

    /**
     * Propagated values where present, else raw evaluations, per move (see {@link
     * dev.joseki.book.MoveValues}).
     */
    @Override
    public java.util.SortedMap<Integer, MoveEval> of(byte[] fullKey) {
        java.util.SortedMap<Integer, MoveEval> out = evals(EvalLayout.Table.EVALS, fullKey);
        out.putAll(evals(EvalLayout.Table.VALUES, fullKey));
        return out;
    }

    @Override
    public java.util.SortedMap<Integer, MoveEval> values(Position pos) {
        java.util.SortedMap<Integer, MoveEval> out = new java.util.TreeMap<>();
        of(dev.joseki.book.FullKey.of(pos))
                .forEach((m, v) -> out.put(dev.joseki.book.MoverView.toQuery(pos, m), v));
        return out;
    }

    /** Visits every (full key ‖ move16, evaluation) of an eval table in key order. */
    public void forEachEval(
            EvalLayout.Table table, java.util.function.BiConsumer<byte[], MoveEval> visitor) {
        ensureOpen();
        try (RocksIterator it =
                db.newIterator(
                        handles.get(BookStore.EVALS_HANDLE + table.ordinal()), readOptions)) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                visitor.accept(it.key(), EvalLayout.decode(it.value()));
            }
            ended(it, version);
        }
    }

    /**
     * Visits every (full key ‖ move16) that has a value, in key order, with the value {@link #of}
     * gives it: the propagated one where there is one, else the raw evaluation (a merge of the two
     * tables).
     */
    public void forEachValue(java.util.function.BiConsumer<byte[], MoveEval> visitor) {
        ensureOpen();
        try (RocksIterator e = db.newIterator(evalTable(EvalLayout.Table.EVALS), readOptions);
                RocksIterator v = db.newIterator(evalTable(EvalLayout.Table.VALUES), readOptions)) {
            e.seekToFirst();
            v.seekToFirst();
            while (e.isValid() || v.isValid()) {
                int c =
                        !e.isValid()
                                ? 1
                                : !v.isValid()
                                        ? -1
                                        : java.util.Arrays.compareUnsigned(e.key(), v.key());
                if (c < 0) {
                    visitor.accept(e.key(), EvalLayout.decode(e.value()));
                    e.next();
                } else {
                    visitor.accept(v.key(), EvalLayout.decode(v.value()));
                    v.next();
                    if (c == 0) {
                        e.next();
                    }
                }
            }
            ended(e, version);
            ended(v, version);
        }
    }

    private ColumnFamilyHandle evalTable(EvalLayout.Table table) {
        return handles.get(BookStore.EVALS_HANDLE + table.ordinal());
    }

    /** True when a game with this id has been counted in the book. */
    public boolean hasGame(String gameId) {
        try {
            return db.get(games, readOptions, gameId.getBytes(StandardCharsets.UTF_8)) != null;
        } catch (RocksDBException e) {
            throw readFailure(version, e);
        }
    }

    /** Visits every counted game id. */
    public void forEachGame(java.util.function.Consumer<String> visitor) {
        try (RocksIterator it = db.newIterator(games, readOptions)) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                visitor.accept(new String(it.key(), StandardCharsets.UTF_8));
            }
            ended(it, version);
        }
    }

    /**
     * Reads every block of every SST file of this version and checks it against its checksum
     * ({@code book verify}): a {@link DamagedBookException} names the first damaged file.
     */
    public void verify() {
        ensureOpen();
        try {
            db.verifyChecksum();
        } catch (RocksDBException e) {
            throw readFailure(version, e);
        }
    }

    void checkpoint(Path dir) throws RocksDBException {
        BookStore.checkpoint(db, dir);
    }

    @Override
    public void close() {
        synchronized (allIterators) {
            closed = true;
            allIterators.forEach(RocksIterator::close);
            allIterators.clear();
        }
        for (ColumnFamilyHandle h : handles) {
            h.close();
        }
        db.close();
        readOptions.close();
        dbOptions.close();
        bookOptions.close();
    }
}
