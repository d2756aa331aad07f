package dev.joseki.rules;

import static dev.joseki.rules.Piece.*;

/**
 * The legal moves that give check, for a side that is not in check: what mate-in-one detection and
 * the quiescence search's checks look at, without generating and testing every drop.
 *
 * <ol>
 *   <li>Board moves: the legal generator without drops, for the pieces that may check at all, kept
 *       when they land near the king or on one of its lines, or leave one, and {@link
 *       Checks#willGiveCheck} says they check (direct and discovered checks; pins and king safety
 *       come from the generator).
 *   <li>Drops: a piece of type t dropped on s checks the king on ek exactly when the enemy's own t
 *       on ek would reach s (steps are point-symmetric between the colours; a slider looks along
 *       the same line the other way up to the first piece). So each held type's checking squares
 *       are the opponent's step set of that type on ek plus its open rays, on empty squares. A
 *       dropped lance or knight that checks always has a move left (it stands behind the king from
 *       its owner's side), so no dead-drop rule applies; a pawn's only checking square is in front
 *       of the king, where nifu and the pawn-drop-mate rule are applied.
 * </ol>
 *
 * The order is the legal generator's, restricted to checks: board moves as generated, then drops by
 * square and, per square, by piece type. Mate-in-one returns the first mate in this order, so it
 * finds the same move as testing the full legal list would.
 */
public final class CheckMoves {
    /**
     * NEAR_KING[ek * 2 + half]: the squares within two files and four ranks of ek, from which alone
     * a stepper can check the king on ek in one move (a knight jumps two ranks to a square two
     * ranks from the king; the other steppers move one square to a square next to it).
     */
    private static final long[] NEAR_KING = new long[Square.NB * 2];

    static {
        for (int ek = 0; ek < Square.NB; ek++) {
            for (int sq = 0; sq < Square.NB; sq++) {
                final int df = Math.abs(Square.file(sq) - Square.file(ek)),
                        dr = Math.abs(Square.rank(sq) - Square.rank(ek));
                if (df <= 2 && dr <= 4) {
                    NEAR_KING[ek << 1] |= Bitboard.lo(sq);
                    NEAR_KING[ek << 1 | 1] |= Bitboard.hi(sq);
                }
            }
        }
    }

    /**
     * CHECK_TO[ek * 2 + half]: where a board move must land to check the king on ek directly:
     * within two files and two ranks (steps, knight jumps, promotions next to it) or on one of its
     * lines (slides).
     */
    private static final long[] CHECK_TO = new long[Square.NB * 2];

    static {
        for (int ek = 0; ek < Square.NB; ek++) {
            for (int sq = 0; sq < Square.NB; sq++) {
                final int df = Math.abs(Square.file(sq) - Square.file(ek)),
                        dr = Math.abs(Square.rank(sq) - Square.rank(ek));
                if (sq != ek && ((df <= 2 && dr <= 2) || Square.direction(ek, sq) >= 0)) {
                    CHECK_TO[ek << 1] |= Bitboard.lo(sq);
                    CHECK_TO[ek << 1 | 1] |= Bitboard.hi(sq);
                }
            }
        }
    }

    /**
     * MASK[t * 2 + half]: the checking drop squares of hand type t (1..7), for the call in
     * progress.
     */
    private final long[] mask = new long[16];

    /**
     * Appends the legal checking moves of the side to move (not in check) to out from index n and
     * returns the new end; out must be {@link MoveGenerator#MAX_MOVES} long. {@code pawnDrops}
     * false leaves out the pawn drop (mate-in-one: a pawn drop may not mate).
     */
    public int generate(Position pos, int[] out, int n, boolean pawnDrops) {
        return generate(pos, out, n, pawnDrops, false);
    }

    /**
     * The close checks only, as {@link #generate} orders them: the moves and drops (no pawn drop)
     * onto a square next to the enemy king or a knight's jump from it, of the pieces within two
     * files and four ranks of it. Checks that cannot be blocked, and most mates in one, are among
     * them; far sliders and discovered checks are not looked at, which makes this cheap enough for
     * every quiescence node.
     */
    public int generateClose(Position pos, int[] out, int n) {
        return generate(pos, out, n, false, true);
    }

