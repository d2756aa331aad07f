package dev.joseki.learn;

import dev.joseki.engine.FeatureSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Fits a {@link Model} (a {@link LinearModel} or a {@link NetworkModel}) to training positions by
 * stochastic gradient descent on {@link ElmoLoss}, one position at a time, with AdaGrad step sizes
 * (each weight's step is the learning rate, in centipawns, divided by the root of its summed
 * squared gradients: the table's rare features keep large steps while material, present in every
 * position, settles).
 *
 * <p>Each epoch visits the training positions in an order shuffled by (seed, epoch). With one
 * thread the whole run is deterministic: the same data, options and seed give the same weights bit
 * for bit, and a run resumed from a checkpoint ends where the uninterrupted one does. With T
 * threads the shuffled order is cut into T slices trained at once on shared weights without locks
 * (Hogwild, Niu et al. 2011): features rarely collide, so this converges as one thread does, but
 * the interleaving of updates, hence the last bits of the weights, varies from run to run.
 * Validation losses are summed per slice in a fixed order, so for given weights they do not vary.
 */
public final class Trainer {
    /** The training options. */
    public record Options(
            FeatureSet features,
            double lambda,
            int epochs,
            int threads,
            long seed,
            double learningRate,
            double scale) {
        public Options {
            new ElmoLoss(lambda, scale); // checks both
            if (epochs < 1 || threads < 1 || learningRate <= 0) {
                throw new IllegalArgumentException(
                        "--epochs and --threads must be >= 1 and --learning-rate > 0");
            }
        }

        /** Options at elmo's scale, {@link ElmoLoss#DEFAULT_SCALE}. */
        public Options(
                FeatureSet features,
                double lambda,
                int epochs,
                int threads,
                long seed,
                double learningRate) {
            this(features, lambda, epochs, threads, seed, learningRate, ElmoLoss.DEFAULT_SCALE);
        }

        public ElmoLoss loss() {
            return new ElmoLoss(lambda, scale);
        }
    }

    /** One finished epoch: mean losses per position. */
    public record Epoch(int epoch, double trainLoss, double validationLoss, long millis) {}

    private final Options options;
    private final Model model;

    /** AdaGrad's summed squared gradients, one per weight. */
    private final float[] squares;

    private final List<Epoch> history;

    private Trainer(Options options, Model model, float[] squares, List<Epoch> history) {
        this.options = options;
        this.model = model;
        this.squares = squares;
        this.history = new ArrayList<>(history);
    }

    /**
     * A fresh run: material from the handcrafted values and an all-zero table, or for a residual
     * set every weight zero ({@link EvalWeights#start}); a network starts from weights drawn with
     * the run's seed ({@link NetworkModel#start}).
     */
    public static Trainer start(Options options) {
        Model m = Model.start(options.features(), options.seed());
        return new Trainer(options, m, new float[m.weights().length], List.of());
    }

    /**
     * A fresh run that starts from a trained model instead (fine-tuning): the steps' sums start at
     * zero, as in any fresh run.
     */
    public static Trainer start(Options options, Model from) {
        if (from.features() != options.features()) {
            throw new IllegalArgumentException(
                    "the start is of feature set "
                            + from.features().label
                            + ", the run of "
                            + options.features().label);
        }
        Model m = Model.of(from.features(), from.weights().clone());
        return new Trainer(options, m, new float[m.weights().length], List.of());
    }

    /** A run continued from its checkpoint; the checkpoint must be of the same run's options. */
    public static Trainer resume(Options options, Checkpoint c) {
        c.checkMatches(options);
        return new Trainer(
                options,
                Model.of(options.features(), c.weights().clone()),
                c.squares().clone(),
                c.history());
    }

    public Model model() {
        return model;
    }

    public List<Epoch> history() {
        return List.copyOf(history);
    }

    /** The finished epoch of the lowest validation loss (the first of equals), or null. */
    public Epoch bestEpoch() {
        Epoch best = null;
        for (Epoch e : history) {
            if (best == null || e.validationLoss() < best.validationLoss()) {
                best = e;
            }
        }
        return best;
    }

