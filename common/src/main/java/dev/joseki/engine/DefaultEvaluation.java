package dev.joseki.engine;

import java.io.IOException;
import java.io.InputStream;

/**
 * The evaluation the engine plays with unless told otherwise: the trained network that ships in the
 * jar (docs/training.md, "The shipped evaluation", gives the command and the data that made it).
 * Its weights are read once per process and shared, read-only, by every evaluator made from them;
 * the handcrafted evaluation stays selectable.
 */
public final class DefaultEvaluation {
    /** The shipped file's name, as the engine reports it. */
    public static final String NAME = "hkn-20261202";

    private static final String RESOURCE = NAME + ".eval";

    private DefaultEvaluation() {}

    /** Null until first asked for: a process that plays only handcrafted never reads the file. */
    private static EvalWeights weights;

    /**
     * The shipped weights; EvalFileException naming the resource when the jar's copy is unusable,
     * on every call (a failed read is not remembered, unlike a class initializer's error). Called
     * once per search, not per node: the lock costs nothing that matters.
     */
    public static synchronized EvalWeights weights() {
        if (weights == null) {
            weights = load(RESOURCE);
        }
        return weights;
    }

    /** A new evaluator of the shipped weights (one per search). */
    public static Evaluator evaluator() {
        return weights().evaluator();
    }

    /** The network in the class path resource next to this class. */
    static EvalWeights load(String resource) {
        String source = "jar:" + resource;
        try (InputStream in = DefaultEvaluation.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new EvalFileException("evaluation file " + source + ": no such file");
            }
            return EvalFile.parse(source, in.readAllBytes());
        } catch (IOException e) {
            throw new EvalFileException(
                    "evaluation file " + source + ": cannot read: " + e.getMessage());
        }
    }
}
