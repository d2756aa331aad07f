package dev.joseki.book.builder;

import dev.joseki.records.proto.PositionEval;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.Predicate;

/**
 * Continuous mining: the workers always have about {@code inFlight} positions queued, while a
 * background thread folds what arrived into the book, propagates it and chooses the next frontier
 * from the newest version.
 *
 * <p>The calling thread submits and polls ({@link Workers} need not be thread-safe); the folder
 * thread alone touches the {@link Book} once the loop runs. Invariants: a position (its SFEN
 * without the move number, {@link #key}) is submitted at most once per run: the {@code submitted}
 * set is checked on submit and the frontier is chosen without it; every arrived record is folded
 * before the loop returns. The frontier the submitter draws from may be a version behind: it is
 * replaced whenever a fold publishes a newer one.
 */
public final class MiningLoop {
    /** The evaluators: positions go in, PositionEval records (each once) come back. */
    public interface Workers {
        void submit(List<String> sfens);

        /** Records that arrived since the last call; waits up to {@code wait} for the first. */
        List<PositionEval> poll(Duration wait);
    }

    /** The book being mined; called from the folder thread only. */
    interface Book {
        /** Propagates the book as it stands (a resumed run's first step). */
        void propagate();

        /** Folds the records into the book and propagates it. */
        Folded fold(List<PositionEval> records);

        /**
         * Up to {@code limit} frontier SFENs of the newest version, none whose key skip accepts.
         */
        List<String> frontier(int limit, Predicate<String> skip);
    }

    /**
     * What one fold did: entries of the evals table added or improved, the root's propagated value
     * ("V depth D", or "none depth none").
     */
    record Folded(long changed, String rootValue) {}

    /**
     * @param inFlight positions submitted and not answered, kept at about this many
     * @param frontier frontier positions chosen per fold (at least inFlight)
     * @param budget positions to evaluate at most
     * @param deadlineNanos System.nanoTime() after which nothing more is submitted
     * @param deadlineReason what the summary says when the deadline stopped the run
     * @param stall how long nothing may arrive while positions are in flight before giving up
     */
    public record Config(
            int inFlight,
            int frontier,
            int budget,
            long deadlineNanos,
            String deadlineReason,
            Duration stall) {}

    /**
     * How the run went: positions evaluated, wall time, the evaluations' own time, why it ended.
     */
    public record Summary(int evaluated, double seconds, long evalMillis, String stopped) {
        /** The share of {@code slots} worker slots' time spent evaluating (records' time_ms). */
        public double busyShare(int slots) {
            return evalMillis / (slots * Math.max(seconds, 1e-9) * 1000);
        }
    }

    /** How long the submitter waits for records before looking at the frontier again. */
    private static final Duration POLL = Duration.ofMillis(50);

    private final Workers workers;
    private final Book book;
    private final Config config;
    private final Consumer<String> out;
    private final IntConsumer progress;

    private final Set<String> submitted = ConcurrentHashMap.newKeySet();
    private final BlockingQueue<PositionEval> arrived = new LinkedBlockingQueue<>();

    /** The newest frontier not yet taken by the submitter. */
    private final AtomicReference<List<String>> fresh = new AtomicReference<>();

    /**
     * Records folded and followed by a frontier, written after {@link #fresh}; -1 until the first
     * frontier is chosen.
     */
    private final AtomicInteger folded = new AtomicInteger(-1);

    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    /** Set by the submitter when it could not fill the workers' queue; cleared by a fold. */
    private final AtomicBoolean hungry = new AtomicBoolean();

    /**
     * The share of the time the folder thread may spend folding, propagating and choosing while the
     * submitter still has positions: on two cores an unthrottled folder took a third of the CPU
     * from two evaluating slots.
     */
    private static final double FOLD_SHARE = 0.1;

    /** A fold shorter than this (a small book) is not worth waiting after. */
    private static final long SHORT_FOLD = 50_000_000L;

    private volatile boolean closing;

    public MiningLoop(
            Workers workers, Book book, Config config, Consumer<String> out, IntConsumer progress) {
        this.workers = workers;
        this.book = book;
        this.config = config;
        this.out = out;
        this.progress = progress;
    }

    /** The identity of a position: its SFEN without the move number. */
    static String key(String sfen) {
        String s = sfen.strip();
        int space = s.lastIndexOf(' ');
        return space < 0 ? s : s.substring(0, space);
    }

