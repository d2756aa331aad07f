package dev.joseki.rules;

import static dev.joseki.rules.Piece.*;

/**
 * Static exchange evaluation: does a move win at least a threshold of material when both sides then
 * capture on its destination square, each with its least valuable attacker, and either may stop?
 *
 * <p>The answer is computed the way the swap algorithm of chess engines does it, on {@link
 * Bitboard}s: the occupancy loses each capturer as it moves to the square, so sliders behind it
 * (x-rays) join in. Shogi differences: a drop captures nothing and puts the dropped piece at stake;
 * a promotion adds the promoted piece's surplus to the first gain; a captured piece's value is what
 * the exchange swings (board value plus what it is worth in the captor's hand), given by the
 * caller. Simplifications, as in most engines: pins are ignored, recaptures do not promote, and
 * drops never join the exchange.
 *
 * <p>Allocation-free; one instance per search thread (it keeps the exchange's attacker sets).
 */
public final class Exchange {
    /** value[type] for types 0..14; the king's must exceed any sum of the others. */
    private final int[] value;

    /** Board piece types from the least valuable to the most, the king last. */
    private final int[] order;

    /**
     * Both sides' attackers of the exchange's square still on the board, kept through the exchange.
     */
    private long attLo, attHi;

    /**
     * Both sides' sliders on a line to the exchange's square (the only pieces a capture can
     * uncover).
     */
    private long snipersLo, snipersHi;

    public Exchange(int[] valueByType) {
        if (valueByType.length != TYPE_NB) {
            throw new IllegalArgumentException(
                    "need a value for each of the " + TYPE_NB + " piece types");
        }
        value = valueByType.clone();
        order =
                java.util.stream.IntStream.rangeClosed(PAWN, DRAGON)
                        .boxed()
                        .sorted(
                                (a, b) ->
                                        a == KING
                                                ? 1
                                                : b == KING
                                                        ? -1
                                                        : Integer.compare(value[a], value[b]))
                        .mapToInt(Integer::intValue)
                        .toArray();
    }

    /**
     * True when the move (legal in pos, pos not changed) gains at least threshold: the exchange it
     * starts on its destination ends with the mover up by threshold or more, both sides choosing
     * when to stop.
     */
    public boolean atLeast(Position pos, int move, int threshold) {
        final int to = Move.to(move);
        final int mover = Piece.type(Move.piece(move));
        final boolean promote = Move.isPromotion(move);
        final int captured = Move.captured(move);
        // 1. What the move itself wins; if that is below the threshold even unanswered, it fails.
        int swap =
                (captured == 0 ? 0 : value[Piece.type(captured)])
                        + (promote ? value[mover + PROMOTED] - value[mover] : 0)
                        - threshold;
        if (swap < 0) {
            return false;
        }
        // 2. What is at stake on the square now; if losing it still keeps the threshold, it holds.
        swap = value[promote ? mover + PROMOTED : mover] - swap;
        if (swap <= 0) {
            return true;
        }
        // 3. Take turns capturing with the least valuable attacker; res says whether the side that
        //    moved first keeps the threshold if the exchange stops here (1) or not (0). Both sides'
        //    attackers are found once (attLo/attHi, pieces still on the board): a capture can only
        //    uncover the slider behind the capturer on its line to the square (an x-ray), so that
        //    one square is looked at then.
        long occLo = pos.occ[0] | pos.occ[2], occHi = pos.occ[1] | pos.occ[3];
        if (!Move.isDrop(move)) {
            final int from = Move.from(move);
            occLo &= ~Bitboard.lo(from);
            occHi &= ~Bitboard.hi(from);
        }
        occLo &= ~Bitboard.lo(to);
        occHi &= ~Bitboard.hi(to);
        attackers(pos, to, occLo, occHi);
        int stm = Piece.color(Move.piece(move));
        int res = 1;
        while (true) {
            stm ^= 1;
            if (!anyAttacker(pos, stm)) {
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
                // The king may capture only if the other side has nothing left to take it back
                // with.
                return anyAttacker(pos, stm ^ 1) ? (res ^ 1) == 1 : res == 1;
            }
            swap = value[type] - swap;
            if (swap < res) {
                break;
            }
            // Lift the capturer off its square; a slider behind it on its line to the square joins
            // in.
            final int sq =
                    lo != 0 ? Long.numberOfTrailingZeros(lo) : 63 + Long.numberOfTrailingZeros(hi);
            occLo &= ~Bitboard.lo(sq);
            occHi &= ~Bitboard.hi(sq);
            attLo &= occLo;
            attHi &= occHi;
            final int d = Square.direction(to, sq);
            if (d >= 0) {
                final int behind = Attacks.blocker(sq, d, occLo, occHi);
                if (behind < Square.NB && Bitboard.contains(snipersLo, snipersHi, behind)) {
                    attLo |= Bitboard.lo(behind);
                    attHi |= Bitboard.hi(behind);
                }
            }
        }
        return res == 1;
    }

    /** Whether side still has a piece among the kept attackers. */
    private boolean anyAttacker(Position pos, int side) {
        return ((attLo & pos.occ[side << 1]) | (attHi & pos.occ[side << 1 | 1])) != 0;
    }

    /**
     * Sets attLo/attHi to the squares of both sides' pieces still on the board (occ) that attack
     * sq, and snipersLo/snipersHi to both sides' sliders on a line that may reach sq (blocked or
     * not).
     */
    private void attackers(Position pos, int sq, long occLo, long occHi) {
        long lo =
                Attacks.stepAttackers(pos.bb, sq, BLACK, 0)
                        | Attacks.stepAttackers(pos.bb, sq, WHITE, 0);
        long hi =
                Attacks.stepAttackers(pos.bb, sq, BLACK, 1)
                        | Attacks.stepAttackers(pos.bb, sq, WHITE, 1);
        snipersLo = Attacks.snipers(pos.bb, sq, BLACK, 0) | Attacks.snipers(pos.bb, sq, WHITE, 0);
        snipersHi = Attacks.snipers(pos.bb, sq, BLACK, 1) | Attacks.snipers(pos.bb, sq, WHITE, 1);
        for (long s = snipersLo; s != 0; s &= s - 1) {
            if (Attacks.clear(sq, Long.numberOfTrailingZeros(s), occLo, occHi)) {
                lo |= Long.lowestOneBit(s);
            }
        }
        for (long s = snipersHi; s != 0; s &= s - 1) {
            if (Attacks.clear(sq, 63 + Long.numberOfTrailingZeros(s), occLo, occHi)) {
                hi |= Long.lowestOneBit(s);
            }
        }
        attLo = lo & occLo;
        attHi = hi & occHi;
    }
}
