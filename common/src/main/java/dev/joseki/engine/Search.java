package dev.joseki.engine;

import dev.joseki.engine.mate.DfPn;
import dev.joseki.engine.mate.MateResult;
import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Position;
import java.util.ArrayList;
import java.util.List;

/**
 * The search front: owns the shared transposition table and the worker threads (Lazy SMP: every
 * thread searches the same root with its own history and killers, sharing only the table; helpers
 * start at staggered depths so that they fill the table ahead of the main thread), applies the
 * limits and assembles the result from the main thread.
 *
 * <p>A search: (1) no legal move → resign; (2) df-pn mate search at the root within {@link
 * #setRootMateNodes} nodes: a proven mate is played at once; (3) helpers start, the main thread
 * deepens until a limit says stop; (4) helpers are stopped and joined. One {@code Search} runs one
 * search at a time; {@link #stop} and {@link #ponderhit} may be called from another thread.
 */
public final class Search {
    private Evaluator evaluator;
    private final TranspositionTable tt;
    private final List<SearchWorker> workers = new ArrayList<>();
    private final DfPn rootMate = new DfPn(1 << 16);
    private int threads = 1;
    private int multiPv = 1;
    private boolean plausible = true;
    private long rootMateNodes = 2_000;
    private volatile SearchTunables tunables = SearchTunables.DEFAULT;
    private volatile int[][] rootBonus = {new int[0], new int[0]};

    private volatile boolean stop;
    private volatile boolean pondering;
    private volatile boolean prepared;
    private Limits limits = Limits.NONE;
    private TimeManager time;
    private SearchListener listener = SearchListener.NONE;
    private long nodeLimitPerCheck;

    /**
     * Node count of the last info sent; the closing info is skipped when nothing was searched
     * since.
     */
    private long reportedNodes;

    public Search(Evaluator evaluator, int hashMb) {
        this.evaluator = evaluator;
        this.tt = new TranspositionTable(hashMb);
        setThreads(1);
    }

    /** A 16 MB search with the engine's default evaluation ({@link DefaultEvaluation}). */
    public Search() {
        this(DefaultEvaluation.evaluator(), 16);
    }

    public void setHashMb(int mb) {
        tt.resize(mb);
    }

    public void setThreads(int n) {
        threads = Math.max(1, n);
        while (workers.size() < threads) {
            workers.add(new SearchWorker(workers.size(), this, evaluator, tt));
        }
        while (workers.size() > threads) {
            workers.remove(workers.size() - 1);
        }
    }

    /**
     * Searches with another evaluator from now on (between searches only): the threads are built
     * anew around it, and the hash table, whose entries hold the old evaluator's scores, is
     * cleared.
     */
    public void setEvaluator(Evaluator e) {
        evaluator = e;
        workers.clear();
        setThreads(threads);
        tt.clear();
    }

    /** The evaluator the search uses. */
    public Evaluator evaluator() {
        return evaluator;
    }

    /** Number of principal variations reported (the best move always comes from the first). */
    public void setMultiPv(int n) {
        multiPv = Math.max(1, n);
    }

    int multiPv() {
        return multiPv;
    }

    /** Limited plausible move generation in the search (default on). */
    public void setPlausible(boolean on) {
        plausible = on;
    }

    /** Node budget of the df-pn mate search run before the main search; 0 turns it off. */
    public void setRootMateNodes(long n) {
        rootMateNodes = n;
    }

    /** The margins of the next searches (read once at the start of each). */
    public void setTunables(SearchTunables t) {
        tunables = t;
    }

    SearchTunables tunables() {
        return tunables;
    }

    /** Forgets everything learnt (new game, or a reproducible benchmark). */
    public void clear() {
        tt.clear();
        for (SearchWorker w : workers) {
            w.clearHistory();
        }
    }