    private int generate(Position pos, int[] out, int n, boolean pawnDrops, boolean close) {
        final int us = pos.side, them = us ^ 1;
        final int ek = pos.kingSquare[them];
        if (ek < 0) {
            return n;
        }
        // Step 1. Board moves that check, compacted in place, generated only for the pieces that
        // may give one: our sliders, our steppers near the king, and a piece of ours alone between
        // the king and one of our sliders (it may uncover a check).
        final long[] bb = pos.bb;
        final long occLo = pos.occ[0] | pos.occ[2], occHi = pos.occ[1] | pos.occ[3];
        final int sliders = PieceGroups.rookLike(us),
                diagonals = PieceGroups.bishopLike(us),
                lances = make(us, LANCE);
        long fromLo = NEAR_KING[ek << 1] & pos.occ[us << 1],
                fromHi = NEAR_KING[ek << 1 | 1] & pos.occ[us << 1 | 1];
        if (!close) {
            fromLo |= bb[sliders << 1] | bb[diagonals << 1] | bb[lances << 1];
            fromHi |= bb[sliders << 1 | 1] | bb[diagonals << 1 | 1] | bb[lances << 1 | 1];
        }
        boolean discoverers = false;
        for (int half = 0; half < 2 && !close; half++) {
            for (long sn = Attacks.snipers(bb, ek, us, half); sn != 0; sn &= sn - 1) {
                final int i = (ek * Square.NB + Long.numberOfTrailingZeros(sn) + 63 * half) << 1;
                final long lo = Attacks.BETWEEN[i] & occLo, hi = Attacks.BETWEEN[i + 1] & occHi;
                if (Long.bitCount(lo) + Long.bitCount(hi) == 1) {
                    final long ownLo = lo & pos.occ[us << 1], ownHi = hi & pos.occ[us << 1 | 1];
                    fromLo |= ownLo;
                    fromHi |= ownHi;
                    discoverers |= (ownLo | ownHi) != 0;
                }
            }
        }
        // A board move checks only by landing near the king or on one of its lines, or by leaving
        // one.
        final int ring = (us * Square.NB + ek) << 1;
        final long toLo = close ? Attacks.NEAR[ring] : CHECK_TO[ek << 1];
        final long toHi = close ? Attacks.NEAR[ring + 1] : CHECK_TO[ek << 1 | 1];
        // No piece that may check: no board move to generate (and no pins to find for it). A close
        // check lands on a close square, and without a piece that may uncover a check every check
        // lands on CHECK_TO, so only those moves are generated (the king's moves are filtered
        // below).
        final boolean landing = close || !discoverers;
        final int end =
                (fromLo | fromHi) == 0
                        ? n
                        : MoveGenerator.generate(
                                pos,
                                out,
                                n,
                                MoveGenerator.BOARD,
                                false,
                                fromLo,
                                fromHi,
                                landing ? toLo : -1L,
                                landing ? toHi : -1L);
        final long lineLo = close ? 0 : Attacks.ORTHO[ek << 1] | Attacks.DIAG[ek << 1];
        final long lineHi = close ? 0 : Attacks.ORTHO[ek << 1 | 1] | Attacks.DIAG[ek << 1 | 1];
        int kept = n;
        for (int i = n; i < end; i++) {
            final int m = out[i];
            if ((Bitboard.contains(toLo, toHi, Move.to(m))
                            || Bitboard.contains(lineLo, lineHi, Move.from(m)))
                    && Checks.willGiveCheck(pos, m)) {
                out[kept++] = m;
            }
        }
        return drops(pos, out, kept, us, them, ek, pawnDrops, close, toLo, toHi);
    }

