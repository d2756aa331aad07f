package dev.joseki.cli;

import dev.joseki.book.BookAccumulator;
import dev.joseki.book.BookLayout;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.GameExploder;
import dev.joseki.book.store.BookStore;
import dev.joseki.book.store.BookVersions;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** A three-game RocksDB book written without Spark, for command tests. */
final class SmallBook {
    private SmallBook() {
    }

    /** Writes the book into bookDir (as a published version) and returns bookDir. */
    static Path write(Path bookDir) {
        // A: 7g7f 3c3d 2g2f (Black won); B: 7g7f 8c8d (White won); C: 2g2f 3c3d (no result)
        BookAccumulator acc = new BookAccumulator();
        game(acc, Result.BLACK_WIN, "7g7f", "3c3d", "2g2f");
        game(acc, Result.WHITE_WIN, "7g7f", "8c8d");
        game(acc, Result.UNFINISHED, "2g2f", "3c3d");
        Path v = BookVersions.newVersion(bookDir);
        try (BookStore s = BookStore.create(v, null)) {
            Map<String, String> meta = new LinkedHashMap<>();
            for (Index i : Index.values()) {
                Map<byte[], byte[]> m = new LinkedHashMap<>();
                acc.entries(i).forEach((k, st) -> m.put(k, BookLayout.encode(st)));
                s.put(i, m);
                meta.put("entries." + i.columnFamily(), Integer.toString(m.size()));
            }
            meta.put("games", "3");
            meta.put("positions", "4");
            meta.put("max_ply", "40");
            meta.put("sources", "{\"test\":3}");
            s.putMetadata(meta);
        }
        BookVersions.publish(bookDir, v);
        return bookDir;
    }

    static void game(BookAccumulator acc, Result r, String... usi) {
        Position p = Sfen.startPosition();
        int[] moves = new int[usi.length];
        for (int i = 0; i < usi.length; i++) {
            moves[i] = UsiMove.parse(p, usi[i]);
            p.doMove(moves[i]);
        }
        GameExploder.explode(Sfen.startPosition(), moves, r, 100, false, acc);
    }
}
