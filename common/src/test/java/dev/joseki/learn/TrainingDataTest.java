package dev.joseki.learn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.notation.PackedSfenValue;
import dev.joseki.notation.PackedSfenWriter;
import dev.joseki.notation.Sfen;
import dev.joseki.rules.Move;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrainingDataTest {
    @TempDir Path dir;

    /** n records of the start position with scores 0, 1, 2, ... (so each is recognisable). */
    private Path file(Path path, int n, int firstScore) throws IOException {
        Files.createDirectories(path.getParent());
        try (PackedSfenWriter w = new PackedSfenWriter(path)) {
            for (int i = 0; i < n; i++) {
                w.write(PackedSfenValue.of(Sfen.startPosition(), firstScore + i, Move.NONE, 0));
            }
        }
        return path;
    }

    private static List<Integer> scores(TrainingData.Part p) {
        List<Integer> s = new ArrayList<>();
        for (int i = 0; i < p.count(); i++) {
            s.add(p.score(i));
        }
        return s;
    }

    /** The position after the USI moves from the start, with move (USI) recorded and score. */
    private static PackedSfenValue labelled(String moves, String move, int score) {
        dev.joseki.rules.Position pos = Sfen.startPosition();
        for (String m : moves.split(" ")) {
            if (!m.isEmpty()) {
                pos.doMove(dev.joseki.notation.UsiMove.parse(pos, m));
            }
        }
        return PackedSfenValue.of(pos, score, dev.joseki.notation.UsiMove.parse(pos, move), 0);
    }

    @Test
    void quietOnlyLeavesOutCapturesAndPromotionsAndCountsThem() throws IOException {
        Path f = dir.resolve("train/part-00000.bin");
        Files.createDirectories(f.getParent());
        Files.createDirectories(dir.resolve("validation"));
        try (PackedSfenWriter w = new PackedSfenWriter(f)) {
            w.write(labelled("", "7g7f", 1)); // a pawn push: quiet
            w.write(labelled("7g7f 3c3d", "8h2b+", 2)); // captures the bishop and promotes
            w.write(labelled("7g7f 3c3d 8h2b+", "3a2b", 3)); // captures, no promotion
            w.write(labelled("7g7f 3c3d 8h2b+ 3a2b", "B*5e", 4)); // a drop: quiet
            dev.joseki.rules.Position p = Sfen.parse("4k4/9/9/4P4/9/9/9/9/4K4 b - 1");
            w.write(PackedSfenValue.of(p, 5, dev.joseki.notation.UsiMove.parse(p, "5d5c+"), 0));
        }
        try (PackedSfenWriter w = new PackedSfenWriter(dir.resolve("validation/part-00000.bin"))) {
            w.write(labelled("", "2g2f", 6));
        }
        TrainingData.Loaded quiet =
                TrainingData.load(dir, new TrainingData.Filter(3000, true), w -> {});
        assertThat(scores(quiet.train())).containsExactly(1, 4);
        assertThat(quiet.noisy()).isEqualTo(3);
        TrainingData.Loaded leaves =
                TrainingData.load(dir, new TrainingData.Filter(3000, true, true), w -> {});
        // The bishop exchange ends after the silver takes back (Black to move: +2); the silver's
        // capture and the pawn's promotion end one ply on (the other side to move: -3, -5).
        assertThat(scores(leaves.train())).containsExactly(1, 2, -3, 4, -5);
        assertThat(leaves.resolved()).isEqualTo(3);
        assertThat(leaves.noisy()).isZero();
        TrainingData.Loaded all = TrainingData.load(dir, 3000, w -> {});
        assertThat(scores(all.train())).containsExactly(1, 2, 3, 4, 5);
        assertThat(all.noisy()).isZero();
    }

    @Test
    void theTrainAndValidationLayoutIsReadPartByPart() throws IOException {
        file(dir.resolve("train/part-00000.bin"), 3, 0);
        file(dir.resolve("train/part-00001.bin"), 2, 100);
        file(dir.resolve("validation/part-00000.bin"), 2, 500);
        Files.writeString(dir.resolve("train/_SUCCESS"), "");
        TrainingData.Loaded d = TrainingData.load(dir, 3000, w -> {});
        assertThat(scores(d.train())).containsExactly(0, 1, 2, 100, 101);
        assertThat(scores(d.validation())).containsExactly(500, 501);
        assertThat(d.files()).hasSize(3);
    }

    @Test
    void severalSourcesLoadAsOneSetEachKeepingItsOwnValidation() throws IOException {
        Path older = dir.resolve("gen4"), newer = dir.resolve("gen5");
        file(older.resolve("train/part-00000.bin"), 2, 0);
        file(older.resolve("validation/part-00000.bin"), 1, 50);
        file(newer.resolve("train/part-00000.bin"), 3, 100);
        file(newer.resolve("validation/part-00000.bin"), 2, 150);
        Path plain = file(dir.resolve("extra.bin"), 21, 1000);
        TrainingData.Loaded d =
                TrainingData.load(
                        List.of(older, newer, plain),
                        new TrainingData.Filter(3000, false),
                        w -> {});
        List<Integer> train = new ArrayList<>(List.of(0, 1, 100, 101, 102));
        for (int score = 1000; score <= 1020; score++) {
            if (score != 1019) { // the plain file's 20th record is held out
                train.add(score);
            }
        }
        assertThat(scores(d.train())).containsExactlyElementsOf(train);
        assertThat(scores(d.validation())).containsExactly(50, 150, 151, 1019);
        assertThat(d.files()).hasSize(5);
    }

    @Test
    void plainFilesHoldEveryTwentiethRecordOutForValidation() throws IOException {
        file(dir.resolve("a.bin"), 45, 0);
        TrainingData.Loaded d = TrainingData.load(dir, 3000, w -> {});
        // records 20 and 40 (1-based) have scores 19 and 39
        assertThat(scores(d.validation())).containsExactly(19, 39);
        assertThat(d.train().count()).isEqualTo(43);
    }

    @Test
    void scoresBeyondTheEvalLimitAreLeftOutAndCounted() throws IOException {
        file(dir.resolve("train/a.bin"), 5, 2998); // 2998 .. 3002
        file(dir.resolve("validation/a.bin"), 1, -3001);
        TrainingData.Loaded d = TrainingData.load(dir, 3000, w -> {});
        assertThat(scores(d.train())).containsExactly(2998, 2999, 3000);
        assertThat(d.validation().count()).isZero();
        assertThat(d.filtered()).isEqualTo(3);
    }

    @Test
    void aFileCutShortIsReadToItsLastWholeRecordWithAWarning() throws IOException {
        Path f = file(dir.resolve("a.bin"), 3, 0);
        byte[] bytes = Files.readAllBytes(f);
        Files.write(f, Arrays.copyOf(bytes, bytes.length - 7));
        List<String> warnings = new ArrayList<>();
        TrainingData.Loaded d = TrainingData.load(dir, 3000, warnings::add);
        assertThat(d.train().count()).isEqualTo(2);
        assertThat(warnings).containsExactly(f + ": cut short, 33 bytes after record 2 skipped");
    }

    @Test
    void aMalformedRecordIsRefusedNamingTheFileAndTheRecord() throws IOException {
        Path f = file(dir.resolve("a.bin"), 3, 0);
        byte[] bytes = Files.readAllBytes(f);
        bytes[40 + 1] = (byte) 0xff; // record 2's king squares
        Files.write(f, bytes);
        assertThatThrownBy(() -> TrainingData.load(dir, 3000, w -> {}))
                .hasMessageStartingWith(f + ": record 2: king squares");
    }

    @Test
    void aMissingValidationDirectoryOrNoFilesAreRefused() throws IOException {
        file(dir.resolve("train/a.bin"), 1, 0);
        assertThatThrownBy(() -> TrainingData.load(dir, 3000, w -> {}))
                .hasMessage(
                        dir.resolve("validation")
                                + ": no such directory (beside train/ the layout needs it)");
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertThatThrownBy(() -> TrainingData.load(empty, 3000, w -> {}))
                .hasMessage(empty + ": no .bin files");
    }
}
