package dev.joseki.book.format;

import dev.joseki.book.BookEntries;
import dev.joseki.book.BookLayout;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.FullKey;
import dev.joseki.book.MoveEval;
import dev.joseki.book.MoveStats;
import dev.joseki.book.MoveValues;
import dev.joseki.rules.Position;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.function.Consumer;

/**
 * The full index grouped by position: each book position (as its mover sees it, Black to move, move
 * number = the earliest ply it was seen at) with its moves (mover coordinates) of count ≥ minCount, and
 * their values. Moves that only have a value (a transposition found by propagation, an engine's candidate
 * no game played) follow with count 0; {@code value} is null for a move nobody evaluated.
 */
final class BookPositions {
    record BookMove(int move16, MoveStats stats, MoveEval value) {
    }

    record BookPosition(Position position, List<BookMove> moves) {
    }

    private BookPositions() {
    }

    static void forEach(BookEntries book, long minCount, MoveValues values, Consumer<BookPosition> consumer) {
        byte[][] last = {null};
        List<BookMove> moves = new ArrayList<>();
        book.forEach(Index.FULL, (k, v) -> {
            byte[] ik = BookLayout.indexKey(k);
            if (last[0] != null && !Arrays.equals(last[0], ik)) {
                flush(last[0], moves, values, consumer);
            }
            last[0] = ik;
            MoveStats s = BookLayout.decode(v);
            if (s.count() >= minCount) {
                moves.add(new BookMove(BookLayout.move16(k), s, null));
            }
        });
        if (last[0] != null) {
            flush(last[0], moves, values, consumer);
        }
    }

    private static void flush(byte[] indexKey, List<BookMove> moves, MoveValues values, Consumer<BookPosition> consumer) {
        if (!moves.isEmpty()) {
            Position p = FullKey.decode(indexKey);
            int ply = moves.stream().mapToInt(m -> m.stats().minPly()).min().orElse(1);
            p.setMoveNumber(ply);
            SortedMap<Integer, MoveEval> v = values.of(indexKey);
            List<BookMove> out = new ArrayList<>(moves.size() + v.size());
            for (BookMove m : moves) {
                out.add(new BookMove(m.move16(), m.stats(), v.get(m.move16())));
            }
            for (Map.Entry<Integer, MoveEval> e : v.entrySet()) {
                if (moves.stream().noneMatch(m -> m.move16() == e.getKey())) {
                    out.add(new BookMove(e.getKey(), new MoveStats(0, 0, 0, 0, ply, ply), e.getValue()));
                }
            }
            consumer.accept(new BookPosition(p, List.copyOf(out)));
        }
        moves.clear();
    }
}
