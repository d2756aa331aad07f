package dev.joseki.notation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PackedSfenReaderTest {
    @TempDir Path dir;

    private List<PackedSfenValue> records(int n) {
        List<PackedSfenValue> list = new ArrayList<>();
        Position pos = Sfen.startPosition();
        for (int i = 0; i < n; i++) {
            list.add(PackedSfenValue.of(pos, i * 10 - 50, Move.NONE, i % 3 - 1));
        }
        return list;
    }

    @Test
    void aWrittenFileIsFortyBytesARecordAndReadsBackWhole() throws IOException {
        Path file = dir.resolve("train.bin");
        List<PackedSfenValue> written = records(25);
        try (PackedSfenWriter w = new PackedSfenWriter(file)) {
            for (PackedSfenValue v : written) {
                w.write(v);
            }
        }
        assertThat(Files.size(file)).isEqualTo(25 * 40);
        PackedSfenReader.Contents read = PackedSfenReader.readAll(file);
        assertThat(read.records()).isEqualTo(written);
        assertThat(read.skippedBytes()).isZero();
    }

    @Test
    void aFileCutShortIsReadUpToItsLastWholeRecordAndSaysWhatItSkipped() throws IOException {
        Path whole = dir.resolve("whole.bin");
        try (PackedSfenWriter w = new PackedSfenWriter(whole)) {
            for (PackedSfenValue v : records(3)) {
                w.write(v);
            }
        }
        Path cut = dir.resolve("cut.bin");
        byte[] bytes = Files.readAllBytes(whole);
        Files.write(cut, Arrays.copyOf(bytes, 2 * 40 + 17));
        try (PackedSfenReader r = new PackedSfenReader(cut)) {
            byte[] buf = new byte[40];
            int n = 0;
            while (r.next(buf, 0)) {
                n++;
            }
            assertThat(n).isEqualTo(2);
            assertThat(r.skippedBytes()).isEqualTo(17);
            assertThat(r.cutShortMessage())
                    .isEqualTo(cut + ": cut short, 17 bytes after record 2 skipped");
        }
    }

    @Test
    void anEmptyFileHasNoRecordAndSkipsNothing() throws IOException {
        Path empty = Files.createFile(dir.resolve("empty.bin"));
        PackedSfenReader.Contents read = PackedSfenReader.readAll(empty);
        assertThat(read.records()).isEmpty();
        assertThat(read.skippedBytes()).isZero();
    }
}
