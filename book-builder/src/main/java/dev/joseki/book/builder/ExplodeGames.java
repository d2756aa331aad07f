package dev.joseki.book.builder;

import dev.joseki.book.GameExploder;
import dev.joseki.notation.ParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.CollectionAccumulator;
import org.apache.spark.util.LongAccumulator;

/**
 * Executor side, step 2: validate a game and explode it into compact fixed-width rows
 *
 * <pre>
 *  pid      int   target partition ({@link KeyRanges} of the group key)
 *  n        int   length of k, the entry key with its index in front:
 *                 k = index ordinal (1 B) ‖ index key ‖ move16 (2 B), at most {@value #KEY_BYTES} bytes
 *  k0 … k5  long  k in 8-byte big-endian words, zero padded, sign bit flipped
 *  v        long  count &lt;&lt; 24 | source id &lt;&lt; 18 | ply &lt;&lt; 2 | result for the mover (0 win, 1 draw,
 *                 2 loss, 3 unknown); count = the game's source weight (40 bits), source id 6 bits
 *                 ({@link BookSource}), ply 16 bits
 * </pre>
 *
 * Sorting by (k0 … k5) as signed longs is the unsigned byte order of k (keys of one index are
 * prefix-free, so the zero padding never decides), and the sort never compares byte arrays: with a
 * binary column, every tie of the 8-byte sort prefix — frequent among opening positions, and
 * certain between rows of the same entry — made Spark copy both arrays to compare them. A bad
 * record is counted and its message kept (at most a few) — it never fails the job. Accumulators may
 * be null (the boundary sample explodes games without counting them).
 */
final class ExplodeGames implements FlatMapFunction<GameInput, Row> {
    private static final long serialVersionUID = 1L;
    static final int WORDS = 6, KEY_BYTES = 8 * WORDS;
    static final StructType SCHEMA;
    static final String[] KEY_COLUMNS = new String[WORDS];

    static {
        StructType t =
                new StructType()
                        .add("pid", DataTypes.IntegerType, false)
                        .add("n", DataTypes.IntegerType, false);
        for (int w = 0; w < WORDS; w++) {
            KEY_COLUMNS[w] = "k" + w;
            t = t.add(KEY_COLUMNS[w], DataTypes.LongType, false);
        }
        SCHEMA = t.add("v", DataTypes.LongType, false);
    }

    static final int WIN = 0, DRAW = 1, LOSS = 2, UNKNOWN = 3;

    private final int maxPly;
    private final boolean winnersOnly;

    /**
     * Whether random opening plies count as book moves (else their rows are skipped; later plies
     * count).
     */
    private final boolean countRandomPlies;

    /** Weight by source id; null = every game counts once (the key-range sample). */
    private final int[] weights;

    private final KeyRanges ranges;
    private final LongAccumulator rejected;
    private final CollectionAccumulator<String> errors;

    /** Games turned into rows, by source id (may be null, like the other accumulators). */
    private final LongAccumulator[] accepted;

    ExplodeGames(
            int maxPly,
            boolean winnersOnly,
            boolean countRandomPlies,
            int[] weights,
            KeyRanges ranges,
            LongAccumulator rejected,
            CollectionAccumulator<String> errors,
            LongAccumulator[] accepted) {
        this.accepted = accepted;
        this.countRandomPlies = countRandomPlies;
        this.maxPly = maxPly;
        this.winnersOnly = winnersOnly;
        this.weights = weights;
        this.ranges = ranges;
        this.rejected = rejected;
        this.errors = errors;
    }

    static int result(int resultForMover) {
        return switch (resultForMover) {
            case GameExploder.WIN -> WIN;
            case GameExploder.DRAW -> DRAW;
            case GameExploder.LOSS -> LOSS;
            default -> UNKNOWN;
        };
    }

    /** The v column: see the class comment. */
    static long value(long count, int sourceId, int ply, int resultForMover) {
        return count << 24
                | (long) sourceId << 18
                | (long) Math.min(ply, 0xffff) << 2
                | result(resultForMover);
    }

    static long count(long v) {
        return v >>> 24;
    }

    static int sourceId(long v) {
        return (int) (v >>> 18) & 63;
    }

    static int ply(long v) {
        return (int) (v >>> 2) & 0xffff;
    }

    /**
     * The row of one exploded entry: k = index ordinal ‖ index key ‖ move16, sent to its key range.
     */
    static Row row(
            KeyRanges ranges, dev.joseki.book.BookLayout.Index index, byte[] key, int m16, long v) {
        byte[] k = new byte[1 + key.length + 2];
        k[0] = (byte) index.ordinal();
        System.arraycopy(key, 0, k, 1, key.length);
        k[k.length - 2] = (byte) (m16 >>> 8);
        k[k.length - 1] = (byte) m16;
        return row(ranges.partition(k, k.length - 2), k, v);
    }

    static Row row(int pid, byte[] k, long v) {
        if (k.length > KEY_BYTES) {
            throw new IllegalArgumentException(
                    "book key of " + k.length + " bytes (at most " + KEY_BYTES + ")");
        }
        Object[] f = new Object[3 + WORDS];
        f[0] = pid;
        f[1] = k.length;
        for (int w = 0; w < WORDS; w++) {
            long x = 0;
            for (int i = 8 * w; i < 8 * w + 8; i++) {
                x = x << 8 | (i < k.length ? k[i] & 0xff : 0);
            }
            f[2 + w] = x ^ Long.MIN_VALUE;
        }
        f[2 + WORDS] = v;
        return RowFactory.create(f);
    }

    /** Writes the entry key k of a row into buf (at least KEY_BYTES long); returns its length. */
    static int key(Row r, byte[] buf) {
        for (int w = 0; w < WORDS; w++) {
            long x = r.getLong(2 + w) ^ Long.MIN_VALUE;
            for (int i = 8 * w + 7; i >= 8 * w; i--) {
                buf[i] = (byte) x;
                x >>>= 8;
            }
        }
        return r.getInt(1);
    }

    static long value(Row r) {
        return r.getLong(2 + WORDS);
    }

    @Override
    public Iterator<Row> call(GameInput in) {
        List<Row> rows = new ArrayList<>(4 * Math.min(maxPly, in.usiMoves().length));
        try {
            ReplayedGame g = ReplayedGame.of(in);
            int weight = weights == null ? 1 : weights[in.sourceId()];
            // the exploder's ply is the position's move number; ply index i of the game is ply -
            // first
            int first = g.start().moveNumber();
            boolean skipRandom = !countRandomPlies && in.randomPlies().length > 0;
            GameExploder.explode(
                    g.start(),
                    g.moves(),
                    g.result(),
                    maxPly,
                    winnersOnly,
                    (index, key, m16, r, ply) -> {
                        if (!skipRandom || !in.isRandomPly(ply - first)) {
                            rows.add(
                                    row(
                                            ranges,
                                            index,
                                            key,
                                            m16,
                                            value(weight, in.sourceId(), ply, r)));
                        }
                    });
            if (accepted != null) {
                accepted[in.sourceId()].add(1);
            }
        } catch (ParseException | IllegalArgumentException e) {
            if (rejected != null) {
                rejected.add(1);
                if (errors.value().size() < 20) {
                    errors.add(e.getMessage());
                }
            }
            rows.clear();
        }
        return rows.iterator();
    }
}
