package dev.joseki.book.format;

import dev.joseki.book.BookEntries;
import dev.joseki.book.BookLayout;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.FullKey;
import dev.joseki.book.MoveStats;
import dev.joseki.rules.Position;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * The full index grouped by position: each book position (as its mover sees it, Black to move, move
 * number = the earliest ply it was seen at) with its moves (mover coordinates) of count ≥ minCount.
 */
final class BookPositions {
    record BookMove(int move16, MoveStats stats) {
    }

    record BookPosition(Position position, List<BookMove> moves) {
    }

    private BookPositions() {
    }

    static void forEach(BookEntries book, long minCount, Consumer<BookPosition> consumer) {
        byte[][] last = {null};
        List<BookMove> moves = new ArrayList<>();
        book.forEach(Index.FULL, (k, v) -> {
            byte[] ik = BookLayout.indexKey(k);
            if (last[0] != null && !Arrays.equals(last[0], ik)) {
                flush(last[0], moves, consumer);
            }
            last[0] = ik;
            MoveStats s = BookLayout.decode(v);
            if (s.count() >= minCount) {
                moves.add(new BookMove(BookLayout.move16(k), s));
            }
        });
        if (last[0] != null) {
            flush(last[0], moves, consumer);
        }
    }

    private static void flush(byte[] indexKey, List<BookMove> moves, Consumer<BookPosition> consumer) {
        if (!moves.isEmpty()) {
            Position p = FullKey.decode(indexKey);
            p.setMoveNumber(moves.stream().mapToInt(m -> m.stats().minPly()).min().orElse(1));
            consumer.accept(new BookPosition(p, List.copyOf(moves)));
        }
        moves.clear();
    }
}
