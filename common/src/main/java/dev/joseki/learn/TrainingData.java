package dev.joseki.learn;

import dev.joseki.notation.PackedSfen;
import dev.joseki.notation.PackedSfenReader;
import dev.joseki.notation.PackedSfenValue;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Training and validation positions in memory, 40 bytes each as {@link PackedSfenValue} files hold
 * them. Two layouts: {@code DIR/train/*.bin} and {@code DIR/validation/*.bin} (what the Spark job
 * writes), or plain {@code *.bin} files (a directory of them or one file), of which every 20th
 * record is held out for validation. Positions whose teacher score lies beyond the eval limit (mate
 * scores among them) are left out; a file cut short is read up to its last whole record, with a
 * warning saying how many bytes were skipped; a record whose packed SFEN is malformed is refused in
 * one line naming the file and the record. Several sources load as one set.
 */
public final class TrainingData {
    /**
     * Records of one part, back to back; base, when not null, holds for each record the score (for
     * the side to move, in centipawns) of the evaluation a residual model adds to ({@link
     * HandcraftedBase}).
     */
    public record Part(byte[] records, int count, int[] base) {
        public Part(byte[] records, int count) {
            this(records, count, null);
        }

        public Part {
            if (base != null && base.length != count) {
                throw new IllegalArgumentException(base.length + " base scores for " + count);
            }
        }

        /** This part with the given base scores, one per record. */
        public Part withBase(int[] scores) {
            return new Part(records, count, scores);
        }

        /** The base score of record i, 0 without base scores. */
        public int base(int i) {
            return base == null ? 0 : base[i];
        }

        public int score(int i) {
            return PackedSfenValue.score(records, i * PackedSfenValue.BYTES);
        }

        public int result(int i) {
            return PackedSfenValue.result(records, i * PackedSfenValue.BYTES);
        }
    }

    /**
     * @param filtered positions left out for their score beyond the limit
     * @param noisy positions left out because the teacher's best move captures or promotes
     * @param resolved positions whose teacher's best move captures or promotes, kept as their
     *     {@link QuietLeaf}
     */
    public record Loaded(
            Part train,
            Part validation,
            long filtered,
            long noisy,
            long resolved,
            List<Path> files) {
        public Loaded {
            files = List.copyOf(files);
        }
    }

    /**
     * Which positions are read.
     *
     * @param evalLimit the largest teacher score kept, in absolute value (mate scores lie beyond)
     * @param quietOnly keep only positions whose teacher's best move neither captures nor promotes:
     *     in the others the search score counts a gain the static evaluation cannot see (a capture
     *     pending for the side to move), and fitting it teaches the evaluation that bias
     * @param leaves with quietOnly, keep such a position as its {@link QuietLeaf} instead of
     *     leaving it out
     */
    public record Filter(int evalLimit, boolean quietOnly, boolean leaves) {
        public Filter(int evalLimit, boolean quietOnly) {
            this(evalLimit, quietOnly, false);
        }
    }

    private static final int MAX_RECORDS = Integer.MAX_VALUE / PackedSfenValue.BYTES - 1;
    private static final int HOLD_OUT_EVERY = 20;

    private TrainingData() {}

    /** All positions within evalLimit, quiet or not. */
    public static Loaded load(Path data, int evalLimit, Consumer<String> warn) throws IOException {
        return load(data, new Filter(evalLimit, false), warn);
    }

    public static Loaded load(Path data, Filter filter, Consumer<String> warn) throws IOException {
        return load(List.of(data), filter, warn);
    }

    /**
     * The positions of several sources together (the exports of several generations, say), each
     * read as {@link #load(Path, Filter, Consumer)} reads one: a source's own validation positions
     * stay validation positions.
     */
    public static Loaded load(List<Path> sources, Filter filter, Consumer<String> warn)
            throws IOException {
        if (sources.isEmpty()) {
            throw new IllegalArgumentException("no training data given");
        }
        Builder train = new Builder(), validation = new Builder();
        List<Path> files = new ArrayList<>();
        for (Path data : sources) {
            Path trainDir = data.resolve("train");
            if (Files.isDirectory(trainDir)) {
                Path validationDir = data.resolve("validation");
                if (!Files.isDirectory(validationDir)) {
                    throw new IllegalArgumentException(
                            validationDir
                                    + ": no such directory (beside train/ the layout needs it)");
                }
                List<Path> trainFiles = binFiles(trainDir),
                        validationFiles = binFiles(validationDir);
                for (Path f : trainFiles) {
                    read(f, filter, warn, train, null);
                }
                for (Path f : validationFiles) {
                    read(f, filter, warn, validation, null);
                }
                files.addAll(trainFiles);
                files.addAll(validationFiles);
            } else {
                List<Path> plain = Files.isRegularFile(data) ? List.of(data) : binFiles(data);
                for (Path f : plain) {
                    read(f, filter, warn, train, validation);
                }
                files.addAll(plain);
            }
        }
        return new Loaded(
                train.part(),
                validation.part(),
                train.filtered + validation.filtered,
                train.noisy + validation.noisy,
                train.resolved + validation.resolved,
                files);
    }

    private static List<Path> binFiles(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(dir + ": no such directory or .bin file");
        }
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> files =
                    s.filter(p -> p.getFileName().toString().endsWith(".bin")).sorted().toList();
            if (files.isEmpty()) {
                throw new IllegalArgumentException(dir + ": no .bin files");
            }
            return files;
        }
    }

    /** Reads file into train, holding every 20th record out into validation when given. */
    private static void read(
            Path file, Filter filter, Consumer<String> warn, Builder train, Builder validation)
            throws IOException {
        int[] board = new int[81], hand = new int[16];
        byte[] buf = new byte[PackedSfenValue.BYTES], leaf = new byte[PackedSfenValue.BYTES];
        QuietLeaf leaves = filter.leaves() ? new QuietLeaf() : null;
        try (PackedSfenReader r = new PackedSfenReader(file)) {
            while (r.next(buf, 0)) {
                PackedSfenValue value;
                try {
                    PackedSfen.unpack(buf, 0, board, hand);
                    value = PackedSfenValue.read(buf, 0);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(
                            file + ": record " + r.records() + ": " + e.getMessage());
                }
                Builder to =
                        validation != null && r.records() % HOLD_OUT_EVERY == 0
                                ? validation
                                : train;
                if (Math.abs(PackedSfenValue.score(buf, 0)) > filter.evalLimit()) {
                    to.filtered++;
                } else if (filter.quietOnly() && !quiet(value)) {
                    if (leaves != null && leaves.resolve(value, leaf, 0)) {
                        to.add(leaf, file);
                        to.resolved++;
                    } else {
                        to.noisy++;
                    }
                } else {
                    to.add(buf, file);
                }
            }
            if (r.skippedBytes() > 0) {
                warn.accept(r.cutShortMessage());
            }
        }
    }

    /**
     * Whether the teacher's best move neither captures nor promotes; a record without a legal move
     * (a special move, or one the position does not allow) counts as quiet, there being nothing to
     * tell.
     */
    static boolean quiet(PackedSfenValue value) {
        Position pos = value.position();
        int m = value.move(pos);
        if (Move.isSpecial(m) || !pos.isLegal(m)) {
            return true;
        }
        return Move.isDrop(m) || (Move.captured(m) == 0 && !Move.isPromotion(m));
    }

    private static final class Builder {
        private byte[] bytes = new byte[PackedSfenValue.BYTES * 1024];
        private int count;
        long filtered, noisy, resolved;

        void add(byte[] record, Path file) {
            if (count == MAX_RECORDS) {
                throw new IllegalArgumentException(
                        file + ": more than " + MAX_RECORDS + " positions in one part");
            }
            int at = count * PackedSfenValue.BYTES;
            if (at + PackedSfenValue.BYTES > bytes.length) {
                long grown = Math.min((long) bytes.length * 2, (long) (MAX_RECORDS + 1) * 40);
                bytes = Arrays.copyOf(bytes, (int) grown);
            }
            System.arraycopy(record, 0, bytes, at, PackedSfenValue.BYTES);
            count++;
        }

        Part part() {
            return new Part(Arrays.copyOf(bytes, count * PackedSfenValue.BYTES), count);
        }
    }
}
