package dev.joseki.tournament;

import dev.joseki.book.Book;
import dev.joseki.book.BookBonus;
import dev.joseki.book.store.RocksBook;
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
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Our own search in this process. Options: {@code USI_Hash} (MB, default 16) and {@code Threads} (default 1),
 * as the USI front end names them, and the book's {@code BookDir}, {@code BookMode} (NM|HM|HQM, default
 * HQM), {@code BookSeed} and {@code BookFqCap} ({@link RootBook}: a full match plays a book move, half and
 * quarter matches add root bonuses; without BookDir no book is used). A position that is a valid 27-point
 * declaration is declared, as the USI front end does.
 */
final class BuiltinContestant implements Contestant {
    private final Search search;
    private final Limits limits;
    private final Declaration.Rule declarationRule;
    private final Book book;
    private final BookMode bookMode;
    private final BookBonus bookBonus;
    private final SplittableRandom bookRandom;

    BuiltinContestant(EngineSpec spec, Declaration.Rule declarationRule) {
        check(spec);
        Map<String, String> o = spec.options();
        this.search = new Search(new HandcraftedEvaluator(), Integer.parseInt(o.getOrDefault("USI_Hash", "16")));
        search.setThreads(Integer.parseInt(o.getOrDefault("Threads", "1")));
        this.limits = spec.limit().toLimits();
        this.declarationRule = declarationRule;
        this.bookMode = BookMode.valueOf(o.getOrDefault("BookMode", "HQM"));
        this.bookBonus = BookBonus.paper(Material.PAWN_VALUE)
                .withFqCap(Long.parseLong(o.getOrDefault("BookFqCap", Integer.toString(Material.PAWN_VALUE))));
        long seed = Long.parseLong(o.getOrDefault("BookSeed", "0"));
        this.bookRandom = new SplittableRandom(seed == 0 ? System.nanoTime() : seed);
        String dir = o.getOrDefault("BookDir", "");
        this.book = dir.isBlank() ? null : RocksBook.open(Path.of(dir));
    }

    static void check(EngineSpec spec) {
        for (Map.Entry<String, String> o : spec.options().entrySet()) {
            switch (o.getKey()) {
                case "USI_Hash" -> intOption(spec, o, 1, 4096);
                case "Threads" -> intOption(spec, o, 1, 64);
                case "BookMode" -> {
                    if (!o.getValue().matches("NM|HM|HQM")) {
                        throw new IllegalArgumentException("engine '" + spec.name() + "': option.BookMode must be NM, HM or HQM");
                    }
                }
                case "BookSeed", "BookFqCap" -> intOption(spec, o, -1, Integer.MAX_VALUE);
                case "BookDir" -> {
                    if (!o.getValue().isBlank() && !java.nio.file.Files.isDirectory(Path.of(o.getValue()))) {
                        throw new IllegalArgumentException("engine '" + spec.name() + "': option.BookDir " + o.getValue()
                                + " is not a directory");
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
            return Choice.move(d.bookMove(), "book full");
        }
        SearchResult r;
        try {
            search.setRootBonuses(d == null ? new int[0] : d.bonusMoves(), d == null ? new int[0] : d.bonuses());
            r = search.go(root, Arrays.copyOf(checks, game.plies() + 1), limits, SearchListener.NONE);
        } finally {
            search.setRootBonuses(new int[0], new int[0]);
        }
        String src = d == null || d.source(r.bestMove()) == RootBook.Source.NONE ? ""
                : " book " + d.source(r.bestMove()).name().toLowerCase(java.util.Locale.ROOT);
        return Choice.move(r.bestMove(), "score " + r.score() + " depth " + r.depth() + " nodes " + r.nodes() + src);
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
