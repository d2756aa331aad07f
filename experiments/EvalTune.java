import dev.joseki.engine.HandcraftedEvaluator;
import dev.joseki.notation.GameRecord;
import dev.joseki.notation.RecordFormat;
import dev.joseki.notation.RecordReader;
import dev.joseki.rules.Move;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Tunes the handcrafted evaluator's weights on finished games ("Texel" tuning): the weights that best
 * predict each game's result from the evaluation of its quiet positions, through a logistic curve.
 * <pre>  java -Xmx8g -cp common/target/classes experiments/EvalTune.java [--iterations N] [--pull P]
 *       [--material-only] [--write] [--holdout RECORD_FILE_OR_DIR]... RECORD_FILE_OR_DIR...</pre>
 * Records: .csa, .kif or .ki2 files (a directory is searched), games with a result (win, loss or draw).
 * Every weight of {@link HandcraftedEvaluator#features} is fitted: the material (engine/Material), the
 * piece-square, attack and defence tables and the king-safety threat (engine/EvaluationWeights);
 * {@code --material-only} fits the material alone (session 21's candidate). {@code --write} rewrites
 * EvaluationWeights.java and Material's two tables with the fitted values, rounded (run from the
 * repository's root).
 *
 * <ol>
 *   <li>Positions: from ply 16 on, those where the side to move is not in check and neither the move played
 *       there nor the one before captured (a capture pending makes the static evaluation meaningless).
 *       Each is labelled with the game's result from Black's side (1, 0.5, 0), and kept as its non-zero
 *       features only (about 150 of the 1,000).</li>
 *   <li>Every fifth game (by file order) is held out: the validation loss says whether the fit generalises.
 *       {@code --holdout} names the held-out records instead (e.g. games at the time control of play, which
 *       fast self-play games predict badly: session 22's fit lowered the loss on its own held-out fifth and lost
 *       its SPRT).</li>
 *   <li>The curve's scale K is fitted first with the evaluator's own weights (P(Black wins) =
 *       1 / (1 + exp(-K * eval))); then the weights are fitted with K fixed and the pawn's board value held
 *       at 100 (it sets the unit of every score in the engine). Loss: mean squared error of the predicted
 *       result, plus a pull of each weight toward its current value (most positions say little about
 *       the rare pieces and squares, and a table's constant is interchangeable with the material: the
 *       pull settles both). Adam, full batch, the gradient summed over both cores.</li>
 * </ol>
 * Prints the losses before and after and every weight that moved by at least one centipawn.
 */
public class EvalTune {
    private static final int FIRST_PLY = 16;
    private static final int NF = HandcraftedEvaluator.FEATURE_NB;

    /** Positions in compressed-row form: features idx[start[j] .. start[j + 1]) with values val. */
    record Data(int[] start, short[] idx, byte[] val, double[] y) {
        int size() {
            return y.length;
        }
    }

    public static void main(String[] args) throws IOException {
        int iterations = 3000;
        double pull = 1e-3;
        boolean materialOnly = false, write = false;
        List<Path> inputs = new ArrayList<>(), holdout = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--iterations" -> iterations = Integer.parseInt(args[++i]);
                case "--pull" -> pull = Double.parseDouble(args[++i]);
                case "--material-only" -> materialOnly = true;
                case "--write" -> write = true;
                case "--holdout" -> holdout.add(Path.of(args[++i]));
                default -> inputs.add(Path.of(args[i]));
            }
        }
        if (inputs.isEmpty()) {
            System.err.println("usage: EvalTune [--iterations N] [--pull P] [--material-only] [--write] [--holdout RECORD_FILE_OR_DIR]..."
                    + " RECORD_FILE_OR_DIR...");
            System.exit(2);
        }
        final Data[] sets = read(inputs, holdout);
        final Data train = sets[0], test = sets[1];

        // Step 3a. K, by golden-section search on the training loss with the current weights.
        final double[] w0 = HandcraftedEvaluator.weights();
        double lo = 1e-4, hi = 0.05;
        for (int i = 0; i < 60; i++) {
            final double a = hi - (hi - lo) / 1.618, b = lo + (hi - lo) / 1.618;
            if (loss(train, w0, a) < loss(train, w0, b)) {
                hi = b;
            } else {
                lo = a;
            }
        }
        final double k = (lo + hi) / 2;
        System.out.printf("K = %.6f (a score of 100 predicts %.1f %%)%n", k, 100 / (1 + Math.exp(-k * 100)));
        System.out.printf("before: training loss %.6f, held-out loss %.6f%n", loss(train, w0, k), loss(test, w0, k));

        // Step 3b. The weights, by Adam. Free: every index some position uses, but the pawn's board value
        // and, with --material-only, all but the material. Material moves in steps relative to its size,
        // the positional tables in centipawns; the pull's scale is the same.
        final boolean[] used = new boolean[NF];
        for (short i : train.idx()) {
            used[i] = true;
        }
        final boolean[] free = new boolean[NF];
        final double[] rate = new double[NF], scale = new double[NF];
        for (int i = 1; i < NF; i++) {
            final boolean material = i <= HandcraftedEvaluator.F_HAND + Piece.GOLD;
            free[i] = used[i] && i != Piece.PAWN && (material || !materialOnly);
            scale[i] = material ? Math.max(Math.abs(w0[i]), 1) : 20;
            rate[i] = material ? scale[i] * 0.002 : 0.1;
        }
        final double[] w = w0.clone(), m1 = new double[NF], m2 = new double[NF];
        for (int it = 1; it <= iterations; it++) {
            final double[] grad = gradient(train, w, k);
            for (int i = 0; i < NF; i++) {
                if (!free[i]) {
                    continue;
                }
                grad[i] += 2 * pull * (w[i] - w0[i]) / (scale[i] * scale[i]);
                m1[i] = 0.9 * m1[i] + 0.1 * grad[i];
                m2[i] = 0.999 * m2[i] + 0.001 * grad[i] * grad[i];
                final double mh = m1[i] / (1 - Math.pow(0.9, it)), vh = m2[i] / (1 - Math.pow(0.999, it));
                w[i] -= rate[i] * mh / (Math.sqrt(vh) + 1e-12);
            }
            if (it % 250 == 0 || it == iterations) {
                System.out.printf("iteration %d: training loss %.6f, held-out loss %.6f%n", it, loss(train, w, k),
                        loss(test, w, k));
            }
        }
        final long[] rounded = new long[NF];
        for (int i = 0; i < NF; i++) {
            rounded[i] = Math.round(w[i]);
        }
        final double[] wr = Arrays.stream(rounded).asDoubleStream().toArray();
        System.out.printf("rounded: training loss %.6f, held-out loss %.6f%n", loss(train, wr, k), loss(test, wr, k));
        System.out.println("index  old  new  (moved by 1 or more)");
        for (int i = 0; i < NF; i++) {
            if (Math.abs(rounded[i] - w0[i]) >= 1) {
                System.out.printf("%5d %s %6.0f %6d%n", i, name(i), w0[i], rounded[i]);
            }
        }
        if (write) {
            writeWeights(rounded);
        }
    }

    /**
     * Reads the records; returns the training and the held-out positions. Without holdout records every
     * fifth game is held out; with them, they are the held-out set (read first, so that a game in both stays
     * held out) and every input game is fitted.
     */
    private static Data[] read(List<Path> inputs, List<Path> holdout) throws IOException {
        List<Path> files = files(holdout);
        final int heldFiles = files.size();
        files.addAll(files(inputs));
        final Builder train = new Builder(), test = new Builder();
        int games = 0, skipped = 0, duplicates = 0;
        final Set<String> seen = new HashSet<>();
        final double[] f = new double[NF];
        for (int fi = 0; fi < files.size(); fi++) {
            final Path file = files.get(fi);
            // By extension only (no text given): USI move lists carry no results.
            final RecordFormat format = RecordFormat.detect(file.getFileName().toString(), "");
            if (format == null || format == RecordFormat.USI) {
                skipped++;
                continue;
            }
            List<GameRecord> records;
            try {
                records = RecordReader.read(file, format);
            } catch (RuntimeException e) {
                System.err.println("skipped " + file + ": " + e.getMessage());
                skipped++;
                continue;
            }
            for (GameRecord g : records) {
                final double y = g.result() == Result.BLACK_WIN ? 1 : g.result() == Result.WHITE_WIN ? 0
                        : g.result() == Result.DRAW ? 0.5 : -1;
                if (y < 0) {
                    skipped++;
                    continue;
                }
                if (!seen.add(g.usi())) { // the same game in another format, or played twice
                    duplicates++;
                    continue;
                }
                final boolean held = holdout.isEmpty() ? games % 5 == 4 : fi < heldFiles;
                games++;
                final Builder to = held ? test : train;
                final Position pos = g.startPosition();
                int previous = Move.NONE;
                for (int ply = 0; ply < g.plies(); ply++) {
                    final int m = g.moves().get(ply).move();
                    if (ply >= FIRST_PLY && !pos.inCheck() && Move.captured(m) == 0
                            && (previous == Move.NONE || Move.captured(previous) == 0)) {
                        HandcraftedEvaluator.features(pos, f);
                        to.add(f, y);
                    }
                    pos.doMove(m);
                    previous = m;
                }
            }
        }
        final Data a = train.build(), b = test.build();
        System.out.printf("%d games (%d files or games skipped or unfinished, %d duplicates), %d training and %d"
                + " held-out positions, %.0f features each on average%n", games, skipped, duplicates, a.size(),
                b.size(), (double) a.idx().length / Math.max(1, a.size()));
        return new Data[] {a, b};
    }

    private static List<Path> files(List<Path> inputs) throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path in : inputs) {
            try (Stream<Path> s = Files.walk(in)) {
                s.filter(Files::isRegularFile).sorted().forEach(files::add);
            }
        }
        return files;
    }

    /** Collects positions' non-zero features. */
    private static final class Builder {
        private int[] start = new int[1024];
        private short[] idx = new short[1 << 16];
        private byte[] val = new byte[1 << 16];
        private double[] y = new double[1024];
        private int n, nnz;

        void add(double[] f, double label) {
            if (n + 1 >= start.length) {
                start = Arrays.copyOf(start, start.length * 2);
                y = Arrays.copyOf(y, y.length * 2);
            }
            for (int i = 0; i < f.length; i++) {
                if (f[i] != 0) {
                    if (nnz == idx.length) {
                        idx = Arrays.copyOf(idx, nnz * 2);
                        val = Arrays.copyOf(val, nnz * 2);
                    }
                    if (f[i] != (byte) f[i]) {
                        throw new IllegalStateException("feature " + i + " = " + f[i] + " does not fit a byte");
                    }
                    idx[nnz] = (short) i;
                    val[nnz++] = (byte) f[i];
                }
            }
            y[n++] = label;
            start[n] = nnz;
        }

        Data build() {
            return new Data(Arrays.copyOf(start, n + 1), Arrays.copyOf(idx, nnz), Arrays.copyOf(val, nnz),
                    Arrays.copyOf(y, n));
        }
    }

    private static double predict(Data d, int j, double[] w, double k) {
        double e = 0;
        for (int p = d.start()[j]; p < d.start()[j + 1]; p++) {
            e += w[d.idx()[p]] * d.val()[p];
        }
        return 1 / (1 + Math.exp(-k * e));
    }

    private static double loss(Data d, double[] w, double k) {
        return IntStream.range(0, d.size()).parallel().mapToDouble(j -> {
            final double e = predict(d, j, w, k) - d.y()[j];
            return e * e;
        }).sum() / Math.max(1, d.size());
    }

    /** The gradient of the mean squared error, summed in one chunk per core. */
    private static double[] gradient(Data d, double[] w, double k) {
        final int chunks = Runtime.getRuntime().availableProcessors();
        return IntStream.range(0, chunks).parallel().mapToObj(c -> {
            final double[] g = new double[NF];
            for (int j = (int) ((long) d.size() * c / chunks); j < (long) d.size() * (c + 1) / chunks; j++) {
                final double p = predict(d, j, w, k);
                final double s = 2 * (p - d.y()[j]) * p * (1 - p) * k / d.size();
                for (int q = d.start()[j]; q < d.start()[j + 1]; q++) {
                    g[d.idx()[q]] += s * d.val()[q];
                }
            }
            return g;
        }).reduce(new double[NF], (a, b) -> {
            final double[] s = new double[NF];
            for (int i = 0; i < NF; i++) {
                s[i] = a[i] + b[i];
            }
            return s;
        });
    }

    private static final String[] TYPES = {"-", "pawn", "lance", "knight", "silver", "bishop", "rook", "gold",
        "king", "tokin", "promoted lance", "promoted knight", "promoted silver", "horse", "dragon"};

    private static String name(int i) {
        if (i <= HandcraftedEvaluator.F_HAND) {
            return String.format("%-34s", "board " + TYPES[i]);
        } else if (i <= HandcraftedEvaluator.F_THREAT) {
            return String.format("%-34s", "hand " + TYPES[i - HandcraftedEvaluator.F_HAND]);
        } else if (i < HandcraftedEvaluator.F_PST) {
            return String.format("%-34s", "threat " + TYPES[i - HandcraftedEvaluator.F_THREAT]);
        } else if (i < HandcraftedEvaluator.F_ATTACK) {
            final int r = i - HandcraftedEvaluator.F_PST, c = r % 45;
            return String.format("%-34s", "pst " + TYPES[r / 45] + " rank " + (c / 5 + 1) + " cd " + c % 5);
        } else if (i < HandcraftedEvaluator.F_DEFENCE) {
            final int r = i - HandcraftedEvaluator.F_ATTACK;
            return String.format("%-34s", "attack " + TYPES[r / 9] + " d " + r % 9);
        }
        final int r = i - HandcraftedEvaluator.F_DEFENCE;
        return String.format("%-34s", "defence " + TYPES[r / 9] + " d " + r % 9);
    }

    /**
     * Rewrites Material's BOARD and HAND lines and EvaluationWeights' tables (everything from the PST
     * declaration to the class's end) with the weights w.
     */
    private static void writeWeights(long[] w) throws IOException {
        final Path material = Path.of("common/src/main/java/dev/joseki/engine/Material.java");
        String m = Files.readString(material);
        final StringBuilder board = new StringBuilder("{0");
        for (int t = 1; t < Piece.TYPE_NB; t++) {
            board.append(", ").append(t == Piece.KING ? 0 : w[t]);
        }
        final StringBuilder hand = new StringBuilder("{0");
        for (int h = 1; h <= 7; h++) {
            hand.append(", ").append(w[HandcraftedEvaluator.F_HAND + h]);
        }
        m = replaceOnce(m, "static final int\\[\\] BOARD = \\{[^}]*\\};",
                "static final int[] BOARD = " + board.toString().replaceFirst("\\{0, 100,", "{0, PAWN_VALUE,") + "};");
        m = replaceOnce(m, "static final int\\[\\] HAND = \\{[^}]*\\};", "static final int[] HAND = " + hand + "};");
        Files.writeString(material, m);

        final Path weights = Path.of("common/src/main/java/dev/joseki/engine/EvaluationWeights.java");
        final String s = Files.readString(weights);
        final StringBuilder t = new StringBuilder("    static final int[][] PST = {\n        {},\n");
        for (int type = 1; type < Piece.TYPE_NB; type++) {
            t.append("        { // ").append(TYPES[type]).append('\n');
            for (int rr = 0; rr < 9; rr++) {
                t.append("           ");
                for (int cd = 0; cd < 5; cd++) {
                    t.append(String.format(" %4d,", w[HandcraftedEvaluator.F_PST + type * 45 + rr * 5 + cd]));
                }
                t.append('\n');
            }
            t.append("        },\n");
        }
        t.append("    };\n");
        for (String table : new String[] {"ATTACK", "DEFENCE"}) {
            final int base = table.equals("ATTACK") ? HandcraftedEvaluator.F_ATTACK : HandcraftedEvaluator.F_DEFENCE;
            t.append("    static final int[][] ").append(table).append(" = {\n");
            for (int type = 0; type < Piece.TYPE_NB; type++) {
                t.append("        {");
                for (int d = 0; d < 9; d++) {
                    t.append(d == 0 ? "" : ",").append(String.format("%4d", type == 0 || type == Piece.KING || d == 0
                            ? 0 : w[base + type * 9 + d]));
                }
                t.append("}, // ").append(TYPES[type]).append('\n');
            }
            t.append("    };\n");
        }
        t.append("    static final int[] HAND_THREAT = {0");
        for (int h = 1; h <= 7; h++) {
            t.append(", ").append(w[HandcraftedEvaluator.F_THREAT + h]);
        }
        t.append("};\n}\n");
        Files.writeString(weights, s.substring(0, s.indexOf("    static final int[][] PST")) + t);
        System.out.println("wrote " + material + " and " + weights);
    }

    private static String replaceOnce(String s, String regex, String replacement) {
        final Matcher mt = Pattern.compile(regex).matcher(s);
        if (!mt.find()) {
            throw new IllegalStateException("no match for " + regex);
        }
        return s.substring(0, mt.start()) + replacement + s.substring(mt.end());
    }
}
