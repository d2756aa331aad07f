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
import java.util.List;
import java.util.stream.Stream;

/**
 * Tunes the handcrafted evaluator's weights on finished games ("Texel" tuning): the weights that best
 * predict each game's result from the evaluation of its quiet positions, through a logistic curve.
 * <pre>  java -cp common/target/classes experiments/EvalTune.java [--iterations N] RECORD_FILE_OR_DIR...</pre>
 * Records: .csa, .kif or .ki2 files (a directory is searched), games with a result (win, loss or draw).
 *
 * <ol>
 *   <li>Positions: from ply 16 on, those where the side to move is not in check and neither the move played
 *       there nor the one before captured (a capture pending makes the static evaluation meaningless).
 *       Each is labelled with the game's result from Black's side (1, 0.5, 0).</li>
 *   <li>Every fifth game (by file order) is held out: the validation loss says whether the fit generalises.</li>
 *   <li>The curve's scale K is fitted first with the evaluator's own weights (P(Black wins) =
 *       1 / (1 + exp(-K * eval))); then the weights are fitted with K fixed and the pawn's board value held
 *       at 100 (it sets the unit of every score in the engine). Loss: mean squared error of the predicted
 *       result, plus a small pull of each weight toward its current value (most positions say little about
 *       the rare pieces). Adam, full batch.</li>
 * </ol>
 * Prints the losses before and after and each weight's old and new value (see
 * {@link HandcraftedEvaluator#features} for what each index means).
 */
public class EvalTune {
    private static final int FIRST_PLY = 16;
    /** The pull toward the current weights, per squared relative change of a weight. */
    private static final double PULL = 1e-3;

    public static void main(String[] args) throws IOException {
        int iterations = 3000;
        List<Path> inputs = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--iterations")) {
                iterations = Integer.parseInt(args[++i]);
            } else {
                inputs.add(Path.of(args[i]));
            }
        }
        if (inputs.isEmpty()) {
            System.err.println("usage: EvalTune [--iterations N] RECORD_FILE_OR_DIR...");
            System.exit(2);
        }
        List<Path> files = new ArrayList<>();
        for (Path in : inputs) {
            try (Stream<Path> s = Files.walk(in)) {
                s.filter(Files::isRegularFile).sorted().forEach(files::add);
            }
        }
        final int nf = HandcraftedEvaluator.FEATURE_NB;
        List<double[]> trainX = new ArrayList<>(), testX = new ArrayList<>();
        List<Double> trainY = new ArrayList<>(), testY = new ArrayList<>();
        int games = 0, skipped = 0, duplicates = 0;
        final java.util.Set<String> seen = new java.util.HashSet<>();
        for (Path file : files) {
            final String name = file.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
            final RecordFormat format = name.endsWith(".csa") ? RecordFormat.CSA : name.endsWith(".kif")
                    ? RecordFormat.KIF : name.endsWith(".ki2") ? RecordFormat.KI2 : null;
            if (format == null) {
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
                final boolean held = games++ % 5 == 4;
                final Position pos = g.startPosition();
                int previous = Move.NONE;
                for (int ply = 0; ply < g.plies(); ply++) {
                    final int m = g.moves().get(ply).move();
                    if (ply >= FIRST_PLY && !pos.inCheck() && Move.captured(m) == 0
                            && (previous == Move.NONE || Move.captured(previous) == 0)) {
                        final double[] f = new double[nf];
                        HandcraftedEvaluator.features(pos, f);
                        (held ? testX : trainX).add(f);
                        (held ? testY : trainY).add(y);
                    }
                    pos.doMove(m);
                    previous = m;
                }
            }
        }
        System.out.printf("%d games (%d files or games skipped or unfinished, %d duplicates), %d training and %d"
                + " held-out positions%n", games, skipped, duplicates, trainX.size(), testX.size());
        final double[][] x = trainX.toArray(new double[0][]), tx = testX.toArray(new double[0][]);
        final double[] y = trainY.stream().mapToDouble(Double::doubleValue).toArray();
        final double[] ty = testY.stream().mapToDouble(Double::doubleValue).toArray();

        // Step 3a. K, by golden-section search on the training loss with the current weights.
        final double[] w0 = HandcraftedEvaluator.weights();
        double lo = 1e-4, hi = 0.05;
        for (int i = 0; i < 100; i++) {
            final double a = hi - (hi - lo) / 1.618, b = lo + (hi - lo) / 1.618;
            if (loss(x, y, w0, a) < loss(x, y, w0, b)) {
                hi = b;
            } else {
                lo = a;
            }
        }
        final double k = (lo + hi) / 2;
        System.out.printf("K = %.6f (a score of 100 predicts %.1f %%)%n", k, 100 / (1 + Math.exp(-k * 100)));
        System.out.printf("before: training loss %.6f, held-out loss %.6f%n", loss(x, y, w0, k), loss(tx, ty, w0, k));

        // Step 3b. The weights, by Adam; fixed: unused indices, the king, the pawn's board value.
        final double[] w = w0.clone(), m1 = new double[nf], m2 = new double[nf], grad = new double[nf];
        final boolean[] free = new boolean[nf];
        final double[] rate = new double[nf];
        for (int i = 1; i < nf; i++) {
            free[i] = w0[i] != 0 && i != Piece.PAWN;
            rate[i] = Math.max(Math.abs(w0[i]), 1) * 0.002;
        }
        for (int it = 1; it <= iterations; it++) {
            java.util.Arrays.fill(grad, 0);
            for (int j = 0; j < x.length; j++) {
                final double p = predict(x[j], w, k);
                final double g = 2 * (p - y[j]) * p * (1 - p) * k / x.length;
                for (int i = 0; i < nf; i++) {
                    grad[i] += g * x[j][i];
                }
            }
            for (int i = 0; i < nf; i++) {
                if (!free[i]) {
                    continue;
                }
                final double scale = Math.max(Math.abs(w0[i]), 1);
                grad[i] += 2 * PULL * (w[i] - w0[i]) / (scale * scale);
                m1[i] = 0.9 * m1[i] + 0.1 * grad[i];
                m2[i] = 0.999 * m2[i] + 0.001 * grad[i] * grad[i];
                final double mh = m1[i] / (1 - Math.pow(0.9, it)), vh = m2[i] / (1 - Math.pow(0.999, it));
                w[i] -= rate[i] * mh / (Math.sqrt(vh) + 1e-12);
            }
            if (it % 500 == 0 || it == iterations) {
                System.out.printf("iteration %d: training loss %.6f, held-out loss %.6f%n", it, loss(x, y, w, k),
                        loss(tx, ty, w, k));
            }
        }
        System.out.println("index  old  new");
        for (int i = 0; i < nf; i++) {
            if (w0[i] != 0) {
                System.out.printf("%5d %8.2f %8.2f%n", i, w0[i], w[i]);
            }
        }
    }

    private static double predict(double[] f, double[] w, double k) {
        double e = 0;
        for (int i = 0; i < f.length; i++) {
            e += w[i] * f[i];
        }
        return 1 / (1 + Math.exp(-k * e));
    }

    private static double loss(double[][] x, double[] y, double[] w, double k) {
        double s = 0;
        for (int j = 0; j < x.length; j++) {
            final double d = predict(x[j], w, k) - y[j];
            s += d * d;
        }
        return s / Math.max(1, x.length);
    }
}
