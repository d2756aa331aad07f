package dev.joseki.book.store;

import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DataBlockIndexType;
import org.rocksdb.LRUCache;

/**
 * The RocksDB column family options of a book, shared by the store, the reader and {@link
 * BookSstWriter} (they must agree: the bloom filters are built into the SST files when they are
 * written). Every probe is a batch of point lookups ({@link dev.joseki.book.BookLayout}), so:
 *
 * <ul>
 *   <li>a whole-key bloom filter (10 bits per key, ~1% false positives) answers most absent keys —
 *       quarter windows at plies no game reached, half and full misses — without touching a data
 *       block;
 *   <li>data blocks carry a hash index, so a present key is found without a binary search in its
 *       block;
 *   <li>index and filter blocks stay in the table readers (not in the cache), so they are never
 *       evicted;
 *   <li>readers share one process-wide LRU block cache of {@link #READ_CACHE_BYTES} (filled only by
 *       the blocks actually read; books opened by several engines in one process do not each get
 *       their own). On the 11M-entry benchmark book (255 MB of LZ4 blocks, about twice that
 *       uncompressed) a 256 MB cache still missed often enough to raise the p99 of a probe by ~50%.
 * </ul>
 */
final class BookOptions implements AutoCloseable {
    static final long READ_CACHE_BYTES = 1L << 30;
    private static LRUCache sharedCache;

    private final BloomFilter bloom;
    private final ColumnFamilyOptions options;

    private BookOptions(boolean reader) {
        bloom = new BloomFilter(10);
        BlockBasedTableConfig table =
                new BlockBasedTableConfig()
                        .setFilterPolicy(bloom)
                        .setWholeKeyFiltering(true)
                        .setDataBlockIndexType(DataBlockIndexType.kDataBlockBinaryAndHash)
                        .setCacheIndexAndFilterBlocks(false);
        if (reader) {
            table.setBlockCache(sharedCache());
        }
        options =
                new ColumnFamilyOptions()
                        .setTableFormatConfig(table)
                        .setCompressionType(CompressionType.LZ4_COMPRESSION);
    }

    /** The block cache of all readers in this process; lives as long as the process. */
    private static synchronized LRUCache sharedCache() {
        if (sharedCache == null) {
            org.rocksdb.RocksDB.loadLibrary();
            sharedCache = new LRUCache(READ_CACHE_BYTES);
        }
        return sharedCache;
    }

    /** Options for writing (store, SST files). */
    static BookOptions forWriting() {
        return new BookOptions(false);
    }

    /** Options for a read-only book, with a block cache. */
    static BookOptions forReading() {
        return new BookOptions(true);
    }

    ColumnFamilyOptions columnFamily() {
        return options;
    }

    @Override
    public void close() {
        options.close();
        bloom.close();
    }
}
