package dev.joseki.cli.book;

import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.BookMetadata;
import dev.joseki.book.MoverView;
import dev.joseki.book.ProbeResult;
import dev.joseki.book.format.YaneuraOuDb;
import dev.joseki.book.store.BookVersions;
import dev.joseki.book.store.RocksBook;
import dev.joseki.notation.RecordText;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * One side's book in {@code book compare}: the spec options that hand it to the engine and the
 * probe that says whether a move is in it. Our books are probed by full match (the full-match moves
 * and the valued moves); a YaneuraOu {@code .db} by its positions, each also seen flipped as
 * YaneuraOu's default FlippedBook=true finds them for White. Every check happens when the book is
 * opened, before any game.
 */
public final class ComparedBook implements AutoCloseable {
    /** The name of a side without a book. */
    static final String NO_BOOK = "no-book";

    /** YaneuraOu's BookFile value for no book. */
    static final String YANEURAOU_NO_BOOK = "no_book";

    /**
     * What a YaneuraOu engine is told besides BookDir and BookFile, each overridable by the side's
     * own options: our exported depths are peta_shock's depth to the leaf, so BookDepthLimit=0
     * (docs/book.md); the book is followed as far as it goes (BookMoves at its maximum, never
     * ignored); among the moves within BookEvalDiff of the best it draws by count, as our engine
     * does (with YaneuraOu's default it draws them uniformly, and a count-only book's moves all
     * have value 0: a move one game in 30,000 played was as likely as the main line); the file is
     * read whole (no on-the-fly reads, so the first move pays no disk seek on the clock); a
     * position is found at any ply, as our probe finds it; a move may be played down to -140 for
     * either side, as the built-in engine's BookEvalBlackLimit and BookEvalWhiteLimit (YaneuraOu's
     * own Black limit of 0 suits books valued by an evaluation with a first-move bonus; ours values
     * the start position near 0, and with a limit of 0 a Black move valued -1 is never played).
     */
    static final Map<String, String> YANEURAOU_DEFAULTS =
            orderedMap(
                    "BookDepthLimit", "0",
                    "BookIgnoreRate", "0",
                    "BookMoves", "10000",
                    "BookEvalDiff", "30",
                    "ConsiderBookMoveCount", "true",
                    "BookEvalBlackLimit", "-140",
                    "BookEvalWhiteLimit", "-140",
                    "BookOnTheFly", "false",
                    "IgnoreBookPly", "true");

    /**
     * The values of YaneuraOu's BookFile, a combo option: it ignores any other value (and keeps its
     * default book), so another file name is linked under one of these.
     */
    static final Set<String> YANEURAOU_BOOK_FILES =
            Set.of(
                    "standard_book.db",
                    "yaneura_book1.db",
                    "yaneura_book2.db",
                    "yaneura_book3.db",
                    "yaneura_book4.db",
                    "user_book1.db",
                    "user_book2.db",
                    "user_book3.db");

    /** The name a linked {@code .db} gets. */
    static final String LINK_NAME = "user_book1.db";

    final String name;
    private final Map<String, String> options;
    private final RocksBook ours;
    private final Map<Long, Set<Integer>> db;

    /** A {@code .db} YaneuraOu cannot be given by its own name (null: none). */
    private final Path linkTo;

