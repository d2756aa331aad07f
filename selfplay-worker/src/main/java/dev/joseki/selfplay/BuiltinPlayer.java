package dev.joseki.selfplay;

import dev.joseki.book.Book;
import dev.joseki.book.BookBonus;
import dev.joseki.book.store.RocksBook;
import dev.joseki.engine.HandcraftedEvaluator;
import dev.joseki.engine.Material;
import dev.joseki.engine.book.BookMode;
import dev.joseki.engine.book.RootBook;
import dev.joseki.records.proto.BookSource;
import dev.joseki.engine.Score;
import dev.joseki.engine.Search;
import dev.joseki.engine.SearchResult;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.MoveRecord;
import dev.joseki.rules.Declaration;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * The built-in engine ({@link Search}) in the worker's JVM: no process, no pipes. Options use the USI
 * names of {@code ./joseki usi}: USI_Hash (MB), Threads, PlausibleMoves, RootMateNodes, and the book as
 * the tournament's built-in player takes it: BookDir (a RocksDB book, none by default), BookMode NM|HM|HQM
 * (default HQM) and BookSeed (default 1; the random choice among full-match moves restarts from it for
 * every task, so a replayed task replays its book moves). The root follows {@link RootBook}. Unknown
 * options are rejected when the player is made, so a typo never silently plays a different engine.
 */
final class BuiltinPlayer implements Player {
    static final int DEFAULT_HASH_MB = 16;

    private final Search search;
    private final Book book;
    private final BookMode bookMode;
    private final BookBonus bookBonus = BookBonus.paper(Material.PAWN_VALUE);
    private final SplittableRandom bookRandom;

    BuiltinPlayer(Map<String, String> options) {
        this(options, RocksBook::open);
    }

    BuiltinPlayer(Map<String, String> options, Function<Path, Book> bookOpener) {
        int hash = DEFAULT_HASH_MB;
        if (options.containsKey("USI_Hash")) {
            hash = Integer.parseInt(options.get("USI_Hash"));
        }
        search = new Search(new HandcraftedEvaluator(), hash);
        for (Map.Entry<String, String> o : options.entrySet()) {
            switch (o.getKey()) {
                case "USI_Hash" -> { }
                case "Threads" -> search.setThreads(Integer.parseInt(o.getValue()));
                case "PlausibleMoves" -> search.setPlausible(Boolean.parseBoolean(o.getValue()));
                case "RootMateNodes" -> search.setRootMateNodes(Long.parseLong(o.getValue()));
                case "BookDir", "BookMode", "BookSeed" -> { }
                default -> throw new IllegalArgumentException("built-in engine has no option '" + o.getKey() + "'");
            }
        }
        String mode = options.getOrDefault("BookMode", "HQM").toUpperCase(Locale.ROOT);
        if (!mode.matches("NM|HM|HQM")) {
            throw new IllegalArgumentException("BookMode must be NM, HM or HQM, got '" + options.get("BookMode") + "'");
        }
        bookMode = BookMode.valueOf(mode);
        bookRandom = new SplittableRandom(Long.parseLong(options.getOrDefault("BookSeed", "1")));
        String dir = options.get("BookDir");
        book = dir == null ? null : bookOpener.apply(Path.of(dir));
    }

    @Override
    public void newGame() {
        search.clear();
    }

    @Override
    public MoveDecision move(Position start, List<Integer> moves, Limits limits) throws PlayerException {
        // The game's history with "in check" per position, so repetitions are judged as the rules do.
        Position root = start.copy();
        boolean[] checks = new boolean[root.historyLength() + moves.size() + 1];
        checks[root.historyLength()] = root.inCheck();
        for (int m : moves) {
            root.doMove(m);
            checks[root.historyLength()] = root.inCheck();
        }
        if (!root.inCheck() && Declaration.judge(root, Declaration.Rule.POINTS_27) == Declaration.Verdict.WIN) {
            return new MoveDecision("win", MoveRecord.getDefaultInstance());
        }
        long started = System.nanoTime();
        RootBook.Decision d;
        try {
            d = book == null ? null : RootBook.decide(book, root, bookMode, bookBonus, bookRandom);
        } catch (RuntimeException e) {
            throw new PlayerException(PlayerException.Kind.CRASH, "book probe failed: " + e);
        }
        if (d != null && d.playsBookMove()) {
            return new MoveDecision(Move.usi(d.bookMove()), MoveRecord.newBuilder().setBookSource(BookSource.BOOK_SOURCE_FULL)
                    .setTimeMs((int) ((System.nanoTime() - started) / 1_000_000)).build());
        }
        SearchResult r;
        search.setRootBonuses(d == null ? new int[0] : d.bonusMoves(), d == null ? new int[0] : d.bonuses());
        try {
            r = search.go(root, checks, engineLimits(limits), info -> { });
        } catch (RuntimeException e) {
            throw new PlayerException(PlayerException.Kind.CRASH, "built-in engine failed: " + e);
        } finally {
            search.setRootBonuses(new int[0], new int[0]);
        }
        MoveRecord.Builder info = MoveRecord.newBuilder().setDepth(r.depth()).setNodes(r.nodes())
                .setTimeMs((int) ((System.nanoTime() - started) / 1_000_000));
        if (Score.isMate(r.score())) {
            info.setScoreMate(Score.matePlies(r.score()));
        } else {
            info.setScoreCp(r.score());
        }
        return new MoveDecision(Move.usi(r.bestMove()), info.build());
    }

    static dev.joseki.engine.Limits engineLimits(Limits l) {
        if (l.getNodes() > 0) {
            return dev.joseki.engine.Limits.nodes(l.getNodes());
        } else if (l.getDepth() > 0) {
            return dev.joseki.engine.Limits.depth(l.getDepth());
        } else if (l.getMovetimeMs() > 0) {
            return dev.joseki.engine.Limits.movetime(l.getMovetimeMs());
        } else if (l.getByoyomiMs() > 0) {
            return new dev.joseki.engine.Limits(0, 0, 0, 0, 0, 0, 0, l.getByoyomiMs(), false, false, 0);
        }
        return dev.joseki.engine.Limits.nodes(10_000);
    }

    @Override
    public String engineId() {
        return "joseki";
    }

    @Override
    public String engineVersion() {
        return Worker.softwareVersion();
    }

    @Override
    public void close() {
        if (book != null) {
            book.close();
        }
    }
}
