package dev.joseki.book.builder;

import dev.joseki.book.BookMetadata;
import dev.joseki.book.builder.BookBuildJob.GameRef;
import dev.joseki.book.store.RocksBook;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.api.java.JavaRDD;

/**
 * Step 1 of the book build ({@link BookBuildJob}): which of the games read and which count-only
 * books are new to the book.
 *
 * @param read games read from every input
 * @param previous the metadata of the version the build adds to (empty for a new book)
 * @param keep the {@link GameRef#key()} of each game to add: its id is new and, when the settings
 *     name players, one of them played it
 * @param newIds the ids of the games to add
 * @param imports the count-only books not in the book yet, each once
 * @param dbMoves their move lines
 * @param notes what the imports leave out ({@link DbImports.Read#cutNote})
 */
record NewInputs(
        long read,
        BookMetadata previous,
        Set<String> keep,
        List<String> newIds,
        List<DbImports.Read> imports,
        List<DbImports.DbMove> dbMoves,
        List<String> notes) {

    /**
     * Dedupes on the driver from (id, source, players) only: no shuffle of whole games and no hash
     * map of game objects (whose size Spark keeps estimating). A game whose id is in the previous
     * version is not new; of the same id read twice, the first source in sort order wins.
     */
    static NewInputs select(JavaRDD<GameInput> games, Path previousVersion, BuildSettings s) {
        Set<String> known = new HashSet<>();
        BookMetadata prevMeta = new BookMetadata(Map.of());
        if (previousVersion != null) {
            try (RocksBook b = RocksBook.openVersion(previousVersion)) {
                b.forEachGame(known::add);
                prevMeta = b.metadata();
            }
        }
        Set<String> players = s.players();
        List<GameRef> refs = games.map(GameRef::of).collect();
        Map<String, GameRef> chosen = new HashMap<>();
        for (GameRef r : refs) {
            if (!known.contains(r.id())) {
                chosen.merge(r.id(), r, (x, y) -> x.source().compareTo(y.source()) <= 0 ? x : y);
            }
        }
        Set<String> keep = new HashSet<>();
        List<String> newIds = new ArrayList<>();
        for (GameRef r : chosen.values()) {
            if (players.isEmpty() || players.contains(r.black()) || players.contains(r.white())) {
                keep.add(r.key());
                newIds.add(r.id());
            }
        }
        // count-only books: read and checked on the driver; a file already in the book (same bytes)
        // is skipped
        List<DbImports.Read> imports = new ArrayList<>();
        for (DbImports.Read r : DbImports.read(s)) {
            if (!known.contains(r.id()) && imports.stream().noneMatch(x -> x.id().equals(r.id()))) {
                imports.add(r);
            }
        }
        return new NewInputs(
                refs.size(),
                prevMeta,
                keep,
                newIds,
                List.copyOf(imports),
                imports.stream().flatMap(r -> r.moves().stream()).toList(),
                imports.stream().flatMap(r -> r.cutNote().stream()).toList());
    }

    /** Games read whose id was read before or is in the book already. */
    long duplicates() {
        return read - newIds.size();
    }

    /** Nothing to add: the build publishes no version. */
    boolean nothingNew() {
        return newIds.isEmpty() && imports.isEmpty();
    }

    /** The ids the new version records as counted: the games' and the imported files'. */
    List<String> countedIds() {
        List<String> counted = new ArrayList<>(newIds);
        imports.forEach(r -> counted.add(r.id()));
        return counted;
    }
}