    /**
     * Arms the next {@link #go} from the thread that will later call {@link #stop} or {@link
     * #ponderhit}, so that a stop arriving before the search thread has started is not lost.
     */
    public void prepare(Limits lim) {
        stop = false;
        pondering = lim.ponder();
        time = null;
        prepared = true;
    }

    public void stop() {
        pondering = false;
        stop = true;
    }

    /** The opponent played the predicted move: the clock starts now. */
    public void ponderhit() {
        if (time != null) {
            time.ponderhit();
        }
        pondering = false;
    }

    /**
     * Bonuses added to the scores of these root moves (16-bit moves) in the following searches,
     * until replaced; empty arrays clear them. The opening book's half/quarter matches use this:
     * the bonus shifts the root window for that move only, so alpha-beta stays exact for the
     * bonus-adjusted root scores.
     */
    public void setRootBonuses(int[] move16s, int[] bonuses) {
        if (move16s.length != bonuses.length) {
            throw new IllegalArgumentException("one bonus per move");
        }
        rootBonus = new int[][] {move16s.clone(), bonuses.clone()};
    }

    /** The bonus of a root move, 0 when it has none. */
    int rootBonus(int move) {
        int[][] b = rootBonus;
        int m16 = Move.move16(move);
        for (int i = 0; i < b[0].length; i++) {
            if (b[0][i] == m16) {
                return b[1][i];
            }
        }
        return 0;
    }

    public int hashfull() {
        return tt.hashfull();
    }

    /**
     * Searches root (with its game history) under the limits and returns the best move.
     * historyChecks[i], when given, tells whether the side to move was in check at the i-th
     * position of root's history (i = 0 … root.historyLength()); it lets repetitions that reach
     * back into the game be judged as perpetual checks.
     */
    public SearchResult go(Position root, boolean[] historyChecks, Limits lim, SearchListener l) {
        final long startNs = System.nanoTime();
        limits = lim;
        listener = l;
        if (!prepared) {
            prepare(lim);
        }
        prepared = false;
        time = new TimeManager(lim, root.sideToMove());
        if (!pondering && lim.ponder()) {
            time.ponderhit(); // the ponderhit came before the search started
        }
        nodeLimitPerCheck = lim.nodes() > 0 ? Math.max(1, lim.nodes() / threads) : Long.MAX_VALUE;
        reportedNodes = -1;
        tt.newSearch();

        // Step 1. No legal move.
        int[] legal = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.generateLegal(root, legal, 0);
        if (n == 0) {
            return new SearchResult(Move.RESIGN, Move.NONE, Score.matedIn(0), 0, 0, 0, new int[0]);
        }

        // Step 2. Mate search at the root.
        long mateNodes = 0;
        if (rootMateNodes > 0) {
            long budget =
                    lim.nodes() > 0 ? Math.min(rootMateNodes, lim.nodes() / 4) : rootMateNodes;
            MateResult mate = budget > 0 ? rootMate.solve(root, budget, () -> stop) : null;
            if (mate != null) {
                mateNodes = mate.nodes();
                if (mate.proven() && mate.pv().length > 0) {
                    int[] pv = mate.pv();
                    long ms = (System.nanoTime() - startNs) / 1_000_000;
                    int score = Score.mateIn(pv.length);
                    listener.onInfo(
                            new SearchInfo(
                                    pv.length,
                                    pv.length,
                                    1,
                                    score,
                                    mateNodes,
                                    ms,
                                    tt.hashfull(),
                                    pv));
                    return new SearchResult(
                            pv[0],
                            pv.length > 1 ? pv[1] : Move.NONE,
                            score,
                            pv.length,
                            mateNodes,
                            ms,
                            pv);
                }
            }
        }

        // Step 3. Lazy SMP.
        for (SearchWorker w : workers) {
            w.reset(root, historyChecks);
        }
        List<Thread> helpers = new ArrayList<>();
        for (int i = 1; i < workers.size(); i++) {
            Thread t = new Thread(workers.get(i), "search-helper-" + i);
            t.setDaemon(true);
            helpers.add(t);
            t.start();
        }
        SearchWorker main = workers.get(0);
        main.iterate();

        // Step 4. Collect.
        stop = true;
        for (Thread t : helpers) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        long total = mateNodes + totalNodes();
        long ms = (System.nanoTime() - startNs) / 1_000_000;
        int best = main.bestMove();
        int[] pv = main.rootPv();
        if (best == Move.NONE) {
            best = legal[0]; // stopped before the first iteration finished
            pv = new int[] {best};
        }
        if (main.completedDepth > 0 && main.bestScore <= Score.matedIn(2)) {
            best = Move.RESIGN; // mated next move whatever we do
        }
        // A search stopped inside an iteration closes with one more info (single PV only): the
        // nodes and time of the whole search, with the last completed iteration's line, as USI GUIs
        // expect.
        if (main.completedDepth > 0
                && main.lineMoves.length <= 1
                && totalNodes() != reportedNodes) {
            listener.onInfo(
                    new SearchInfo(
                            main.completedDepth,
                            main.selDepth(),
                            1,
                            withoutBonus(main.bestScore, pv),
                            total,
                            ms,
                            tt.hashfull(),
                            pv));
        }
        int ponder = pv.length > 1 ? pv[1] : Move.NONE;
        return new SearchResult(
                best, ponder, withoutBonus(main.bestScore, pv), main.completedDepth, total, ms, pv);
    }

