package dev.joseki.play;

import dev.joseki.book.Book;
import dev.joseki.book.store.RocksBook;
import dev.joseki.engine.DefaultEvaluation;
import dev.joseki.engine.EvalFile;
import dev.joseki.engine.EvalFileException;
import dev.joseki.engine.Evaluator;
import dev.joseki.engine.HandcraftedEvaluator;
import dev.joseki.engine.Limits;
import dev.joseki.engine.Score;
import dev.joseki.engine.Search;
import dev.joseki.engine.SearchListener;
import dev.joseki.engine.SearchResult;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The built-in engine ({@link Search}) in this JVM: no process, no pipes. The one player behind
 * {@code ./joseki usi}, tournaments and self-play workers, configured by the one {@link
 * BuiltinOptions} table and deciding by the one {@link RootDecision}. The book (option BookDir) is
 * opened read-only, so any number of players and workers share one book directory.
 *
 * <p>Book seed rule: in a refereed game {@link #newGame} seeds the book's random choices with the
 * game's seed (derived from its id), mixed with BookSeed when one is given, so a game chooses the
 * same book moves wherever it is played. {@code ./joseki usi} keeps one stream per run: BookSeed,
 * or the clock when 0.
 */
public final class BuiltinPlayer implements Player {
    public static final String ENGINE_ID = "joseki";

    private final Search search;
    private final Function<Path, Book> bookOpener;
    private BuiltinOptions options;
    private Book book;
    private RootDecision root;

    /**
     * What the search's evaluator was made of: the handcrafted scales, a trained file's path, or
     * the shipped evaluation's name; a new evaluator only when it changes (that clears the hash).
     */
    private Object evaluatorSource;

    public BuiltinPlayer(BuiltinOptions options) {
        this(options, RocksBook::open);
    }

    /**
     * @param bookOpener turns a BookDir into a book (tests give an in-memory one)
     */
    public BuiltinPlayer(BuiltinOptions options, Function<Path, Book> bookOpener) {
        this.options = options;
        this.bookOpener = bookOpener;
        this.evaluatorSource = evaluatorSource(options);
        this.search = new Search(newEvaluator(options), (int) options.number("USI_Hash"));
        for (BuiltinOptions.Option o : BuiltinOptions.TABLE) {
            if (!o.name().equals("USI_Hash") && !o.name().startsWith("Book")) {
                applySearch(o.name());
            }
        }
        openBook();
        long seed = options.number("BookSeed");
        root = newRoot(seed == 0 ? System.nanoTime() : seed);
    }

    /**
     * Options as a spec or task gives them; IllegalArgumentException for an unknown option or a bad
     * value.
     */
    public BuiltinPlayer(Map<String, String> options) {
        this(BuiltinOptions.of(options));
    }

    public BuiltinOptions options() {
        return options;
    }

    /** The search, for the USI front's stop / ponderhit / clear. */
    public Search search() {
        return search;
    }

    /**
     * Sets one option (USI {@code setoption}); IllegalArgumentException, and nothing changed, for a
     * bad one.
     */
    public void setOption(String name, String value) {
        BuiltinOptions next = options.with(name, value);
        String key = BuiltinOptions.option(name).name();
        BuiltinOptions before = options;
        options = next;
        switch (key) {
            case "USI_Hash" -> search.setHashMb((int) options.number("USI_Hash"));
            case "BookDir" -> {
                try {
                    openBook();
                } catch (RuntimeException e) {
                    options = before.with("BookDir", "");
                    root = newRoot(System.nanoTime());
                    throw new IllegalArgumentException(
                            e instanceof dev.joseki.book.store.DamagedBookException
                                    ? "option BookDir: the book in '"
                                            + value
                                            + "' is damaged, not used: "
                                            + e.getMessage()
                                    : "option BookDir: no book in '"
                                            + value
                                            + "': "
                                            + e.getMessage(),
                            e);
                }
                root = newRoot(System.nanoTime());
            }
            case "BookSeed" -> {
                long seed = options.number("BookSeed");
                root = newRoot(seed == 0 ? System.nanoTime() : seed);
            }
            case "EvalFile", "Evaluation" -> {
                try {
                    applyEvaluator();
                } catch (EvalFileException e) {
                    options = before;
                    throw new IllegalArgumentException("option EvalFile: " + e.getMessage(), e);
                } catch (IllegalArgumentException e) {
                    options = before;
                    throw e;
                }
            }
            default -> {
                if (key.startsWith("Book")) {
                    root = newRoot(System.nanoTime());
                } else {
                    try {
                        applySearch(key);
                    } catch (IllegalArgumentException e) {
                        options = before;
                        throw e;
                    }
                }
            }
        }
    }

    /**
     * Decides the move at {@code position} (the USI front's search thread and {@link #move} both
     * come here).
     */
    public RootDecision.Outcome think(
            Position position,
            boolean[] checks,
            Limits limits,
            SearchListener listener,
            Consumer<String> info) {
        return root.decide(search, position, checks, limits, listener, info);
    }

    @Override
    public void newGame(long gameSeed) {
        search.clear();
        long seed = options.number("BookSeed");
        root.reseed(seed == 0 ? gameSeed : gameSeed ^ (seed * 0x9E3779B97F4A7C15L));
    }

    @Override
    public Answer move(Position start, List<Integer> moves, MoveLimit limit, int lines)
            throws PlayerException {
        // The game's history with "in check" per position, so that repetitions are judged as the
        // rules do.
        Position pos = start.copy();
        boolean[] checks = new boolean[pos.historyLength() + moves.size() + 1];
        checks[pos.historyLength()] = pos.inCheck();
        for (int m : moves) {
            pos.doMove(m);
            checks[pos.historyLength()] = pos.inCheck();
        }
        long started = System.nanoTime();
        RootDecision.Outcome o;
        // The lines of the last completed depth: the search reports lines 1..k in order after each
        // depth.
        List<Sampling.Line> reported = new ArrayList<>();
        SearchListener listener =
                lines <= 1
                        ? SearchListener.NONE
                        : i -> {
                            if (i.multiPv() == 1) {
                                reported.clear();
                            }
                            if (i.pv().length > 0) {
                                boolean mate = Score.isMate(i.score());
                                reported.add(
                                        new Sampling.Line(
                                                Move.usi(i.pv()[0]),
                                                mate,
                                                mate ? Score.matePlies(i.score()) : i.score()));
                            }
                        };
        try {
            if (lines > 1) {
                search.setMultiPv(lines);
            }
            o = think(pos, checks, limit.toLimits(), listener, s -> {});
        } catch (RuntimeException e) {
            throw new PlayerException(PlayerException.Kind.CRASH, "built-in engine failed: " + e);
        } finally {
            if (lines > 1) {
                applySearch("MultiPV");
            }
        }
        SearchResult r = o.result();
        int ms = (int) ((System.nanoTime() - started) / 1_000_000);
        boolean searched = r.depth() > 0 || r.nodes() > 0;
        boolean mate = Score.isMate(r.score());
        MoveInfo info =
                new MoveInfo(
                        o.source(),
                        r.depth(),
                        r.nodes(),
                        searched,
                        mate,
                        mate ? Score.matePlies(r.score()) : r.score(),
                        ms);
        boolean searchedLines =
                lines > 1 && o.source() != MoveInfo.Source.BOOK_FULL && reported.size() > 1;
        return new Answer(Move.usi(r.bestMove()), info, searchedLines ? reported : List.of());
    }

    @Override
    public String engineId() {
        return ENGINE_ID;
    }

    @Override
    public String engineVersion() {
        String v = BuiltinPlayer.class.getPackage().getImplementationVersion();
        return "joseki " + (v == null ? "dev" : v);
    }

    @Override
    public void close() {
        if (book != null) {
            book.close();
            book = null;
        }
    }

    private void applySearch(String name) {
        switch (name) {
            case "Threads" -> search.setThreads((int) options.number(name));
            case "MultiPV" -> search.setMultiPv((int) options.number(name));
            case "PlausibleMoves" -> search.setPlausible(options.flag(name));
            case "RootMateNodes" -> search.setRootMateNodes(options.number(name));
            case "EvalFile", "Evaluation" -> applyEvaluator();
            default -> {
                if (name.startsWith("TuneEval")) {
                    applyEvaluator();
                } else if (BuiltinOptions.option(name).tunable()) {
                    search.setTunables(options.searchTunables());
                } // USI_Ponder, WarmUp: the front end's concern
            }
        }
    }

    /**
     * Gives the search the evaluator the options ask for, when it is not the one it has. An
     * unusable file throws its one-line refusal (EvalFileException); TuneEval scales with a trained
     * evaluation throw the conflict: neither is ever replaced by another evaluation.
     */
    private void applyEvaluator() {
        Object source = evaluatorSource(options);
        if (!source.equals(evaluatorSource)) {
            search.setEvaluator(newEvaluator(options));
            evaluatorSource = source;
        }
    }

    private static Object evaluatorSource(BuiltinOptions o) {
        if (o.handcrafted()) {
            return o.evaluationScales();
        }
        String conflict = o.tuneEvalConflict();
        if (conflict != null) {
            throw new IllegalArgumentException(conflict);
        }
        return o.evalFile() != null ? o.evalFile() : DefaultEvaluation.NAME;
    }

    private static Evaluator newEvaluator(BuiltinOptions o) {
        if (o.handcrafted()) {
            return new HandcraftedEvaluator(o.evaluationScales());
        }
        return o.evalFile() != null
                ? EvalFile.read(o.evalFile()).evaluator()
                : DefaultEvaluation.evaluator();
    }

    private void openBook() {
        close();
        Path dir = options.bookDir();
        book = dir == null ? null : bookOpener.apply(dir);
    }

    private RootDecision newRoot(long seed) {
        return new RootDecision(
                book,
                options.bookMode(),
                options.bookBonus(),
                options.bookChoice(),
                options.bookValueRules(),
                seed);
    }
}
