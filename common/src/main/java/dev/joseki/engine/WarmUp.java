package dev.joseki.engine;

import dev.joseki.notation.Sfen;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.management.ObjectName;

/**
 * JIT warm-up for a fresh process: short fixed-node searches of the bench positions on a throw-away
 * {@link Search} until the JIT has compiled the engine, so that the first real move runs compiled
 * code. A fresh JVM interprets the search, compiles it with C1, then with C2 on background threads;
 * on a shared machine the C2 compile of the search alone took 3 s of a 4-second first move, and a
 * profile taken on one position only was thrown away (deoptimised) on the next. So the positions
 * take turns in small chunks, all branches (checks, drops, promotions, evasions) are seen before C2
 * compiles, and the warm-up goes on until a whole round ends with none of the engine's methods
 * compiling or queued. The USI front end runs this during its first {@code isready}, which USI
 * allows to take time.
 *
 * <p>The throw-away search has its own small table and history, so the real search starts from the
 * same state as without warm-up: its results (and the bench signature) do not depend on it. It
 * searches with the evaluator the engine will play with, so the call sites the JIT sees are those
 * of real play: warmed with the handcrafted evaluation, a network's first searches ran at a fifth
 * of their speed for several seconds (interpreted, then recompiled; measured 2026-11-29).
 */
public final class WarmUp {
    /** Nodes per position and round: small, so that every position is in the profile early. */
    static final long CHUNK = 20_000;

    /** Rounds always run: about the JIT's C2 thresholds for the search on an idle machine. */
    static final int MIN_ROUNDS = 4;

    /**
     * The handshake must stay well inside a GUI's patience (this project's client waits 20 s for
     * readyok); checked after every search, and one search of CHUNK nodes takes under a second even
     * under load.
     */
    static final long MAX_MS = 6_000;

    /** The timed search of each round: long enough to complete depth 1 and stop on the clock. */
    static final long TIMED_MS = 60;

    /** The root mate search budget of real play ({@link Search#setRootMateNodes}'s default). */
    private static final long ROOT_MATE_NODES = 2_000;

    /**
     * Black to move mates with G*5b. Searched without the root mate search, so that mates in one
     * turn up inside the tree: a branch that the bench positions never take in a short search, and
     * that cost a deoptimisation (and a recompilation of the whole search) in the first real move
     * when it was first taken there.
     */
    static final String MATE_THREAT = "4k4/9/4P4/9/9/9/9/9/4K4 b G2r 1";

    private static final AtomicBoolean DONE = new AtomicBoolean();

    private WarmUp() {}

    /**
     * Warms up once per process with evaluator (used by the throw-away search only, as the search
     * threads share it); later calls return at once. Returns the nodes searched (0 if done before).
     */
    public static long once(Evaluator evaluator) {
        return DONE.compareAndSet(false, true) ? run(MIN_ROUNDS, MAX_MS, evaluator) : 0;
    }

    /** {@link #run(int, long, Evaluator)} with the engine's default evaluation. */
    public static long run(int minRounds, long maxMs) {
        return run(minRounds, maxMs, DefaultEvaluation.evaluator());
    }

    /**
     * At least minRounds rounds over the bench positions and {@link #MATE_THREAT}, then more until
     * the JIT is idle or maxMs have passed; returns the nodes searched. Each round ends with a
     * short timed search, so that the time-limit paths are compiled too.
     */
    public static long run(int minRounds, long maxMs, Evaluator evaluator) {
        final long start = System.nanoTime();
        final List<String> sfens = new ArrayList<>(Bench.POSITIONS);
        sfens.add(MATE_THREAT);
        final Search search = new Search(evaluator, 4);
        final long deadline = start + maxMs * 1_000_000;
        long nodes = 0;
        for (int round = 0; ; round++) {
            for (String sfen : sfens) {
                search.clear();
                search.setRootMateNodes(sfen.equals(MATE_THREAT) ? 0 : ROOT_MATE_NODES);
                nodes +=
                        search.go(Sfen.parse(sfen), null, Limits.nodes(CHUNK), SearchListener.NONE)
                                .nodes();
                if (System.nanoTime() > deadline) {
                    return nodes;
                }
            }
            search.clear();
            nodes +=
                    search.go(
                                    Sfen.parse(sfens.get(round % sfens.size())),
                                    null,
                                    Limits.movetime(TIMED_MS),
                                    SearchListener.NONE)
                            .nodes();
            if ((round + 1 >= minRounds && !engineCompiling()) || System.nanoTime() > deadline) {
                return nodes;
            }
        }
    }

    /**
     * True while a method of the engine is being compiled or waits in a compile queue (HotSpot's
     * "Compiler.queue" diagnostic command); false when that cannot be told.
     */
    static boolean engineCompiling() {
        try {
            Object queue =
                    ManagementFactory.getPlatformMBeanServer()
                            .invoke(
                                    new ObjectName("com.sun.management:type=DiagnosticCommand"),
                                    "compilerQueue",
                                    new Object[] {null},
                                    new String[] {String[].class.getName()});
            return queue.toString().contains("dev.joseki.");
        } catch (Exception | LinkageError e) {
            return false;
        }
    }
}
