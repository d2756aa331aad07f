package dev.joseki.play.usi;

import dev.joseki.book.Book;
import dev.joseki.book.store.RocksBook;
import dev.joseki.engine.Limits;
import dev.joseki.engine.Score;
import dev.joseki.engine.Search;
import dev.joseki.engine.SearchInfo;
import dev.joseki.engine.SearchResult;
import dev.joseki.engine.WarmUp;
import dev.joseki.engine.mate.DfPn;
import dev.joseki.engine.mate.MateResult;
import dev.joseki.notation.Quote;
import dev.joseki.notation.Sfen;
import dev.joseki.play.BuiltinOptions;
import dev.joseki.play.BuiltinPlayer;
import dev.joseki.rules.Declaration;
import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Perft;
import dev.joseki.rules.Position;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The USI protocol front end. Commands are read on one thread; a search (or a {@code go mate}) runs
 * on a second, so {@code stop}, {@code ponderhit}, {@code isready} and {@code quit} are answered
 * while it thinks. A malformed or unknown command is answered with {@code info string ...} and
 * otherwise ignored: the state (position, options) stays as it was and the engine never exits on
 * bad input. Input quoted back is cut to {@link Quote#MAX} characters and its length.
 *
 * <p>Every {@code go} gets its answer, so that a GUI never waits for ever: a rejected {@code go}
 * (malformed, or sent while thinking) is answered with the {@code info string} saying why, then
 * {@code bestmove resign} ({@code checkmate timeout} for a {@code go mate}; a rejected {@code go
 * perft} only gets the info string, as a perft never ends with bestmove). Resigning, not the best
 * legal move YaneuraOu plays there: a GUI that sends a malformed {@code go} has no time control the
 * engine could honour, and a resignation cannot be an illegal or a lost-on-time move. A {@code go}
 * sent while thinking is answered after the running search's own answer, so answers come in the
 * order of their {@code go}. A search that fails answers {@code bestmove resign} too.
 *
 * <p>Bestmove rules: after {@code go infinite} or {@code go ponder} the best move is held back
 * until {@code stop} (or {@code ponderhit}, for ponder), even if the search finished; {@code
 * bestmove win} is sent only when {@link Declaration} judges the declaration valid (27-point rule);
 * {@code bestmove resign} when there is no legal move or mate is certain next move.
 *
 * <p>The engine is the one {@link BuiltinPlayer}: its options are the {@link BuiltinOptions} table
 * and its moves come from the one root decision (declaration, book, bonuses, search).
 */
public final class UsiFront {
    private static final String NAME = "Joseki";

    /** Perft 10 from the start position is about 10^13 leaves: more would never end. */
    private static final int MAX_PERFT_DEPTH = 10;

    private final PrintStream out;
    private final BuiltinPlayer player;
    private final Search search;
    private final Object lock = new Object();

    private Position position = Sfen.startPosition();
    private boolean[] checks = {false};
    private Thread worker;

    /** Guarded by lock: the search asked to hold bestmove until stop/ponderhit. */
    private boolean holding;

    private boolean released;

    /** stop for go mate (the search and a perft count have their own). */
    private volatile boolean mateStop;

    /** The perft of the last go perft, for stop to end it. */
    private volatile Perft counting;

    /**
     * True from go until the bestmove (checkmate, perft total) line is sent. Set false under lock,
     * together with sending that line and the answers owed.
     */
    private volatile boolean busy;

    /** Guarded by lock: answers to go commands rejected while busy, sent after the search's own. */
    private final List<String> owed = new ArrayList<>();

    public UsiFront(PrintStream out) {
        this(out, RocksBook::open);
    }

    /**
     * @param bookOpener turns option BookDir into a book (tests give an in-memory one)
     */
    public UsiFront(PrintStream out, Function<Path, Book> bookOpener) {
        this.out = out;
        this.player = new BuiltinPlayer(BuiltinOptions.defaults(), bookOpener);
        this.search = player.search();
    }

    /** Reads commands until quit or end of input. */
    public void run(BufferedReader in) throws IOException {
        String line;
        while ((line = in.readLine()) != null) {
            if (!handle(line)) {
                break;
            }
        }
        stopAndJoin();
        player.close();
    }

    /** Handles one command line; false after quit. */
    public boolean handle(String line) {
        String[] t = line.trim().split("\\s+");
        if (t.length == 0 || t[0].isEmpty()) {
            return true;
        }
        try {
            switch (t[0]) {
                case "usi" -> {
                    send("id name " + NAME);
                    send("id author the Joseki developers");
                    for (BuiltinOptions.Option o : BuiltinOptions.TABLE) {
                        if (!o.tunable()) { // set by name only (docs/tune.md)
                            send(o.usiLine());
                        }
                    }
                    send("usiok");
                }
                case "isready" -> {
                    if (player.options().flag("WarmUp")) {
                        WarmUp.once(search.evaluator());
                    }
                    send("readyok");
                }
                case "setoption" -> setOption(line);
                case "usinewgame" -> {
                    requireIdle("usinewgame");
                    search.clear();
                }
                case "position" -> {
                    requireIdle("position");
                    setPosition(t);
                }
                case "go" -> go(line, t);
                case "stop" -> stop();
                case "ponderhit" -> ponderhit();
                case "gameover" -> stopAndJoin();
                case "quit" -> {
                    return false;
                }
                default -> info("unknown command: " + Quote.cut(line.trim()));
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            info(ignored(line, e));
        }
        return true;
    }

    // ---------------------------------------------------------------- commands

    private void setOption(String line) {
        String rest = line.trim().substring("setoption".length()).trim();
        if (!rest.startsWith("name ")) {
            throw new IllegalArgumentException("expected 'setoption name <id> [value <x>]'");
        }
        rest = rest.substring(5);
        int v = rest.indexOf(" value ");
        String name = (v < 0 ? rest : rest.substring(0, v)).trim();
        String value = v < 0 ? "" : rest.substring(v + 7).trim();
        BuiltinOptions.option(name); // an unknown name is reported before the busy check
        requireIdle("setoption");
        player.setOption(name, value);
    }

    private void setPosition(String[] t) {
        PositionCommand p = PositionCommand.parse(t);
        position = p.position();
        checks = p.checks();
    }

    private static String ignored(String line, RuntimeException e) {
        return "ignored '"
                + Quote.cut(line.trim())
                + "': "
                + Quote.cut(String.valueOf(e.getMessage()), 3 * Quote.MAX);
    }

    /** go, or its refusal: the info string and the answer the GUI waits for. */
    private void go(String line, String[] t) {
        try {
            startGo(t);
        } catch (IllegalArgumentException | IllegalStateException e) {
            info(ignored(line, e));
            List<String> tokens = Arrays.asList(t);
            if (t.length > 1 && t[1].equals("perft")) {
                return;
            }
            String answer = tokens.contains("mate") ? "checkmate timeout" : "bestmove resign";
            synchronized (lock) {
                if (busy) {
                    owed.add(answer);
                } else {
                    send(answer);
                }
            }
        }
    }

    /**
     * Sends the last line of the go that ends (bestmove, checkmate, the perft total), then the
     * answers owed to gos rejected meanwhile. Not busy before the line goes out: a GUI may send its
     * next command as soon as it reads it.
     */
    private void answer(String line) {
        synchronized (lock) {
            busy = false;
            send(line);
            for (String a : owed) {
                send(a);
            }
            owed.clear();
        }
    }

    private void startGo(String[] t) {
        requireIdle("go");
        if (t.length > 1 && t[1].equals("perft")) {
            perft(t);
            return;
        }
        Limits limits = GoCommand.parse(t, 1);
        Position root = position.copy();
        boolean[] rootChecks = checks.clone();
        synchronized (lock) {
            holding = limits.infinite() || limits.ponder();
            released = false;
        }
        search.prepare(limits);
        mateStop = false;
        busy = true;
        if (limits.mate() != 0) {
            worker = new Thread(() -> mate(root, limits), "usi-mate");
        } else {
            worker = new Thread(() -> think(root, rootChecks, limits), "usi-search");
        }
        worker.setDaemon(true);
        worker.start();
    }

    private void think(Position root, boolean[] rootChecks, Limits limits) {
        String answer;
        try {
            SearchResult r =
                    player.think(root, rootChecks, limits, this::sendInfo, this::info).result();
            String best = Move.usi(r.bestMove());
            answer =
                    r.ponderMove() != Move.NONE && !Move.isSpecial(r.bestMove())
                            ? "bestmove " + best + " ponder " + Move.usi(r.ponderMove())
                            : "bestmove " + best;
        } catch (RuntimeException e) {
            info("search failed: " + Quote.cut(String.valueOf(e), 3 * Quote.MAX));
            answer = "bestmove resign";
        }
        waitForRelease();
        answer(answer);
    }

    /**
     * {@code go perft N}: the move generator's count of the current position at depth N (the
     * extension YaneuraOu and Stockfish give their USI/UCI front ends, so a generator can be
     * checked and timed through the protocol). One {@code info string} line per root move, in
     * generation order (a "divide", for finding where two generators differ), then {@code info
     * string perft depth N nodes X time T ms}; after {@code stop}, within a few milliseconds, the
     * total of the root moves counted in full. No bestmove follows.
     */
    private void perft(String[] t) {
        if (t.length != 3) {
            throw new IllegalArgumentException("expected 'go perft <depth>'");
        }
        final int depth;
        try {
            depth = Integer.parseInt(t[2]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("go perft: not a depth '" + Quote.cut(t[2]) + "'");
        }
        if (depth < 1 || depth > MAX_PERFT_DEPTH) {
            throw new IllegalArgumentException(
                    "go perft: depth " + depth + " is outside 1.." + MAX_PERFT_DEPTH);
        }
        final Position root = position.copy();
        final Perft perft = new Perft(depth);
        counting = perft;
        busy = true;
        worker = new Thread(() -> countPerft(perft, root, depth), "usi-perft");
        worker.setDaemon(true);
        worker.start();
    }

    private void countPerft(Perft perft, Position root, int depth) {
        final long start = System.nanoTime();
        final int[] done = {0};
        final long total =
                perft.divide(
                        root,
                        depth,
                        (move, count) -> {
                            done[0]++;
                            info(Move.usi(move) + " " + count);
                            return true;
                        });
        final long ms = (System.nanoTime() - start) / 1_000_000;
        final String stopped =
                !perft.stopped()
                        ? ""
                        : " (stopped after "
                                + done[0]
                                + " of "
                                + MoveGenerator.generateLegal(
                                        root, new int[MoveGenerator.MAX_MOVES], 0)
                                + " root moves)";
        answer(
                "info string perft depth "
                        + depth
                        + " nodes "
                        + total
                        + " time "
                        + ms
                        + " ms"
                        + stopped);
    }

    private void mate(Position root, Limits limits) {
        // Saturated: go mate 9223372036854775807 is "no limit", not a deadline wrapped into the
        // past. Compared as elapsed time, which cannot wrap.
        final long start = System.nanoTime();
        final long budgetNs =
                limits.mate() > 0 && limits.mate() < Long.MAX_VALUE / 1_000_000
                        ? limits.mate() * 1_000_000
                        : Long.MAX_VALUE;
        DfPn solver = new DfPn(1 << 20);
        MateResult r =
                solver.solve(
                        root,
                        Long.MAX_VALUE,
                        () -> mateStop || System.nanoTime() - start > budgetNs);
        waitForRelease();
        switch (r.status()) {
            case PROVEN -> {
                StringBuilder sb = new StringBuilder("checkmate");
                for (int m : r.pv()) {
                    sb.append(' ').append(Move.usi(m));
                }
                answer(sb.toString());
            }
            case DISPROVEN -> answer("checkmate nomate");
            default -> answer("checkmate timeout");
        }
    }

    private void waitForRelease() {
        synchronized (lock) {
            while (holding && !released) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private void stop() {
        search.stop();
        mateStop = true;
        final Perft perft = counting;
        if (perft != null) {
            perft.stop();
        }
        release();
        join();
    }

    private void ponderhit() {
        search.ponderhit();
        release();
    }

    private void release() {
        synchronized (lock) {
            released = true;
            lock.notifyAll();
        }
    }

    private void stopAndJoin() {
        if (worker != null && worker.isAlive()) {
            stop();
        }
    }

    private void join() {
        if (worker != null) {
            try {
                worker.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void requireIdle(String what) {
        if (busy) {
            throw new IllegalStateException(what + " while thinking (send stop first)");
        }
        join(); // the worker has sent its answer and is ending
    }

    // ---------------------------------------------------------------- output

    private void sendInfo(SearchInfo i) {
        StringBuilder sb =
                new StringBuilder("info depth ")
                        .append(i.depth())
                        .append(" seldepth ")
                        .append(i.selDepth());
        if (player.options().number("MultiPV") > 1) {
            sb.append(" multipv ").append(i.multiPv());
        }
        sb.append(" score ")
                .append(Score.usi(i.score()))
                .append(" nodes ")
                .append(i.nodes())
                .append(" nps ")
                .append(i.nps())
                .append(" time ")
                .append(i.timeMs())
                .append(" hashfull ")
                .append(i.hashfull());
        if (i.pv().length > 0) {
            sb.append(" pv");
            for (int m : i.pv()) {
                sb.append(' ').append(Move.usi(m));
            }
        }
        send(sb.toString());
    }

    private void info(String s) {
        send("info string " + s.replace('\n', ' '));
    }

    private void send(String s) {
        synchronized (out) {
            out.println(s);
            out.flush();
        }
    }
}
