package dev.joseki.book.store;

import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DataBlockIndexType;
import org.rocksdb.LRUCache;

/**
 * The RocksDB column family options of a book, shared by the store, the reader and {@link BookSstWriter}
 * (they must agree: the bloom filters are built into the SST files when they are written). Every probe is
 * a batch of point lookups ({@link dev.joseki.book.BookLayout}), so:
 * <ul>
 * <li>a whole-key bloom filter (10 bits per key, ~1% false positives) answers most absent keys — quarter
 *     windows at plies no game reached, half and full misses — without touching a data block;
 * <li>data blocks carry a hash index, so a present key is found without a binary search in its block;
 * <li>index and filter blocks stay in the table readers (not in the cache), so they are never evicted;
 * <li>readers get an LRU block cache of {@link #READ_CACHE_BYTES}; LZ4 keeps decompression cheap.
 * </ul>
 */
final class BookOptions implements AutoCloseable {
    static final long READ_CACHE_BYTES = 256L << 20;

    private final BloomFilter bloom;
    private final LRUCache cache;
    private final ColumnFamilyOptions options;

    private BookOptions(boolean reader) {
        bloom = new BloomFilter(10);
        cache = reader ? new LRUCache(READ_CACHE_BYTES) : null;
        BlockBasedTableConfig table = new BlockBasedTableConfig()
                .setFilterPolicy(bloom)
                .setWholeKeyFiltering(true)
                .setDataBlockIndexType(DataBlockIndexType.kDataBlockBinaryAndHash)
                .setCacheIndexAndFilterBlocks(false);
        if (cache != null) {
            table.setBlockCache(cache);
        }
        options = new ColumnFamilyOptions().setTableFormatConfig(table)
                .setCompressionType(CompressionType.LZ4_COMPRESSION);
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
        if (cache != null) {
            cache.close();
        }
    }
}
