package dev.joseki.play;

import dev.joseki.book.Book;
import dev.joseki.book.BookBonus;
import dev.joseki.book.store.DamagedBookException;
import dev.joseki.engine.Limits;
import dev.joseki.engine.Score;
import dev.joseki.engine.Search;
import dev.joseki.engine.SearchListener;
import dev.joseki.engine.SearchResult;
import dev.joseki.engine.book.BookChoice;
import dev.joseki.engine.book.BookMode;
import dev.joseki.engine.book.BookValueRules;
import dev.joseki.engine.book.RootBook;
import dev.joseki.rules.Declaration;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * The one root decision of the built-in engine, in this order: (1) a valid 27-point declaration is
 * declared; (2) with a book, a full match plays a book move chosen by count, value or both ({@link
 * RootBook}, {@link BookChoice}) unless its values say to leave the book ({@link BookValueRules});
 * (3) otherwise the half/quarter bonuses of the book mode go to the search, which decides. The
 * bonuses are cleared in a {@code finally}, so a search that fails never leaves them on the next
 * one.
 */
public final class RootDecision {
    /** The decided move (as a search result) and where it came from. */
    public record Outcome(SearchResult result, MoveInfo.Source source) {}

    private static final int[] NONE = new int[0];

    private final Book book;
    private final BookMode mode;
    private final BookBonus bonus;
    private final BookChoice choice;
    private final BookValueRules rules;
    private SplittableRandom random;

    /**
     * @param book null for no book
     */
    public RootDecision(Book book, BookMode mode, BookBonus bonus, long seed) {
        this(book, mode, bonus, BookChoice.COUNT, BookValueRules.NONE, seed);
    }

    public RootDecision(
            Book book,
            BookMode mode,
            BookBonus bonus,
            BookChoice choice,
            BookValueRules rules,
            long seed) {
        this.book = book;
        this.mode = mode;
        this.bonus = bonus;
        this.choice = choice;
        this.rules = rules;
        this.random = new SplittableRandom(seed);
    }

    /** Restarts the book's random choices from {@code seed}. */
    public void reseed(long seed) {
        random = new SplittableRandom(seed);
    }

    /**
     * Decides the move at {@code root}; book explanations go to {@code info}, search progress to
     * {@code listener}.
     */
    public Outcome decide(
            Search search,
            Position root,
            boolean[] checks,
            Limits limits,
            SearchListener listener,
            Consumer<String> info) {
        // Step 1. Declaration.
        if (!root.inCheck()
                && Declaration.judge(root, Declaration.Rule.POINTS_27) == Declaration.Verdict.WIN) {
            return new Outcome(
                    new SearchResult(Move.WIN, Move.NONE, Score.MATE, 0, 0, 0, NONE),
                    MoveInfo.Source.SEARCH);
        }
        // Step 2. Full match.
        RootBook.Decision d;
        try {
            d =
                    book == null
                            ? null
                            : RootBook.decide(book, root, mode, bonus, choice, rules, random);
        } catch (DamagedBookException e) {
            // never a move from a damaged book: say so, and search as without one
            info.accept("book damaged, not used: " + e.getMessage());
            d = null;
        }
        if (d != null) {
            d.info().forEach(info);
            if (d.playsBookMove()) {
                return new Outcome(
                        new SearchResult(
                                d.bookMove(), Move.NONE, 0, 0, 0, 0, new int[] {d.bookMove()}),
                        MoveInfo.Source.BOOK_FULL);
            }
        }
        // Step 3. The search, with the partial-match bonuses on the root moves.
        search.setRootBonuses(d == null ? NONE : d.bonusMoves(), d == null ? NONE : d.bonuses());
        SearchResult r;
        try {
            r = search.go(root, checks, limits, listener);
        } finally {
            search.setRootBonuses(NONE, NONE);
        }
        MoveInfo.Source source =
                switch (d == null ? RootBook.Source.NONE : d.source(r.bestMove())) {
                    case HALF -> MoveInfo.Source.BOOK_HALF;
                    // the castle bonus is the quarter formula on one 5x5 area; game records keep
                    // the paper's three sources
                    case QUARTER, CASTLE -> MoveInfo.Source.BOOK_QUARTER;
                    default -> MoveInfo.Source.SEARCH;
                };
        return new Outcome(r, source);
    }
}