    /**
     * The search's own score of a line: the root scores carry the book bonus of their first move
     * (that is how the bonus steers the choice), but what is reported (USI info, results, records)
     * is the position's value, the same whichever book mode is on. Mate scores carry no bonus worth
     * removing.
     */
    private int withoutBonus(int score, int[] pv) {
        return pv.length == 0 || Score.isMate(score) ? score : score - rootBonus(pv[0]);
    }

    long totalNodes() {
        long s = 0;
        for (SearchWorker w : workers) {
            s += w.nodes();
        }
        return s;
    }

    int maxDepth() {
        return limits.depth() > 0 ? Math.min(limits.depth(), Score.MAX_PLY - 1) : Score.MAX_PLY - 1;
    }

    boolean plausible() {
        return plausible;
    }

    boolean stopped() {
        return stop;
    }

    void requestStop() {
        stop = true;
    }

    boolean nodeLimitReached(long workerNodes, int id) {
        return workerNodes >= nodeLimitPerCheck;
    }

    /** Called by the main thread every 1,024 nodes. */
    void checkLimits() {
        if (!pondering && time.timed() && time.elapsedMs() >= time.maximumMs()) {
            stop = true;
        }
    }

    /** Called by the main thread after each completed iteration; false ends the search. */
    boolean iterationDone(SearchWorker w) {
        long ms = time.elapsedMs();
        long nodes = totalNodes();
        reportedNodes = nodes;
        if (w.lineMoves.length <= 1) {
            listener.onInfo(
                    new SearchInfo(
                            w.completedDepth,
                            w.selDepth(),
                            1,
                            withoutBonus(w.bestScore, w.rootPv()),
                            nodes,
                            ms,
                            tt.hashfull(),
                            w.rootPv()));
        } else {
            for (int i = 0; i < w.lineMoves.length; i++) {
                listener.onInfo(
                        new SearchInfo(
                                w.completedDepth,
                                w.selDepth(),
                                i + 1,
                                withoutBonus(w.lineScores[i], w.lineMoves[i]),
                                nodes,
                                ms,
                                tt.hashfull(),
                                w.lineMoves[i]));
            }
        }
        if (pondering) {
            return true;
        }
        if (Score.isMate(w.bestScore)
                && w.completedDepth >= Math.abs(Score.matePlies(w.bestScore)) + 2
                && !limits.infinite()) {
            return false;
        }
        return !time.mayStopAfterIteration(ms);
    }
}
