package dev.joseki.rules;

import static dev.joseki.rules.Piece.*;

/**
 * Static exchange evaluation: does a move win at least a threshold of material when both sides then
 * capture on its destination square, each with its least valuable attacker, and either may stop?
 *
 * <p>The answer is computed the way the swap algorithm of chess engines does it, on {@link Bitboard}s:
 * the occupancy loses each capturer as it moves to the square, so sliders behind it (x-rays) join in.
 * Shogi differences: a drop captures nothing and puts the dropped piece at stake; a promotion adds the
 * promoted piece's surplus to the first gain; a captured piece's value is what the exchange swings
 * (board value plus what it is worth in the captor's hand), given by the caller. Simplifications, as in
 * most engines: pins are ignored, recaptures do not promote, and drops never join the exchange.
 *
 * <p>Allocation-free; one instance per search thread (it keeps the attacker set it last computed).
 */
public final class Exchange {
    /** value[type] for types 0..14; the king's must exceed any sum of the others. */
    private final int[] value;
    /** Board piece types from the least valuable to the most, the king last. */
    private final int[] order;
    /** The attacker set last computed by {@link #attackers}. */
    private long attLo, attHi;

    public Exchange(int[] valueByType) {
        if (valueByType.length != TYPE_NB) {
            throw new IllegalArgumentException("need a value for each of the " + TYPE_NB + " piece types");
        }
        value = valueByType.clone();
        order = java.util.stream.IntStream.rangeClosed(PAWN, DRAGON).boxed()
                .sorted((a, b) -> a == KING ? 1 : b == KING ? -1 : Integer.compare(value[a], value[b]))
                .mapToInt(Integer::intValue).toArray();
    }

    /**
     * True when the move (legal in pos, pos not changed) gains at least threshold: the exchange it starts
     * on its destination ends with the mover up by threshold or more, both sides choosing when to stop.
     */
    public boolean atLeast(Position pos, int move, int threshold) {
        final int to = Move.to(move);
        final int mover = Piece.type(Move.piece(move));
        final boolean promote = Move.isPromotion(move);
        final int captured = Move.captured(move);
        // 1. What the move itself wins; if that is below the threshold even unanswered, it fails.
        int swap = (captured == 0 ? 0 : value[Piece.type(captured)])
                + (promote ? value[mover + PROMOTED] - value[mover] : 0) - threshold;
        if (swap < 0) {
            return false;
        }
        // 2. What is at stake on the square now; if losing it still keeps the threshold, it holds.
        swap = value[promote ? mover + PROMOTED : mover] - swap;
        if (swap <= 0) {
            return true;
        }
        // 3. Take turns capturing with the least valuable attacker; res says whether the side that moved
        //    first keeps the threshold if the exchange stops here (1) or not (0).
        long occLo = pos.occ[0] | pos.occ[2], occHi = pos.occ[1] | pos.occ[3];
        if (!Move.isDrop(move)) {
            final int from = Move.from(move);
            occLo &= ~Bitboard.lo(from);
            occHi &= ~Bitboard.hi(from);
        }
        occLo &= ~Bitboard.lo(to);
        occHi &= ~Bitboard.hi(to);
        int stm = Piece.color(Move.piece(move));
        int res = 1;
        while (true) {
            stm ^= 1;
            attackers(pos, to, stm, occLo, occHi);
            if ((attLo | attHi) == 0) {
                break;
            }
            res ^= 1;
            int type = KING;
            long lo = 0, hi = 0;
            for (int t : order) {
                final int p = make(stm, t) * 2;
                lo = attLo & pos.bb[p];
                hi = attHi & pos.bb[p + 1];
                if ((lo | hi) != 0) {
                    type = t;
                    break;
                }
            }
            if (type == KING) {
                // The king may capture only if the other side has nothing left to take it back with.
                attackers(pos, to, stm ^ 1, occLo, occHi);
                return (attLo | attHi) != 0 ? (res ^ 1) == 1 : res == 1;
            }
            swap = value[type] - swap;
            if (swap < res) {
                break;
            }
            // Lift the capturer off its square: a slider behind it now sees the destination.
            if (lo != 0) {
                occLo &= ~Long.lowestOneBit(lo);
            } else {
                occHi &= ~Long.lowestOneBit(hi);
            }
        }
        return res == 1;
    }

    /** Sets attLo/attHi to the squares of by's pieces still on the board (occ) that attack sq. */
    private void attackers(Position pos, int sq, int by, long occLo, long occHi) {
        long lo = Attacks.stepAttackers(pos.bb, sq, by, 0);
        long hi = Attacks.stepAttackers(pos.bb, sq, by, 1);
        for (long s = Attacks.snipers(pos.bb, sq, by, 0); s != 0; s &= s - 1) {
            if (Attacks.clear(sq, Long.numberOfTrailingZeros(s), occLo, occHi)) {
                lo |= Long.lowestOneBit(s);
            }
        }
        for (long s = Attacks.snipers(pos.bb, sq, by, 1); s != 0; s &= s - 1) {
            if (Attacks.clear(sq, 63 + Long.numberOfTrailingZeros(s), occLo, occHi)) {
                hi |= Long.lowestOneBit(s);
            }
        }
        attLo = lo & occLo;
        attHi = hi & occHi;
    }
}
