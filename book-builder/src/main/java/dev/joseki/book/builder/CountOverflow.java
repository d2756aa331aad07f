package dev.joseki.book.builder;

import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.FullKey;
import dev.joseki.book.HalfKey;
import dev.joseki.book.QuarterKey;
import dev.joseki.notation.Sfen;
import dev.joseki.rules.Move;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A book move whose count does not fit the book's 32-bit count field ({@link #MAX}). An executor
 * that sums one past it records it in an accumulator and stops writing, instead of throwing: a task
 * that throws fails the job with Spark's stack traces (93 lines) and no word of which position it
 * was. The driver then refuses the build with one line naming the position and the sources whose
 * rows were summed ({@link #message}); the staging files are removed and the book is untouched.
 *
 * @param index the book index of the entry
 * @param position the position: "sfen …" for the full index (the mover's view, Black to move), the
 *     key's kind and ply for the other indexes, whose keys are not positions
 * @param move the move in USI, in the mover's view
 * @param count the sum that does not fit (Long.MAX_VALUE when the sum itself overflowed a long)
 * @param sources bit s set when source id s had rows in the sum
 * @param previous whether the previous book version's count was part of the sum
 */
record CountOverflow(
        Index index, String position, String move, long count, long sources, boolean previous)
        implements Serializable {
    /** The largest count a book entry holds (PackedMoves, BookLayout). */
    static final long MAX = 0xffff_ffffL;

    /** a + b for counts ≥ 0, Long.MAX_VALUE when the sum does not fit a long. */
    static long plus(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    /**
     * The one line refusing a {@code .db} move line whose count × the source's weight alone does
     * not fit, or null: found on the driver, before a row carries it (a row's count field is 40
     * bits, a sum of such lines is checked by the executors).
     */
    static String line(BookSource src, String sfen, int move, long count) {
        long w = src.weight();
        if (count <= MAX / w) {
            return null;
        }
        long weighted = count > Long.MAX_VALUE / w ? Long.MAX_VALUE : count * w;
        CountOverflow o =
                new CountOverflow(
                        Index.FULL,
                        "sfen " + sfen,
                        Move.usi(move),
                        weighted,
                        1L << src.id(),
                        false);
        return message(List.of(o), List.of(src));
    }

    static CountOverflow of(
            Index index, byte[] key, int move16, long count, long sources, boolean previous) {
        return new CountOverflow(
                index, describe(index, key), Move.usi(move16), count, sources, previous);
    }

    private static String describe(Index index, byte[] key) {
        return switch (index) {
            case FULL -> "sfen " + Sfen.write(FullKey.decode(key));
            case HALF -> "the half-match entry at ply " + HalfKey.ply(key);
            case QUARTER -> "the quarter-match entry at ply " + QuarterKey.ply(key);
            case CASTLE -> "a castle entry";
        };
    }

    /**
     * The one line that refuses the build: the first full-index overflow when there is one (its
     * position is a real SFEN), and the sources by name, path and weight.
     */
    static String message(List<CountOverflow> found, List<BookSource> all) {
        CountOverflow o =
                found.stream()
                        .min(
                                Comparator.comparing(CountOverflow::index)
                                        .thenComparing(CountOverflow::position)
                                        .thenComparing(CountOverflow::move))
                        .orElseThrow();
        List<String> names = new ArrayList<>();
        for (BookSource s : all) {
            if ((o.sources >>> s.id() & 1) != 0) {
                names.add(s.name() + " (" + s.location() + ", weight " + s.weight() + ")");
            }
        }
        if (o.previous) {
            names.add("the previous book version");
        }
        return "count "
                + (o.count == Long.MAX_VALUE ? "past 9223372036854775807" : Long.toString(o.count))
                + " of move "
                + o.move
                + " at "
                + o.position
                + " does not fit the book's 32-bit count (at most "
                + MAX
                + "); sources: "
                + String.join(", ", names)
                + "; lower a source's count or weight";
    }
}
