package dev.joseki.engine.usi;

import dev.joseki.book.Book;
import dev.joseki.book.BookBonus;
import dev.joseki.engine.HandcraftedEvaluator;
import dev.joseki.engine.Material;
import dev.joseki.engine.book.BookMode;
import dev.joseki.engine.book.RootBook;
import dev.joseki.engine.Limits;
import dev.joseki.engine.Score;
import dev.joseki.engine.Search;
import dev.joseki.engine.SearchInfo;
import dev.joseki.engine.SearchResult;
import dev.joseki.engine.mate.DfPn;
import dev.joseki.engine.mate.MateResult;
import dev.joseki.notation.ParseException;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Declaration;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The USI protocol front end. Commands are read on one thread; a search (or a {@code go mate}) runs on a
 * second, so {@code stop}, {@code ponderhit}, {@code isready} and {@code quit} are answered while it
 * thinks. A malformed or unknown command is answered with {@code info string ...} and otherwise ignored:
 * the state (position, options) stays as it was and the engine never exits on bad input.
 *
 * <p>Bestmove rules: after {@code go infinite} or {@code go ponder} the best move is held back until
 * {@code stop} (or {@code ponderhit}, for ponder), even if the search finished; {@code bestmove win} is
 * sent only when {@link Declaration} judges the declaration valid (27-point rule); {@code bestmove resign}
 * when there is no legal move or mate is certain next move.
 */
public final class UsiEngine {
    private static final String NAME = "Joseki";

    private final PrintStream out;
    private final Search search = new Search(new HandcraftedEvaluator(), 16);
    private final Map<String, UsiOption> options = new LinkedHashMap<>();
    private final Object lock = new Object();

    private Position position = Sfen.startPosition();
    private boolean[] checks = {false};
    private Thread worker;
    /** Guarded by lock: the search asked to hold bestmove until stop/ponderhit. */
    private boolean holding;
    private boolean released;
    private volatile boolean mateStop;
    /** True from go until the bestmove (or checkmate) line is about to be sent. */
    private volatile boolean busy;
    private int multiPv = 1;
    private Book book;
    private BookMode bookMode = BookMode.HQM;
    private BookBonus bookBonus = BookBonus.paper(Material.PAWN_VALUE);
    private SplittableRandom bookRandom = new SplittableRandom(System.nanoTime());

    public UsiEngine(PrintStream out) {
        this.out = out;
        addOption(UsiOption.spin("USI_Hash", 16, 1, 4096, mb -> search.setHashMb((int) (long) mb)));
        addOption(UsiOption.spin("Threads", 1, 1, 64, n -> search.setThreads((int) (long) n)));
        addOption(UsiOption.spin("MultiPV", 1, 1, 64, n -> {
            multiPv = (int) (long) n;
            search.setMultiPv(multiPv);
        }));
        addOption(UsiOption.check("USI_Ponder", true, b -> { }));
        addOption(UsiOption.check("PlausibleMoves", true, search::setPlausible));
        addOption(UsiOption.spin("RootMateNodes", 2000, 0, 100_000_000, search::setRootMateNodes));
    }

    /**
     * Turns on the opening book: options BookDir (empty = no book), BookMode (NM|HM|HQM, default HQM),
     * BookSeed (0 = a new seed per engine run), BookFqCap (−1 = none; default one pawn) and the bonus
     * constants in permille of the pawn value (BookHalfFloor 750, BookHalfBase 500, BookHalfFq 2,
     * BookQuarterFloor 250, BookQuarterBase 125, BookQuarterFq 1). The opener turns a directory into a
     * {@link Book}; it is given by the caller so that the engine never depends on the store.
     */
    public void enableBook(Function<Path, Book> opener) {
        addOption(UsiOption.string("BookDir", "", dir -> {
            if (book != null) {
                book.close();
                book = null;
            }
            if (!dir.isBlank() && !dir.equals("<empty>")) {
                try {
                    book = opener.apply(Path.of(dir));
                } catch (RuntimeException e) {
                    throw new IllegalArgumentException("BookDir " + dir + ": " + e.getMessage());
                }
            }
        }));
        addOption(UsiOption.combo("BookMode", "HQM", List.of("NM", "HM", "HQM"), v -> bookMode = BookMode.valueOf(v)));
        addOption(UsiOption.spin("BookSeed", 0, 0, Long.MAX_VALUE,
                v -> bookRandom = new SplittableRandom(v == 0 ? System.nanoTime() : v)));
        addOption(UsiOption.spin("BookFqCap", Material.PAWN_VALUE, -1, 1_000_000_000, v -> bookBonus = bookBonus.withFqCap(v)));
        addOption(bonusOption("BookHalfFloor", 750, 1));
        addOption(bonusOption("BookHalfBase", 500, 2));
        addOption(bonusOption("BookHalfFq", 2, 3));
        addOption(bonusOption("BookQuarterFloor", 250, 4));
        addOption(bonusOption("BookQuarterBase", 125, 5));
        addOption(bonusOption("BookQuarterFq", 1, 6));
    }

    private UsiOption bonusOption(String name, int def, int field) {
        return UsiOption.spin(name, def, 0, 100_000, v -> {
            BookBonus b = bookBonus;
            int x = (int) (long) v;
            bookBonus = new BookBonus(b.pawnValue(), b.fqCap(), field == 1 ? x : b.halfFloor(),
                    field == 2 ? x : b.halfBase(), field == 3 ? x : b.halfFq(), field == 4 ? x : b.quarterFloor(),
                    field == 5 ? x : b.quarterBase(), field == 6 ? x : b.quarterFq());
        });
    }