    public Summary run() throws InterruptedException {
        long started = System.nanoTime();
        Thread folder = new Thread(this::foldLoop, "mining-folder");
        folder.setDaemon(true);
        folder.start();
        ArrayDeque<String> candidates = new ArrayDeque<>();
        Set<String> answers = new HashSet<>();
        int received = 0;
        long evalMillis = 0;
        long lastArrival = System.nanoTime();
        String stopped = null;
        try {
            while (true) {
                rethrow();
                if (stopped == null && System.nanoTime() > config.deadlineNanos()) {
                    stopped = config.deadlineReason();
                }
                if (stopped == null && submitted.size() >= config.budget()) {
                    stopped = "budget of " + config.budget() + " positions";
                }
                int foldedNow = folded.get(); // before fresh: see foldLoop
                List<String> newer = fresh.getAndSet(null);
                if (newer != null) {
                    candidates = new ArrayDeque<>(newer);
                }
                int inFlight = submitted.size() - received;
                if (stopped == null) {
                    List<String> batch = new ArrayList<>();
                    while (inFlight + batch.size() < config.inFlight()
                            && submitted.size() < config.budget()
                            && !candidates.isEmpty()) {
                        String sfen = candidates.poll();
                        if (submitted.add(key(sfen))) {
                            batch.add(sfen);
                        }
                    }
                    if (candidates.size() < config.inFlight()) {
                        hungry.set(true); // less than one refill left: fold now
                    }
                    if (!batch.isEmpty()) {
                        workers.submit(batch);
                        if (inFlight == 0) {
                            lastArrival = System.nanoTime(); // the stall clock starts now
                        }
                        inFlight += batch.size();
                    }
                    // nothing in flight, everything folded, and the newest frontier gave nothing
                    if (inFlight == 0 && candidates.isEmpty() && foldedNow == received) {
                        stopped = "empty frontier";
                    }
                }
                if (stopped != null) {
                    hungry.set(true); // the last records are folded at once
                }
                if (stopped != null && inFlight == 0) {
                    break;
                }
                int before = received;
                for (PositionEval e : workers.poll(POLL)) {
                    if (answers.add(e.getEvalId())) { // an answer given twice counts once
                        evalMillis += e.getTimeMs();
                        arrived.add(e);
                        received++;
                    }
                }
                if (received > before) {
                    lastArrival = System.nanoTime();
                    progress.accept(received);
                } else if (inFlight > 0
                        && System.nanoTime() - lastArrival > config.stall().toNanos()) {
                    throw new IllegalStateException(
                            "no evaluation arrived for "
                                    + config.stall().toSeconds()
                                    + " s with "
                                    + inFlight
                                    + " positions in flight: are the workers running?");
                }
            }
            // every arrived record folded before returning
            while (folded.get() < received) {
                rethrow();
                Thread.sleep(20);
            }
        } finally {
            closing = true;
            folder.interrupt();
            folder.join(60_000);
        }
        rethrow();
        double secs = (System.nanoTime() - started) / 1e9;
        return new Summary(received, secs, evalMillis, stopped);
    }

    /**
     * The folder thread: propagate once, choose the first frontier, then fold whatever arrived,
     * propagate and choose again, until the loop closes.
     */
    private void foldLoop() {
        try {
            book.propagate();
            fresh.set(book.frontier(config.frontier(), submitted::contains));
            folded.set(0);
            int done = 0, folds = 0;
            while (!closing) {
                PositionEval first = arrived.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                long foldStart = System.nanoTime();
                List<PositionEval> batch = new ArrayList<>();
                batch.add(first);
                arrived.drainTo(batch);
                Folded f = book.fold(batch);
                List<String> next = book.frontier(config.frontier(), submitted::contains);
                fresh.set(next);
                done += batch.size();
                hungry.set(false);
                folded.set(done); // after fresh: the submitter reads it first
                folds++;
                out.accept(
                        "fold "
                                + folds
                                + " evaluated "
                                + batch.size()
                                + " entries_changed "
                                + f.changed()
                                + " total "
                                + done
                                + " root_value "
                                + f.rootValue()
                                + " in_flight "
                                + Math.max(0, submitted.size() - done - arrived.size()));
                // the next fold waits until this one is FOLD_SHARE of the time since it began,
                // unless the submitter has run out of positions or the run is ending: folding
                // and propagating a large book takes a core the evaluations need
                long took = System.nanoTime() - foldStart;
                long until = took < SHORT_FOLD ? 0 : foldStart + (long) (took / FOLD_SHARE);
                while (!closing && !hungry.get() && System.nanoTime() < until) {
                    Thread.sleep(20);
                }
            }
        } catch (InterruptedException e) {
            if (!closing) {
                failure.compareAndSet(null, e);
            }
        } catch (RuntimeException | Error e) {
            failure.compareAndSet(null, e);
        }
    }

    private void rethrow() {
        Throwable t = failure.get();
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        if (t != null) {
            throw new IllegalStateException(t);
        }
    }
}
