package dev.joseki.selfplay;

import dev.joseki.play.EngineSpec;
import dev.joseki.play.Player;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.function.BooleanSupplier;

/**
 * The engines a task slot keeps from one task to the next. Starting both engines for every task
 * cost each tournament game two process starts and two JIT warm-ups (a fresh {@code ./joseki usi}
 * warms up for up to 6 s at its first isready, about as long as a whole game at byoyomi 100), so an
 * engine whose task ended in order is kept and handed to the next task that asks for an equal
 * {@link EngineSpec}. Every game still begins with {@link Player#newGame} (usinewgame for a USI
 * engine, a cleared table and history for the built-in one), as a GUI running a tournament does,
 * and a kept engine whose process died is started again there.
 *
 * <p>Invariant: idle engines are only those of the task before; {@link #closeIdle} ends the ones
 * the current task did not take, so a slot never holds more engines than one task's seats (its
 * memory is what it was without the pool). Used by the slot's own thread only.
 *
 * <p>A built-in player with a {@code BookDir} is never kept: it holds the book version that was
 * current when it opened it, and a book build between two tasks publishes a new one (and deletes
 * the version before the last), so each task opens the book afresh. An external engine is kept
 * whatever its options, as a GUI keeps it; what it reads from disk is its own affair.
 */
final class EnginePool implements AutoCloseable {
    private record Idle(EngineSpec spec, Player player) {}

    private final PlayerFactory factory;
    private final BooleanSupplier cancelled;
    private final ArrayDeque<Idle> idle = new ArrayDeque<>();

    /**
     * {@code cancelled}: the slot's stopping flag, given to every engine it starts (see {@link
     * PlayerFactory}).
     */
    EnginePool(PlayerFactory factory, BooleanSupplier cancelled) {
        this.factory = factory;
        this.cancelled = cancelled;
    }

    /**
     * An idle engine of an equal spec (the longest idle first), else a new one from the factory.
     */
    Player take(EngineSpec spec) {
        for (Iterator<Idle> it = idle.iterator(); it.hasNext(); ) {
            Idle i = it.next();
            if (i.spec().equals(spec)) {
                it.remove();
                return i.player();
            }
        }
        return factory.create(spec, cancelled);
    }

    /** Ends the idle engines no one took: the current task has all it needs. */
    void closeIdle() {
        while (!idle.isEmpty()) {
            idle.removeFirst().player().close();
        }
    }

    /**
     * Keeps an engine whose task ended in order, for the next task; ends it when it may not be
     * kept.
     */
    void keep(EngineSpec spec, Player player) {
        if (spec.builtin() && !spec.options().getOrDefault("BookDir", "").isEmpty()) {
            player.close();
            return;
        }
        idle.addLast(new Idle(spec, player));
    }

    /** The names of the engines kept open, for the worker's heartbeat. */
    java.util.List<String> names() {
        return idle.stream().map(i -> i.spec().name()).toList();
    }

    /** The number of idle engines (for tests and logs). */
    int idleCount() {
        return idle.size();
    }

    @Override
    public void close() {
        closeIdle();
    }
}