    private ComparedBook(
            String name,
            Map<String, String> options,
            RocksBook ours,
            Map<Long, Set<Integer>> db,
            Path linkTo) {
        this.name = name;
        this.options = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(options));
        this.ours = ours;
        this.db = db;
        this.linkTo = linkTo;
    }

    /**
     * The spec options that hand the book to the engine. A {@code .db} whose name YaneuraOu's
     * BookFile does not list is first linked as {@value #LINK_NAME} in {@code linkDir}.
     */
    Map<String, String> options(Path linkDir) throws IOException {
        if (linkTo == null) {
            return options;
        }
        Files.createDirectories(linkDir);
        Path link = linkDir.resolve(LINK_NAME);
        Files.deleteIfExists(link);
        Files.createSymbolicLink(link, linkTo);
        Map<String, String> o = new LinkedHashMap<>(options);
        o.put("BookDir", linkDir.toAbsolutePath().toString());
        o.put("BookFile", LINK_NAME);
        return o;
    }

    static ComparedBook none(boolean builtin, String bookOption) {
        return new ComparedBook(
                NO_BOOK,
                builtin || bookOption != null ? Map.of() : Map.of("BookFile", YANEURAOU_NO_BOOK),
                null,
                null,
                null);
    }

    /**
     * Opens a book for the built-in engine (a book directory) or an external one (a {@code .db});
     * refuses with one line naming the path when it does not exist, is of the other kind, has no
     * published version, has no positions or does not parse.
     *
     * @param bookOption for an external engine, the option that takes the file's path instead of
     *     YaneuraOu's BookDir/BookFile pair (null: YaneuraOu's)
     */
    static ComparedBook open(Path path, boolean builtin, String bookOption) throws IOException {
        if (!Files.exists(path)) {
            throw new IllegalArgumentException("book " + path + " does not exist");
        }
        String name = path.getFileName() == null ? path.toString() : path.getFileName().toString();
        if (builtin) {
            if (!Files.isDirectory(path)) {
                throw new IllegalArgumentException(
                        "book "
                                + path
                                + " is a file: the built-in engine takes a book directory"
                                + " (a .db is for an external engine, cmd=PATH)");
            }
            if (BookVersions.current(path) == null) {
                throw new IllegalArgumentException(
                        "book "
                                + path
                                + " is not a book: it has no published version (no "
                                + BookVersions.POINTER
                                + " file)");
            }
            RocksBook book = RocksBook.open(path);
            BookMetadata meta = book.metadata();
            if (meta.getLong(BookMetadata.POSITIONS, 0) == 0 && meta.entries(Index.FULL) == 0) {
                book.close();
                throw new IllegalArgumentException("book " + path + " is empty (no positions)");
            }
            return new ComparedBook(name, Map.of("BookDir", path.toString()), book, null, null);
        }
        if (Files.isDirectory(path)) {
            throw new IllegalArgumentException(
                    "book "
                            + path
                            + " is a directory: an external engine takes a YaneuraOu .db file"
                            + " (a book directory is for the built-in engine)");
        }
        Map<Long, Set<Integer>> moves = new HashMap<>();
        try (BufferedReader in = RecordText.open(path)) {
            YaneuraOuDb.read(
                    in,
                    path.toString(),
                    (YaneuraOuDb.ValuedMoveSink)
                            (pos, move, count, eval) -> {
                                int m16 = Move.move16(move);
                                moves.computeIfAbsent(pos.key(), k -> new HashSet<>()).add(m16);
                                moves.computeIfAbsent(pos.flippedKey(), k -> new HashSet<>())
                                        .add(MoverView.flipMove16(m16));
                            });
        }
        if (moves.isEmpty()) {
            throw new IllegalArgumentException("book " + path + " is empty (no positions)");
        }
        Path absolute = path.toAbsolutePath();
        Map<String, String> options =
                bookOption != null
                        ? Map.of(bookOption, absolute.toString())
                        : new LinkedHashMap<>(YANEURAOU_DEFAULTS);
        boolean listed = YANEURAOU_BOOK_FILES.contains(name);
        if (bookOption == null && listed) {
            options.put("BookDir", absolute.getParent().toString());
            options.put("BookFile", name);
        }
        return new ComparedBook(
                name, options, null, moves, bookOption == null && !listed ? absolute : null);
    }

    /** Whether {@code move} (a move of pos) is in this book at pos; never for no book. */
    boolean isBookMove(Position pos, int move) {
        return isBookMove(pos, move, true);
    }

    /**
     * As {@link #isBookMove(Position, int)}; without {@code valuedMoves} a move of ours only valued
     * (mined, count 0) is not in the book, as the built-in engine sees it with BookMinedMoves false
     * or BookChoice COUNT.
     */
    boolean isBookMove(Position pos, int move, boolean valuedMoves) {
        int m16 = Move.move16(move);
        if (ours != null) {
            ProbeResult r = ours.probe(pos, EnumSet.of(Index.FULL));
            for (ProbeResult.FullMove f : r.full()) {
                if (f.move16() == m16) {
                    return true;
                }
            }
            return valuedMoves && ours.values(pos).containsKey(m16);
        }
        if (db != null) {
            Set<Integer> s = db.get(pos.key());
            return s != null && s.contains(m16);
        }
        return false;
    }

    @Override
    public void close() {
        if (ours != null) {
            ours.close();
        }
    }

    private static Map<String, String> orderedMap(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return java.util.Collections.unmodifiableMap(m);
    }
}