    /** Registers an extra option (for example the book's BookMode and BookDir). */
    public void addOption(UsiOption option) {
        options.put(option.name(), option);
    }

    public Search search() {
        return search;
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
        if (book != null) {
            book.close();
        }
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
                    for (UsiOption o : options.values()) {
                        send(o.describe());
                    }
                    send("usiok");
                }
                case "isready" -> send("readyok");
                case "setoption" -> setOption(line);
                case "usinewgame" -> {
                    requireIdle("usinewgame");
                    search.clear();
                }
                case "position" -> {
                    requireIdle("position");
                    setPosition(t);
                }
                case "go" -> go(t);
                case "stop" -> stop();
                case "ponderhit" -> ponderhit();
                case "gameover" -> stopAndJoin();
                case "quit" -> {
                    return false;
                }
                default -> info("unknown command: " + line.trim());
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            info("ignored '" + line.trim() + "': " + e.getMessage());
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
        UsiOption o = options.get(name);
        if (o == null) {
            throw new IllegalArgumentException("unknown option '" + name + "'");
        }
        requireIdle("setoption");
        o.apply().accept(value);
    }

    private void setPosition(String[] t) {
        if (t.length < 2) {
            throw new IllegalArgumentException("expected 'position startpos|sfen <sfen> [moves ...]'");
        }
        Position pos;
        int i;
        if (t[1].equals("startpos")) {
            pos = Sfen.startPosition();
            i = 2;
        } else if (t[1].equals("sfen")) {
            if (t.length < 6) {
                throw new IllegalArgumentException("sfen needs board, side, hand and move number");
            }
            pos = parse(String.join(" ", Arrays.copyOfRange(t, 2, 6)));
            i = 6;
        } else {
            throw new IllegalArgumentException("expected startpos or sfen, got '" + t[1] + "'");
        }
        boolean[] inCheck = new boolean[Math.max(1, t.length)];
        inCheck[0] = pos.inCheck();
        if (i < t.length) {
            if (!t[i].equals("moves")) {
                throw new IllegalArgumentException("expected 'moves', got '" + t[i] + "'");
            }
            for (int j = i + 1; j < t.length; j++) {
                int m;
                try {
                    m = UsiMove.parse(pos, t[j]);
                } catch (ParseException e) {
                    throw new IllegalArgumentException("move " + (j - i) + " '" + t[j] + "': " + e.getMessage());
                }
                pos.doMove(m);
                inCheck[pos.historyLength()] = pos.inCheck();
            }
        }
        position = pos;
        checks = Arrays.copyOf(inCheck, pos.historyLength() + 1);
    }

    private static Position parse(String sfen) {
        try {
            return Sfen.parseProblem(sfen);
        } catch (ParseException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
    }

    private void go(String[] t) {
        requireIdle("go");
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
        SearchResult r;
        if (!root.inCheck() && Declaration.judge(root, Declaration.Rule.POINTS_27) == Declaration.Verdict.WIN) {
            r = new SearchResult(Move.WIN, Move.NONE, Score.MATE, 0, 0, 0, new int[0]);
        } else {
            RootBook.Decision d = book == null ? null : RootBook.decide(book, root, bookMode, bookBonus, bookRandom);
            if (d != null) {
                d.info().forEach(this::info);
            }
            if (d != null && d.playsBookMove()) {
                r = new SearchResult(d.bookMove(), Move.NONE, 0, 0, 0, 0, new int[] {d.bookMove()});
            } else {
                search.setRootBonuses(d == null ? new int[0] : d.bonusMoves(), d == null ? new int[0] : d.bonuses());
                r = search.go(root, rootChecks, limits, this::sendInfo);
                search.setRootBonuses(new int[0], new int[0]);
            }
        }
        waitForRelease();
        busy = false;
        String best = Move.usi(r.bestMove());
        if (r.ponderMove() != Move.NONE && !Move.isSpecial(r.bestMove())) {
            send("bestmove " + best + " ponder " + Move.usi(r.ponderMove()));
        } else {
            send("bestmove " + best);
        }
    }

    private void mate(Position root, Limits limits) {
        final long deadline = limits.mate() > 0 ? System.nanoTime() + limits.mate() * 1_000_000 : Long.MAX_VALUE;
        DfPn solver = new DfPn(1 << 20);
        MateResult r = solver.solve(root, Long.MAX_VALUE, () -> mateStop || System.nanoTime() > deadline);
        waitForRelease();
        busy = false;
        switch (r.status()) {
            case PROVEN -> {
                StringBuilder sb = new StringBuilder("checkmate");
                for (int m : r.pv()) {
                    sb.append(' ').append(Move.usi(m));
                }
                send(sb.toString());
            }
            case DISPROVEN -> send("checkmate nomate");
            default -> send("checkmate timeout");
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
        StringBuilder sb = new StringBuilder("info depth ").append(i.depth()).append(" seldepth ").append(i.selDepth());
        if (multiPv > 1) {
            sb.append(" multipv ").append(i.multiPv());
        }
        sb.append(" score ").append(Score.usi(i.score())).append(" nodes ").append(i.nodes()).append(" nps ")
                .append(i.nps()).append(" time ").append(i.timeMs()).append(" hashfull ").append(i.hashfull());
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
