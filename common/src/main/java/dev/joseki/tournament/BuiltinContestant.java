package dev.joseki.tournament;

import dev.joseki.book.Book;
import dev.joseki.book.BookBonus;
import dev.joseki.engine.HandcraftedEvaluator;
import dev.joseki.engine.Material;
import dev.joseki.engine.Limits;
import dev.joseki.engine.Search;
import dev.joseki.engine.SearchListener;
import dev.joseki.engine.SearchResult;
import dev.joseki.engine.book.BookMode;
import dev.joseki.engine.book.RootBook;
import dev.joseki.rules.Declaration;
import dev.joseki.rules.Game;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * Our own search in this process. Options as the USI front end names them: {@code USI_Hash} (MB, default
 * 16), {@code Threads} (default 1), and the book: {@code BookDir} (none by default), {@code BookMode}
 * NM|HM|HQM (default HQM), {@code BookSeed} (default 1, so that book move choices are reproducible) and
 * {@code BookFqCap} (the cap on FQ in the partial-match bonuses, {@link BookBonus}; default one pawn, −1 none).
 * With a book the root works as {@link RootBook} says: a full match plays a book move, otherwise the
 * half/quarter bonuses go to the search. A position that is a valid 27-point declaration is declared, as
 * the USI front end does.
 */
final class BuiltinContestant implements Contestant {
    private final Search search;
    private final Limits limits;
    private final Declaration.Rule declarationRule;
    private final Book book;
    private final BookMode bookMode;
    private final BookBonus bookBonus;
    private final SplittableRandom bookRandom;

    /** @param bookOpener turns a BookDir into a book; null when this build has no book store */
    BuiltinContestant(EngineSpec spec, Declaration.Rule declarationRule, Function<Path, Book> bookOpener) {
        check(spec);
        this.search = new Search(new HandcraftedEvaluator(), Integer.parseInt(spec.options().getOrDefault("USI_Hash", "16")));
        search.setThreads(Integer.parseInt(spec.options().getOrDefault("Threads", "1")));
        this.limits = spec.limit().toLimits();
        this.declarationRule = declarationRule;
        String dir = spec.options().get("BookDir");
        if (dir != null && bookOpener == null) {
            throw new IllegalArgumentException("engine '" + spec.name() + "': option.BookDir needs a book store");
        }
        this.book = dir == null ? null : bookOpener.apply(Path.of(dir));
        this.bookMode = BookMode.valueOf(spec.options().getOrDefault("BookMode", "HQM").toUpperCase(Locale.ROOT));
        this.bookRandom = new SplittableRandom(Long.parseLong(spec.options().getOrDefault("BookSeed", "1")));
        BookBonus paper = BookBonus.paper(Material.PAWN_VALUE);
        String cap = spec.options().get("BookFqCap");
        this.bookBonus = cap == null ? paper : paper.withFqCap(Long.parseLong(cap));
    }

    static void check(EngineSpec spec) {
        for (Map.Entry<String, String> o : spec.options().entrySet()) {
            switch (o.getKey()) {
                case "USI_Hash" -> intOption(spec, o, 1, 4096);
                case "Threads" -> intOption(spec, o, 1, 64);
                case "BookDir" -> { }
                case "BookMode" -> {
                    if (!o.getValue().toUpperCase(Locale.ROOT).matches("NM|HM|HQM")) {
                        throw new IllegalArgumentException("engine '" + spec.name() + "': option.BookMode must be NM, HM or HQM, got '"
                                + o.getValue() + "'");
                    }
                }
                case "BookSeed", "BookFqCap" -> {
                    try {
                        Long.parseLong(o.getValue());
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("engine '" + spec.name() + "': option." + o.getKey()
                                + " must be an integer", e);
                    }
                }
                default -> throw new IllegalArgumentException("engine '" + spec.name() + "': unknown option '"
                        + o.getKey() + "' (built-in options: USI_Hash, Threads, BookDir, BookMode, BookSeed, BookFqCap)");
            }
        }
    }

    @Override
    public void newGame() {
        search.clear();
    }

    @Override
    public Choice choose(Game game, boolean[] checks) {
        Position root = game.position().copy();
        if (!root.inCheck() && Declaration.judge(root, declarationRule) == Declaration.Verdict.WIN) {
            return Choice.move(Move.WIN, "declaration");
        }
        RootBook.Decision d = book == null ? null : RootBook.decide(book, root, bookMode, bookBonus, bookRandom);
        if (d != null && d.playsBookMove()) {
            return Choice.move(d.bookMove(), "book");
        }
        search.setRootBonuses(d == null ? new int[0] : d.bonusMoves(), d == null ? new int[0] : d.bonuses());
        try {
            SearchResult r = search.go(root, Arrays.copyOf(checks, game.plies() + 1), limits, SearchListener.NONE);
            String bonus = d == null || d.bonusMoves().length == 0 ? "" : " book bonuses " + d.bonusMoves().length;
            return Choice.move(r.bestMove(), "score " + r.score() + " depth " + r.depth() + " nodes " + r.nodes() + bonus);
        } finally {
            search.setRootBonuses(new int[0], new int[0]);
        }
    }

    @Override
    public void close() {
        if (book != null) {
            book.close();
        }
    }

    private static void intOption(EngineSpec spec, Map.Entry<String, String> o, int min, int max) {
        try {
            int v = Integer.parseInt(o.getValue());
            if (v >= min && v <= max) {
                return;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("engine '" + spec.name() + "': option." + o.getKey()
                + " must be an integer in " + min + ".." + max + ", got '" + o.getValue() + "'");
    }
}
