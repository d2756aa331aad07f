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
public enum PerMoveEngine {
    EVALUATOR(
            "--engine: tc= is a clock for games; an evaluation takes a per-move limit (nodes=,"
                    + " depth=, movetime=)"),
    TEACHER(
            "--engine: tc= is a clock; a teacher takes a per-move limit (nodes=, depth=,"
                    + " movetime=)");

    /** Why a clock (tc=) is refused, in the words of this use. */
    private final String clockRefused;

    PerMoveEngine(String clockRefused) {
        this.clockRefused = clockRefused;
    }

    /**
     * {@code spec} to search under {@code runLimit}; a clock is refused, and so is the built-in
     * engine where this build lacks it.
     */
    public EngineSpec parse(String spec, SearchLimit runLimit) {
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