    /** The checking drops; when close, only onto whereLo/whereHi (the close squares). */
    private int drops(
            Position pos,
            int[] out,
            int n,
            int us,
            int them,
            int ek,
            boolean pawnDrops,
            boolean close,
            long whereLo,
            long whereHi) {
        // Step 2. The checking squares of each held type.
        final long[] occ = pos.occ;
        final long occLo = occ[0] | occ[2], occHi = occ[1] | occ[3];
        final long emptyLo = ~occLo & Bitboard.LO_ALL, emptyHi = ~occHi & Bitboard.HI_ALL;
        final int h = us * 8;
        long anyLo = 0, anyHi = 0;
        for (int t = PAWN; t <= GOLD; t++) {
            long lo = 0, hi = 0;
            if (pos.hand[h + t] > 0 && (t != PAWN || pawnDrops)) {
                final int theirs = make(them, t);
                final int si = (theirs * Square.NB + ek) << 1;
                lo = PieceMoves.STEP_MASK[si];
                hi = PieceMoves.STEP_MASK[si + 1];
                for (int dirs = PieceMoves.SLIDE[theirs]; dirs != 0; dirs &= dirs - 1) {
                    final int d = Integer.numberOfTrailingZeros(dirs);
                    final int ri = (ek * Square.DIR_NB + d) << 1;
                    if (close) { // of the ray only its first square is close (and it must be empty)
                        lo |= Attacks.RAY[ri] & whereLo;
                        hi |= Attacks.RAY[ri + 1] & whereHi;
                        continue;
                    }
                    final int bi = (Attacks.blocker(ek, d, occLo, occHi) * Square.DIR_NB + d) << 1;
                    lo |= Attacks.RAY[ri] ^ Attacks.RAY[bi];
                    hi |= Attacks.RAY[ri + 1] ^ Attacks.RAY[bi + 1];
                }
                lo &= emptyLo & (close ? whereLo : -1L);
                hi &= emptyHi & (close ? whereHi : -1L);
                if (t == PAWN && (lo | hi) != 0) {
                    final int front = Bitboard.first(lo, hi);
                    if ((pos.pawnFiles[us] >>> (Square.file(front) - 1) & 1) != 0
                            || Drops.pawnDropMates(pos, front, us)) {
                        lo = 0;
                        hi = 0;
                    }
                }
            }
            mask[t << 1] = lo;
            mask[t << 1 | 1] = hi;
            anyLo |= lo;
            anyHi |= hi;
        }
        // Step 3. By square, then by type.
        for (int half = 0; half < 2; half++) {
            for (long bits = half == 0 ? anyLo : anyHi; bits != 0; bits &= bits - 1) {
                final int bit = Long.numberOfTrailingZeros(bits), to = bit + 63 * half;
                for (int t = PAWN; t <= GOLD; t++) {
                    if ((mask[t << 1 | half] >>> bit & 1) != 0) {
                        out[n++] = Move.drop(t, to, us);
                    }
                }
            }
        }
        return n;
    }

    /**
     * True when the side to move's king has a legal step: onto a square without a piece of its own
     * that the opponent does not attack once the king has left its square (a slider's line through
     * the king's old square counts). A checked king with such a step is not mated; the test is far
     * cheaper than generating every evasion.
     */
    public static boolean kingCanStep(Position pos) {
        return flights(pos, pos.side, null);
    }

    /**
     * The flights of colour c's king: the squares next to it without a piece of c's that c's
     * opponent does not attack with the king lifted off its square. Written to out[0] and out[1] as
     * a {@link Bitboard} set when out is given (all of them); without out, stops at the first.
     * Returns whether there is any.
     */
    public static boolean flights(Position pos, int c, long[] out) {
        return Attacks.kingFlights(pos, c, pos.occ[0] | pos.occ[2], pos.occ[1] | pos.occ[3], out);
    }