    /** Epochs finished so far. */
    public int epochsDone() {
        return history.size();
    }

    public Checkpoint checkpoint() {
        return new Checkpoint(
                options.features(),
                options.seed(),
                options.lambda(),
                options.scale(),
                model.weights().clone(),
                squares.clone(),
                history);
    }

    /** Trains one more epoch and measures both losses. */
    public Epoch epoch(TrainingData.Part train, TrainingData.Part validation)
            throws InterruptedException {
        requireBase(options.features(), train);
        requireBase(options.features(), validation);
        long t0 = System.nanoTime();
        int e = history.size() + 1;
        int[] order = shuffled(train.count(), new Random(options.seed() * 1_000_003L + e));
        double[] sums = new double[options.threads()];
        runSlices(order.length, (slice, from, to) -> sums[slice] = train(train, order, from, to));
        double trainLoss = sum(sums) / Math.max(1, train.count());
        double validationLoss = loss(model, validation, options.loss(), options.threads());
        Epoch done = new Epoch(e, trainLoss, validationLoss, (System.nanoTime() - t0) / 1_000_000);
        history.add(done);
        return done;
    }

    /** The mean loss of model on the positions of part. */
    public static double loss(Model model, TrainingData.Part part, ElmoLoss loss, int threads)
            throws InterruptedException {
        requireBase(model.features(), part);
        double[] sums = new double[threads];
        Trainer.runSlices(
                part.count(),
                threads,
                (slice, from, to) -> {
                    Model.Sample s = model.sample();
                    double sum = 0;
                    for (int i = from; i < to; i++) {
                        sum += loss.loss(s.eval(part, i), part.score(i), part.result(i));
                    }
                    sums[slice] = sum;
                });
        return sum(sums) / Math.max(1, part.count());
    }

    /**
     * A residual set is trained on parts that carry their base scores ({@link HandcraftedBase}).
     */
    private static void requireBase(FeatureSet features, TrainingData.Part part) {
        if (features.residual && part.base() == null) {
            throw new IllegalArgumentException(
                    "feature set " + features.label + " needs the positions' handcrafted scores");
        }
    }

    /** SGD over order[from, to); returns the summed loss before each update. */
    private double train(TrainingData.Part part, int[] order, int from, int to) {
        Model.Sample s = model.sample();
        final ElmoLoss loss = options.loss();
        final double rate = options.learningRate();
        double sum = 0;
        for (int k = from; k < to; k++) {
            int i = order[k];
            double eval = s.eval(part, i);
            int score = part.score(i), result = part.result(i);
            sum += loss.loss(eval, score, result);
            s.learn(loss.gradient(eval, score, result), squares, rate);
        }
        return sum;
    }

    interface Slice {
        void run(int slice, int from, int to) throws Exception;
    }

    private void runSlices(int n, Slice body) throws InterruptedException {
        runSlices(n, options.threads(), body);
    }

    /** Runs body on [0, n) cut into threads contiguous slices, each on its own thread. */
    static void runSlices(int n, int threads, Slice body) throws InterruptedException {
        if (threads == 1) {
            try {
                body.run(0, 0, n);
            } catch (RuntimeException | InterruptedException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            return;
        }
        Thread[] ts = new Thread[threads];
        Throwable[] failure = new Throwable[1];
        for (int t = 0; t < threads; t++) {
            final int slice = t;
            final int from = (int) ((long) n * t / threads),
                    to = (int) ((long) n * (t + 1) / threads);
            ts[t] =
                    new Thread(
                            () -> {
                                try {
                                    body.run(slice, from, to);
                                } catch (Throwable e) {
                                    synchronized (failure) {
                                        failure[0] = e;
                                    }
                                }
                            },
                            "train-" + t);
            ts[t].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        if (failure[0] instanceof RuntimeException r) {
            throw r;
        } else if (failure[0] != null) {
            throw new IllegalStateException(failure[0]);
        }
    }

    static int[] shuffled(int n, Random random) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        return a;
    }

    private static double sum(double[] a) {
        double s = 0;
        for (double v : a) {
            s += v;
        }
        return s;
    }
}
