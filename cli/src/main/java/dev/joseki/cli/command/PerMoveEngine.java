package dev.joseki.cli.command;

import dev.joseki.play.EngineSpec;
import dev.joseki.play.SearchLimit;
import dev.joseki.selfplay.PlayerFactory;

/**
 * The --engine of a command whose engine searches each position under a per-move limit, never a
 * clock: the evaluator of {@code evaluate} and {@code book mine}, the teacher of {@code train
 * data}. The spec (null: the built-in engine) searches under the run's limit unless it names one of
 * its own; a time-out needs a limit of its own to go with.
 */
public final class PerMoveEngine {
    private PerMoveEngine() {}

    /** The engine that evaluates positions under {@code runLimit}. */
    public static EngineSpec evaluator(String spec, SearchLimit runLimit) {
        return parse(
                spec,
                runLimit,
                "--engine: tc= is a clock for games; an evaluation takes a per-move limit"
                        + " (nodes=, depth=, movetime=)");
    }

    /**
     * The engine that plays the training games and scores their positions under {@code runLimit}.
     */
    public static EngineSpec teacher(String spec, SearchLimit runLimit) {
        return parse(
                spec,
                runLimit,
                "--engine: tc= is a clock; a teacher takes a per-move limit (nodes=, depth=,"
                        + " movetime=)");
    }

    /** A clock (tc=) is refused with {@code clockRefused}; so is a built-in engine not built in. */
    private static EngineSpec parse(String spec, SearchLimit runLimit, String clockRefused) {
        EngineSpec e = EngineSpec.parse(spec == null ? "builtin" : spec);
        if (e.clocked()) {
            throw new IllegalArgumentException(clockRefused);
        }
        if (e.builtin() && !PlayerFactory.standard().builtinAvailable()) {
            throw new IllegalArgumentException(
                    "the built-in engine is not part of this build; give --engine 'cmd=PATH ...'");
        }
        return e.timeoutMs() > 0 ? e.withDefaultLimit(runLimit) : e;
    }
}
