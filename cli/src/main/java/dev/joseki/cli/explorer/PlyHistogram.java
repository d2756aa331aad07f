package dev.joseki.cli.explorer;

import dev.joseki.book.BookEntries;
import dev.joseki.book.BookLayout;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.MoveStats;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * Positions per ply for the stats chart: every full-match position (a full index key with at least
 * one move counted {@code minCount} times or more) is counted once, at the earliest ply it was
 * reached (the least {@code minPly} over its moves). Entries of one position are adjacent in key
 * order, so one pass over the full index suffices.
 */
final class PlyHistogram {
    private PlyHistogram() {}

    /** Ply (move number of the position, 1 = the start) to number of positions, in ply order. */
    static Map<Integer, Long> of(BookEntries book, long minCount) {
        Map<Integer, Long> perPly = new TreeMap<>();
        byte[][] current = {null};
        int[] earliest = {Integer.MAX_VALUE};
        book.forEach(
                Index.FULL,
                (key, value) -> {
                    MoveStats s = BookLayout.decode(value);
                    if (s.count() < minCount) {
                        return;
                    }
                    byte[] position = BookLayout.indexKey(key);
                    if (current[0] != null && !Arrays.equals(current[0], position)) {
                        perPly.merge(earliest[0], 1L, Long::sum);
                        earliest[0] = Integer.MAX_VALUE;
                    }
                    current[0] = position;
                    earliest[0] = Math.min(earliest[0], s.minPly());
                });
        if (current[0] != null) {
            perPly.merge(earliest[0], 1L, Long::sum);
        }
        return perPly;
    }
}
