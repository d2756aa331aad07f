package dev.joseki.book.store;

import dev.joseki.book.BookLayout;
import dev.joseki.book.BookMetadata;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.DBOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

/**
 * Tells a book of an older layout from a damaged one before opening a version. A book of an older
 * layout lacks column families of this one, and RocksDB would refuse to open it with "column family
 * not found": say which layout it is instead (books never gain column families in place). But a
 * MANIFEST cut short or damaged lists fewer column families too: it is an older layout only when
 * the book's own metadata says so; otherwise it is damage, naming the MANIFEST.
 */
final class LayoutCheck {
    private LayoutCheck() {}

    static void refuseOlderLayout(Path version, List<ColumnFamilyDescriptor> wanted)
            throws RocksDBException {
        List<byte[]> present;
        try (Options o = new Options().setParanoidChecks(true)) {
            present = RocksDB.listColumnFamilies(o, version.toString());
        }
        for (ColumnFamilyDescriptor d : wanted) {
            if (present.stream().noneMatch(p -> Arrays.equals(p, d.getName()))) {
                String name = new String(d.getName(), StandardCharsets.UTF_8);
                String layout = storedLayout(version, present);
                if (layout.isEmpty() || layout.equals(Integer.toString(BookLayout.LAYOUT))) {
                    throw new DamagedBookException(
                            manifest(version),
                            "it lists no column family '"
                                    + name
                                    + "', which a book of layout "
                                    + (layout.isEmpty() ? "any version" : layout)
                                    + " has");
                }
                throw new IllegalArgumentException(
                        version
                                + " has no column family '"
                                + name
                                + "': it is a book of an older layout ("
                                + layout
                                + "); this program reads layout version "
                                + BookLayout.LAYOUT
                                + "; rebuild the book");
            }
        }
    }

    /** The layout version the book's metadata holds, or "" when it cannot be read. */
    private static String storedLayout(Path version, List<byte[]> present) {
        byte[] meta = BookLayout.META.getBytes(StandardCharsets.UTF_8);
        if (present.stream().noneMatch(p -> Arrays.equals(p, meta))) {
            return "";
        }
        List<ColumnFamilyDescriptor> d = new ArrayList<>();
        present.forEach(p -> d.add(new ColumnFamilyDescriptor(p)));
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (DBOptions o = new DBOptions();
                RocksDB db = RocksDB.openReadOnly(o, version.toString(), d, handles)) {
            try {
                for (int i = 0; i < present.size(); i++) {
                    if (Arrays.equals(present.get(i), meta)) {
                        byte[] v =
                                db.get(
                                        handles.get(i),
                                        BookMetadata.LAYOUT_VERSION.getBytes(
                                                StandardCharsets.UTF_8));
                        return v == null ? "" : new String(v, StandardCharsets.UTF_8);
                    }
                }
                return "";
            } finally {
                handles.forEach(ColumnFamilyHandle::close);
            }
        } catch (RocksDBException | RuntimeException e) {
            return "";
        }
    }

    /** The MANIFEST file RocksDB's own CURRENT names in a version (or that CURRENT file). */
    static Path manifest(Path version) {
        Path current = version.resolve("CURRENT");
        try {
            String name = Files.readString(current, StandardCharsets.US_ASCII).trim();
            return name.matches("MANIFEST-\\d+") ? version.resolve(name) : current;
        } catch (IOException | RuntimeException e) {
            return current;
        }
    }
}
