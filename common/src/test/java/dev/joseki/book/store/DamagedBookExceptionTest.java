package dev.joseki.book.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.rocksdb.RocksDBException;

class DamagedBookExceptionTest {
    /** The message RocksDB 9 gives for a flipped data block, with the book opened as "B". */
    private static final String RELATIVE =
            "block checksum mismatch: stored(context removed) = 1178862927, computed = 529884315,"
                    + " type = 4 in B/v-20261129T034221-1/000008.sst offset 395418 size 1873,"
                    + " block_type = Data";

    @Test
    void aRelativeBookPathIsNamedWhole() {
        DamagedBookException e =
                DamagedBookException.of(Path.of("B/v-1"), new RocksDBException(RELATIVE));
        assertThat(e.file()).isEqualTo(Path.of("B/v-20261129T034221-1/000008.sst"));
        assertThat(e.getMessage()).startsWith("B/v-20261129T034221-1/000008.sst is damaged: ");
    }

    @Test
    void anAbsoluteBookPathIsNamedWhole() {
        DamagedBookException e =
                DamagedBookException.of(
                        Path.of("/books/main/v-1"),
                        new RocksDBException(RELATIVE.replace(" in B/", " in /books/main/")));
        assertThat(e.file()).isEqualTo(Path.of("/books/main/v-20261129T034221-1/000008.sst"));
    }
}
