package dev.joseki.book.store;

import dev.joseki.book.Book;
import dev.joseki.book.BookLayout;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.BookMetadata;
import dev.joseki.book.BookProbe;
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
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;

/**
 * The published version of a book directory opened read-only. Probes run {@link BookProbe} over RocksDB
 * iterators bounded by {@code iterate_upper_bound}; instances are thread-safe.
 */
public final class RocksBook implements Book, BookProbe.Entries, dev.joseki.book.BookEntries {
    private final DBOptions dbOptions;
    private final ColumnFamilyOptions cfOptions;
    private final RocksDB db;
    private final List<ColumnFamilyHandle> handles = new ArrayList<>();
    private final Map<Index, ColumnFamilyHandle> index = new EnumMap<>(Index.class);
    private final ColumnFamilyHandle games;
    private final BookMetadata metadata;
    private final Path version;

    private RocksBook(Path version) throws RocksDBException {
        RocksDB.loadLibrary();
        this.version = version;
        dbOptions = new DBOptions();
        cfOptions = BookStore.columnFamilyOptions();
        List<ColumnFamilyDescriptor> descriptors = BookStore.descriptors(cfOptions);
        db = RocksDB.openReadOnly(dbOptions, version.toString(), descriptors, handles);
        for (Index i : Index.values()) {
            index.put(i, handles.get(i.ordinal() + 1));
        }
        games = handles.get(BookStore.GAMES_HANDLE);
        metadata = readMetadata(db, handles.get(BookStore.META_HANDLE));
        String layout = metadata.get(BookMetadata.LAYOUT_VERSION, "");
        if (!layout.equals(Integer.toString(BookLayout.VERSION))) {
            close();
            throw new IllegalStateException(version + " has book layout version '" + layout
                    + "'; this program reads version " + BookLayout.VERSION);
        }
    }

    /** Opens the published version of a book directory (see {@link BookVersions}). */
    public static RocksBook open(Path bookDir) {
        Path v = BookVersions.current(bookDir);
        if (v == null) {
            throw new IllegalArgumentException("no book in " + bookDir + " (missing " + BookVersions.POINTER + ")");
        }
        return openVersion(v);
    }

    public static RocksBook openVersion(Path version) {
        try {
            return new RocksBook(version);
        } catch (RocksDBException e) {
            throw new IllegalStateException("cannot open book " + version + ": " + e.getMessage(), e);
        }
    }

    static BookMetadata readMetadata(RocksDB db, ColumnFamilyHandle meta) {
        Map<String, String> m = new HashMap<>();
        try (RocksIterator it = db.newIterator(meta)) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                m.put(new String(it.key(), StandardCharsets.UTF_8), new String(it.value(), StandardCharsets.UTF_8));
            }
        }
        return new BookMetadata(m);
    }

    public Path version() {
        return version;
    }

    @Override
    public ProbeResult probe(Position pos) {
        return BookProbe.probe(pos, this, metadata.minCount());
    }

    @Override
    public BookMetadata metadata() {
        return metadata;
    }

    @Override
    public void scan(Index i, byte[] from, byte[] to, BookProbe.Visitor visitor) {
        try (Slice upper = new Slice(to);
             ReadOptions ro = new ReadOptions().setIterateUpperBound(upper);
             RocksIterator it = db.newIterator(index.get(i), ro)) {
            for (it.seek(from); it.isValid(); it.next()) {
                visitor.accept(it.key(), it.value());
            }
        }
    }

    /** Visits every entry of one index in key order (exports, stats). */
    @Override
    public void forEach(Index i, BookProbe.Visitor visitor) {
        try (RocksIterator it = db.newIterator(index.get(i))) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                visitor.accept(it.key(), it.value());
            }
        }
    }

    /** Stats of one entry, or null when absent. */
    public dev.joseki.book.MoveStats get(Index i, byte[] entryKey) {
        try {
            byte[] v = db.get(index.get(i), entryKey);
            return v == null ? null : BookLayout.decode(v);
        } catch (RocksDBException e) {
            throw new IllegalStateException(e);
        }
    }

    /** True when some entry of the index starts with this index key. */
    public boolean hasIndexKey(Index i, byte[] indexKey) {
        boolean[] found = {false};
        try (Slice upper = new Slice(BookLayout.afterAllMoves(indexKey));
             ReadOptions ro = new ReadOptions().setIterateUpperBound(upper);
             RocksIterator it = db.newIterator(index.get(i), ro)) {
            it.seek(indexKey);
            found[0] = it.isValid();
        }
        return found[0];
    }

    /** True when a game with this id has been counted in the book. */
    public boolean hasGame(String gameId) {
        try {
            return db.get(games, gameId.getBytes(StandardCharsets.UTF_8)) != null;
        } catch (RocksDBException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Visits every counted game id. */
    public void forEachGame(java.util.function.Consumer<String> visitor) {
        try (RocksIterator it = db.newIterator(games)) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                visitor.accept(new String(it.key(), StandardCharsets.UTF_8));
            }
        }
    }

    void checkpoint(Path dir) throws RocksDBException {
        BookStore.checkpoint(db, dir);
    }

    @Override
    public void close() {
        for (ColumnFamilyHandle h : handles) {
            h.close();
        }
        db.close();
        dbOptions.close();
        cfOptions.close();
    }
}
