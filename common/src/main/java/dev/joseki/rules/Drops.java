package dev.joseki.rules;

import static dev.joseki.rules.Piece.*;

/**
 * Drop generation for {@link MoveGenerator} and {@link CheckMoves}, with shogi's drop rules: no
 * second unpromoted pawn on a file (nifu), no piece where it could never move again (a pawn or
 * lance on the last rank, a knight on the last two), and no pawn drop that mates (uchifuzume). The
 * sets of squares each rule leaves are tables built once.
 */
final class Drops {
    private Drops() {}

    /**
     * Drops onto the empty squares inside the mask, in ascending square order and, per square, in
     * ascending piece type (the order the search's move ordering breaks ties by).
     */
    static int generate(Position pos, int[] out, int n, long maskLo, long maskHi) {
        final int us = pos.side, them = us ^ 1;
        final int h = us * 8;
        int types = 0; // the non-pawn hand types held
        for (int ht = LANCE; ht <= GOLD; ht++) {
            types |= (pos.hand[h + ht] > 0 ? 1 : 0) << ht;
        }
        final boolean pawns = pos.hand[h + PAWN] > 0;
        if (!pawns && types == 0) {
            return n;
        }
        final long[] occ = pos.occ;
        final long emptyLo = ~(occ[0] | occ[2]) & maskLo & Bitboard.LO_ALL;
        final long emptyHi = ~(occ[1] | occ[3]) & maskHi & Bitboard.HI_ALL;
        // Where a pawn may go: empty, not the last rank, not a file that holds one of our pawns
        // (nifu), and not the square in front of the enemy king if that drop mates.
        long pawnLo = 0, pawnHi = 0;
        if (pawns) {
            final int files = pos.pawnFiles[us];
            pawnLo = emptyLo & ~FILES_LO[files] & ~LAST_RANK[us << 1];
            pawnHi = emptyHi & ~FILES_HI[files] & ~LAST_RANK[us << 1 | 1];
            final int enemyKing = pos.kingSquare[them];
            final int front =
                    enemyKing < 0 ? -1 : Square.next(enemyKing, us == BLACK ? Square.S : Square.N);
            if (front >= 0
                    && Bitboard.contains(pawnLo, pawnHi, front)
                    && pawnDropMates(pos, front, us)) {
                pawnLo &= ~Bitboard.lo(front);
                pawnHi &= ~Bitboard.hi(front);
            }
        }
        // Per empty square, ascending: its droppable types (no lance or knight where it could never
        // move again), ascending.
        final int zoneBase = us * Square.NB;
        for (int half = 0; half < 2; half++) {
            final long pawnBits = half == 0 ? pawnLo : pawnHi;
            for (long bits = half == 0 ? emptyLo : emptyHi; bits != 0; bits &= bits - 1) {
                final int bit = Long.numberOfTrailingZeros(bits), to = bit + 63 * half;
                int ts =
                        types & DROPPABLE[RANK_CLASS[zoneBase + to]]
                                | (int) (pawnBits >>> bit & 1) << PAWN;
                for (; ts != 0; ts &= ts - 1) {
                    out[n++] = Move.drop(Integer.numberOfTrailingZeros(ts), to, us);
                }
            }
        }
        return n;
    }

    /**
     * DROPPABLE[rank class]: the non-pawn hand types allowed on the last rank, the one before,
     * elsewhere.
     */
    private static final int[] DROPPABLE = {
        1 << SILVER | 1 << BISHOP | 1 << ROOK | 1 << GOLD,
        1 << LANCE | 1 << SILVER | 1 << BISHOP | 1 << ROOK | 1 << GOLD,
        1 << LANCE | 1 << KNIGHT | 1 << SILVER | 1 << BISHOP | 1 << ROOK | 1 << GOLD
    };

    /**
     * FILES_LO / FILES_HI[bits]: the squares of the files f with bit f-1 set (a pawnFiles value).
     */
    private static final long[] FILES_LO = new long[512], FILES_HI = new long[512];

    /** LAST_RANK[c * 2 + half]: c's last rank (the opponent's back rank). */
    private static final long[] LAST_RANK = new long[4];

    /**
     * RANK_CLASS[c * 81 + sq]: 0 on c's last rank, 1 on the one before, 2 elsewhere (for
     * DROPPABLE).
     */
    private static final byte[] RANK_CLASS = new byte[2 * Square.NB];

    static {
        for (int sq = 0; sq < Square.NB; sq++) {
            for (int files = 0; files < 512; files++) {
                if ((files >>> (Square.file(sq) - 1) & 1) != 0) {
                    FILES_LO[files] |= Bitboard.lo(sq);
                    FILES_HI[files] |= Bitboard.hi(sq);
                }
            }
            for (int c = 0; c < 2; c++) {
                final int r = Square.relativeRank(c, sq);
                RANK_CLASS[c * Square.NB + sq] = (byte) (r == 1 ? 0 : r == 2 ? 1 : 2);
                if (r == 1) {
                    LAST_RANK[c << 1] |= Bitboard.lo(sq);
                    LAST_RANK[c << 1 | 1] |= Bitboard.hi(sq);
                }
            }
        }
    }

    /**
     * Would dropping our pawn on sq, checking the enemy king, be mate? Only two replies can exist:
     * a capture of the pawn by an unpinned non-king piece, or a king move to an unattacked square
     * (which includes taking the pawn when it is undefended). Interposition is impossible: the pawn
     * is adjacent. The pawn is added to the occupancy only (it blocks lines; the only square it
     * attacks is the king's own, which no king move ends on).
     */
    static boolean pawnDropMates(Position pos, int sq, int us) {
        final long[] occ = pos.occ;
        final int them = us ^ 1;
        final long occLo = occ[0] | occ[2] | Bitboard.lo(sq),
                occHi = occ[1] | occ[3] | Bitboard.hi(sq);
        return !Attacks.takenWithoutKing(pos, sq, them, occLo, occHi)
                && !Attacks.kingFlights(pos, them, occLo, occHi, null);
    }
}