    /**
     * The squares that the coloured piece would attack if dropped on sq, its lines seen through the
     * square lifted (the enemy king's, which cannot hide behind itself), written to out[0] and
     * out[1].
     */
    public static void dropAttacks(Position pos, int piece, int sq, int lifted, long[] out) {
        final int si = (piece * Square.NB + sq) << 1;
        long lo = PieceMoves.STEP_MASK[si], hi = PieceMoves.STEP_MASK[si + 1];
        final long occLo = (pos.occ[0] | pos.occ[2] | Bitboard.lo(sq)) & ~Bitboard.lo(lifted);
        final long occHi = (pos.occ[1] | pos.occ[3] | Bitboard.hi(sq)) & ~Bitboard.hi(lifted);
        for (int dirs = PieceMoves.SLIDE[piece]; dirs != 0; dirs &= dirs - 1) {
            final int d = Integer.numberOfTrailingZeros(dirs);
            final int ri = (sq * Square.DIR_NB + d) << 1;
            final int bi = (Attacks.blocker(sq, d, occLo, occHi) * Square.DIR_NB + d) << 1;
            lo |= Attacks.RAY[ri] ^ Attacks.RAY[bi];
            hi |= Attacks.RAY[ri + 1] ^ Attacks.RAY[bi + 1];
        }
        out[0] = lo;
        out[1] = hi;
    }

    /**
     * True when the side to move, in check, has a legal answer other than a king move: with {@link
     * #kingCanStep}, exactly whether the legal generator would find any move, without generating
     * the board moves. A pinned piece never answers a check (its pin line meets the checking line
     * only at the king), and every shogi piece moves onto the squares it attacks (where it would be
     * dead it may promote), so:
     *
     * <ol>
     *   <li>two checkers leave only the king;
     *   <li>an unpinned piece other than the king that attacks the single checker takes it;
     *   <li>one that attacks a square between the checker and the king blocks there;
     *   <li>else a drop between them must be legal (the generator's drop rules, written to scratch,
     *       which must be {@link MoveGenerator#MAX_MOVES} long).
     * </ol>
     */
    public static boolean canAnswerWithoutKing(Position pos, int[] scratch) {
        final int us = pos.side, them = us ^ 1, k = pos.kingSquare[us];
        final long[] bb = pos.bb;
        final long occLo = pos.occ[0] | pos.occ[2], occHi = pos.occ[1] | pos.occ[3];
        // Step 1. The checkers.
        long chkLo = Attacks.stepAttackers(bb, k, them, 0),
                chkHi = Attacks.stepAttackers(bb, k, them, 1);
        for (int half = 0; half < 2; half++) {
            for (long s = Attacks.snipers(bb, k, them, half); s != 0; s &= s - 1) {
                final int sq = Long.numberOfTrailingZeros(s) + 63 * half;
                if (Attacks.clear(k, sq, occLo, occHi)) {
                    chkLo |= Bitboard.lo(sq);
                    chkHi |= Bitboard.hi(sq);
                }
            }
        }
        assert Bitboard.count(chkLo, chkHi) > 0 : "not in check";
        if (Bitboard.count(chkLo, chkHi) != 1) {
            return false;
        }
        // Step 2. Take the checker.
        final int checker = Bitboard.first(chkLo, chkHi);
        if (Attacks.takenWithoutKing(pos, checker, us, occLo, occHi)) {
            return true;
        }
        // Step 3. Block by a board move.
        final int i = (k * Square.NB + checker) << 1;
        final long betweenLo = Attacks.BETWEEN[i], betweenHi = Attacks.BETWEEN[i + 1];
        for (int half = 0; half < 2; half++) {
            for (long s = half == 0 ? betweenLo : betweenHi; s != 0; s &= s - 1) {
                if (Attacks.takenWithoutKing(
                        pos, Long.numberOfTrailingZeros(s) + 63 * half, us, occLo, occHi)) {
                    return true;
                }
            }
        }
        // Step 4. Block by a drop.
        return (betweenLo | betweenHi) != 0
                && Drops.generate(pos, scratch, 0, betweenLo, betweenHi) > 0;
    }

    /**
     * True when a piece of the side to move other than its king attacks sq and is not pinned to its
     * king: it can take a checker on sq (the king's own captures are {@link #kingCanStep}'s). For a
     * check by a single piece on sq that cannot be blocked (next to the king, or a knight's), the
     * checked side escapes exactly by this or by a king step.
     */
    public static boolean canTakeWithoutKing(Position pos, int sq) {
        return Attacks.takenWithoutKing(
                pos, sq, pos.side, pos.occ[0] | pos.occ[2], pos.occ[1] | pos.occ[3]);
    }
}
