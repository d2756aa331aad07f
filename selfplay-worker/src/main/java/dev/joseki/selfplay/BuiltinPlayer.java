package dev.joseki.selfplay;

import dev.joseki.book.Book;
import dev.joseki.book.BookBonus;
import dev.joseki.book.store.RocksBook;
import dev.joseki.engine.HandcraftedEvaluator;
import dev.joseki.engine.Material;
import dev.joseki.engine.book.BookMode;
import dev.joseki.engine.book.RootBook;
import dev.joseki.engine.Score;
import dev.joseki.engine.Search;
import dev.joseki.engine.SearchResult;
import dev.joseki.records.proto.BookSource;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.MoveRecord;
import dev.joseki.rules.Declaration;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The built-in engine ({@link Search}) in the worker's JVM: no process, no pipes. Options use the USI
 * names of {@code ./joseki usi}: USI_Hash (MB), Threads, PlausibleMoves, RootMateNodes, and the book's
 * BookDir, BookMode (NM|HM|HQM), BookSeed, BookFqCap ({@link RootBook}; without BookDir no book is used);
 * unknown options are rejected when the player is made, so a typo never silently plays a different engine.
 * Each move records its book source (full match, or the half/quarter match whose bonus the chosen move had).
 */
final class BuiltinPlayer implements Player {
    static final int DEFAULT_HASH_MB = 16;

    private final Search search;
    private final Book book;
    private BookMode bookMode = BookMode.HQM;
    private BookBonus bookBonus = BookBonus.paper(Material.PAWN_VALUE);
    private SplittableRandom bookRandom = new SplittableRandom(System.nanoTime());

    /** Null when the options can be applied, else what is wrong (checked before a task is played). */
    static String optionProblem(Map<String, String> options) {
        for (Map.Entry<String, String> o : options.entrySet()) {
            String v = o.getValue();
            switch (o.getKey()) {
                case "USI_Hash", "Threads" -> {
                    if (!v.matches("[1-9][0-9]{0,3}")) {
                        return "option " + o.getKey() + " must be 1..9999, got '" + v + "'";
                    }
                }
                case "RootMateNodes" -> {
                    if (!v.matches("[0-9]{1,9}")) {
                        return "option RootMateNodes must be 0..999999999, got '" + v + "'";
                    }
                }
                case "PlausibleMoves" -> {
                    if (!v.equals("true") && !v.equals("false")) {
                        return "option PlausibleMoves must be true or false, got '" + v + "'";
                    }
                }
                case "BookMode" -> {
                    if (!v.matches("NM|HM|HQM")) {
                        return "option BookMode must be NM, HM or HQM, got '" + v + "'";
                    }
                }
                case "BookSeed", "BookFqCap" -> {
                    if (!v.matches("-?[0-9]{1,18}")) {
                        return "option " + o.getKey() + " must be an integer, got '" + v + "'";
                    }
                }
                case "BookDir" -> {
                    if (!v.isBlank() && !java.nio.file.Files.isRegularFile(Path.of(v, "CURRENT"))) {
                        return "option BookDir: no book in '" + v + "'";
                    }
                }
                default -> {
                    return "built-in engine has no option '" + o.getKey() + "'";
                }
            }
        }
        return null;
    }

    BuiltinPlayer(Map<String, String> options) {
        String problem = optionProblem(options);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
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
                case "BookMode" -> bookMode = BookMode.valueOf(o.getValue());
                case "BookSeed" -> bookRandom = new SplittableRandom(Long.parseLong(o.getValue()));
                case "BookFqCap" -> bookBonus = bookBonus.withFqCap(Long.parseLong(o.getValue()));
                case "BookDir" -> { }
                default -> throw new IllegalArgumentException("built-in engine has no option '" + o.getKey() + "'");
            }
        }
        String dir = options.getOrDefault("BookDir", "");
        book = dir.isBlank() ? null : RocksBook.open(Path.of(dir));
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
        RootBook.Decision decision = book == null ? null : RootBook.decide(book, root, bookMode, bookBonus, bookRandom);
        if (decision != null && decision.playsBookMove()) {
            return new MoveDecision(Move.usi(decision.bookMove()), MoveRecord.newBuilder().setBookSource(BookSource.BOOK_SOURCE_FULL)
                    .setTimeMs((int) ((System.nanoTime() - started) / 1_000_000)).build());
        }
        SearchResult r;
        try {
            search.setRootBonuses(decision == null ? new int[0] : decision.bonusMoves(),
                    decision == null ? new int[0] : decision.bonuses());
            r = search.go(root, checks, engineLimits(limits), info -> { });
        } catch (RuntimeException e) {
            throw new PlayerException(PlayerException.Kind.CRASH, "built-in engine failed: " + e);
        } finally {
            search.setRootBonuses(new int[0], new int[0]);
        }
        MoveRecord.Builder info = MoveRecord.newBuilder().setDepth(r.depth()).setNodes(r.nodes())
                .setTimeMs((int) ((System.nanoTime() - started) / 1_000_000));
        if (decision != null) {
            switch (decision.source(r.bestMove())) {
                case HALF -> info.setBookSource(BookSource.BOOK_SOURCE_HALF);
                case QUARTER -> info.setBookSource(BookSource.BOOK_SOURCE_QUARTER);
                default -> info.setBookSource(BookSource.BOOK_SOURCE_NONE);
            }
        }
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
