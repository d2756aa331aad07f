package dev.joseki.book.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.book.BookLayout;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.MoveStats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BookVersionsTest {
    private static final byte[] KEY = BookLayout.entryKey(new byte[] {1, 2, 3}, 7);

    private static Path version(Path dir, Path previous, long count) {
        Path v = BookVersions.newVersion(dir);
        try (BookStore s = BookStore.create(v, previous)) {
            s.put(Index.HALF, Map.of(KEY, BookLayout.encode(new MoveStats(count, 0, 0, 0, 1, 1))));
            s.putMetadata(Map.of("games", Long.toString(count)));
        }
        return v;
    }

    @Test
    void anUnpublishedVersionLeavesThePreviousBookInUse(@TempDir Path dir) {
        Path v1 = version(dir, null, 1);
        BookVersions.publish(dir, v1);
        Path v2 = version(dir, v1, 2); // a build that died before publishing
        assertThat(Files.isDirectory(v2)).isTrue();
        try (RocksBook b = RocksBook.open(dir)) {
            assertThat(b.version()).isEqualTo(v1);
            assertThat(b.get(Index.HALF, KEY).count()).isEqualTo(1);
        }
        BookVersions.publish(dir, v2);
        try (RocksBook b = RocksBook.open(dir)) {
            assertThat(b.get(Index.HALF, KEY).count()).isEqualTo(2);
            assertThat(b.metadata().getLong("games", 0)).isEqualTo(2);
        }
    }

    @Test
    void aCheckpointCopiesThePreviousEntriesAndOldVersionsArePruned(@TempDir Path dir) {
        Path v1 = version(dir, null, 1);
        BookVersions.publish(dir, v1);
        Path v2 = BookVersions.newVersion(dir);
        try (BookStore s = BookStore.create(v2, v1)) {
            s.putMetadata(Map.of("games", "1"));
        }
        BookVersions.publish(dir, v2);
        try (RocksBook b = RocksBook.open(dir)) {
            assertThat(b.get(Index.HALF, KEY).count()).isEqualTo(1);
        }
        Path v3 = version(dir, v2, 3);
        BookVersions.publish(dir, v3);
        assertThat(Files.exists(v1)).isFalse(); // KEEP = 2: v3 and v2 remain
        assertThat(Files.exists(v2)).isTrue();
    }

    @Test
    void putReplacesOnlyTheGivenMovesOfAKey(@TempDir Path dir) {
        byte[] other =
                BookLayout.entryKey(new byte[] {1, 2, 3}, 9); // same index key as KEY, move 9
        Path v = BookVersions.newVersion(dir);
        try (BookStore s = BookStore.create(v, null)) {
            s.put(Index.HALF, Map.of(KEY, BookLayout.encode(new MoveStats(4, 1, 1, 1, 2, 3))));
            s.put(Index.HALF, Map.of(other, BookLayout.encode(new MoveStats(1, 0, 0, 0, 5, 5))));
            s.put(Index.HALF, Map.of(KEY, BookLayout.encode(new MoveStats(6, 1, 1, 1, 2, 3))));
            s.putMetadata(Map.of("games", "1"));
        }
        BookVersions.publish(dir, v);
        try (RocksBook b = RocksBook.open(dir)) {
            assertThat(b.get(Index.HALF, KEY).count()).isEqualTo(6);
            assertThat(b.get(Index.HALF, other).count()).isEqualTo(1);
            assertThat(b.get(Index.HALF, BookLayout.entryKey(new byte[] {1, 2, 3}, 8))).isNull();
        }
    }

    @Test
    void randomBytesInThePointerAreDamageNamingThePointer(@TempDir Path dir) throws Exception {
        BookVersions.publish(dir, version(dir, null, 1));
        Files.write(dir.resolve("CURRENT"), new byte[] {(byte) 0xff, 0x00, (byte) 0x81, 0x7f});
        assertThatThrownBy(() -> RocksBook.open(dir))
                .isInstanceOf(DamagedBookException.class)
                .hasMessageStartingWith(dir.resolve("CURRENT") + " is damaged: ")
                .hasMessageNotContaining("\n");
    }

    @Test
    void aPointerNamingNoVersionIsDamageNamingThePointer(@TempDir Path dir) throws Exception {
        BookVersions.publish(dir, version(dir, null, 1));
        Files.writeString(dir.resolve("CURRENT"), "v-20990101T000000-1\n");
        assertThatThrownBy(() -> BookVersions.current(dir))
                .isInstanceOf(DamagedBookException.class)
                .hasMessageContaining(dir.resolve("CURRENT") + " is damaged")
                .hasMessageContaining("v-20990101T000000-1");
    }

    @Test
    void leftoversOlderThanTheCommandGoAndEverythingElseStays(@TempDir Path dir) throws Exception {
        Path v1 = version(dir, null, 1);
        BookVersions.publish(dir, v1);
        Path staging = Files.createDirectories(dir.resolve(".staging-dead/full"));
        Path tmp = Files.writeString(dir.resolve("CURRENT.tmp"), "v-x");
        Path unpublished = version(dir, v1, 2); // newer than the published one
        FileTime past = FileTime.from(Instant.now().minusSeconds(60));
        for (Path p : List.of(staging.getParent(), tmp, unpublished)) {
            Files.setLastModifiedTime(p, past);
        }
        Instant start = Instant.now();
        Path running = Files.createDirectories(dir.resolve(".staging-running"));
        Files.setLastModifiedTime(running, FileTime.from(start.plusSeconds(1)));

        assertThat(BookVersions.removeLeftovers(dir, start))
                .containsExactlyInAnyOrder(
                        ".staging-dead", "CURRENT.tmp", unpublished.getFileName().toString());
        assertThat(Files.exists(running)).isTrue();
        try (RocksBook b = RocksBook.open(dir)) {
            assertThat(b.version()).isEqualTo(v1);
            assertThat(b.get(Index.HALF, KEY).count()).isEqualTo(1);
        }
    }

    @Test
    void aPublishThatFailsBeforeTheSwapLeavesThePreviousBookAndNoVersion(@TempDir Path dir) {
        Path v1 = version(dir, null, 1);
        BookVersions.publish(dir, v1);
        Path v2 = version(dir, v1, 2);
        BookVersions.publish(dir, v2);
        Path missing = dir.resolve("v-20990101T000000-1");
        assertThatThrownBy(() -> BookVersions.publish(dir, missing));
        assertThat(BookVersions.current(dir)).isEqualTo(v2);
        assertThat(Files.exists(dir.resolve("CURRENT.tmp"))).isFalse();
    }
}
