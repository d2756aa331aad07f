package dev.joseki.rules;

import static dev.joseki.rules.Piece.*;
import static dev.joseki.rules.PromotionZones.*;

/**
 * Legal move generation: every move that leaves the mover's king safe, including optional
 * non-promotions, with the drop rules (nifu, no dead drops, no pawn-drop mate).
 *
 * <p>Algorithm, per call, on the position's {@link Bitboard} sets ({@link Attacks}):
 *
 * <ol>
 *   <li>Checkers: the opponent's steppers that reach our king, and its sliders on a line to the
 *       king with nothing between; a slider with exactly one piece of ours between pins that piece.
 *   <li>King moves: keep the targets the opponent does not attack with the king taken out of the
 *       occupancy, so that a slider's line through the king's old square counts.
 *   <li>In double check stop there. In single check every other move must capture the checker or
 *       land between it and the king (the evasion mask).
 *   <li>Board moves of the other pieces, in ascending square order: the targets are the piece's
 *       step set and slider rays (cut at the first blocker) minus our own pieces, inside the
 *       evasion mask and, for a pinned piece, on its pin line. Unpinned pawns are found as one set
 *       (the allowed targets shifted back a square) and merged into that square order.
 *   <li>Drops onto empty squares (or the evasion mask), applying the drop rules; a pawn drop that
 *       checks the king is tested for mate.
 * </ol>
 *
 * Positions without a king on one side (tsume problems, perft oracles) are handled: no checks, no
 * pins.
 *
 * <p>The order of the generated moves is part of the contract (the search breaks ties by it, and
 * the bench signature depends on it): king moves first, then each other piece from the lowest
 * square up, its steps in {@link PieceMoves#STEP_TARGETS} order, then its slides direction by
 * direction (Square's direction order), nearest target first; drops last, by square, then by piece
 * type.
 */
public final class MoveGenerator {
    /**
     * Room for any move list: more than the 593 legal moves of the richest known position, plus the
     * one slot past the list's end that the branch-free emission may write (never read).
     */
    public static final int MAX_MOVES = 640;

    private MoveGenerator() {}

    /** Every legal move. */
    public static final int ALL = 0;

    /**
     * Captures and promotions only, no drops (quiescence, first search stage); in check it
     * generates every evasion instead, because a node in check must see all replies to tell mate.
     */
    public static final int TACTICAL = 1;

    /** The complement of TACTICAL: quiet non-promotions and drops; never used in check. */
    public static final int QUIET = 2;

    /** Every legal move but the drops (in check: the evasions but interposing drops). */
    public static final int BOARD = 3;

    /**
     * Appends all legal moves to out from index n; returns the new end index (see {@link
     * #generate}).
     */
    public static int generateLegal(Position pos, int[] out, int n) {
        return generate(pos, out, n, ALL, false);
    }

    /**
     * Appends the legal moves of a mode ({@link #ALL}, {@link #TACTICAL}, {@link #QUIET}, {@link
     * #BOARD}) to out from index n; returns the new end index. out must be {@link #MAX_MOVES} long
     * (the slot just past the returned end may be overwritten with garbage). {@code plausibleOnly}
     * is the paper's "limited plausible move generation": a pawn, bishop or rook that may promote
     * never plays the non-promotion.
     */
    public static int generate(Position pos, int[] out, int n, int mode, boolean plausibleOnly) {
        return generate(pos, out, n, mode, plausibleOnly, -1L, -1L, -1L, -1L);
    }

    /**
     * As {@link #generate(Position, int[], int, int, boolean)}, but only the board moves of the
     * pieces standing on the squares of fromLo/fromHi, and of those but the king's only the moves
     * landing on the squares of toLo/toHi (drops are not affected): the same moves in the same
     * order, less the others. (The king's few moves are left to the caller to filter: a test in
     * their loop cost perft 3 %.)
     */
    public static int generate(
            Position pos,
            int[] out,
            int n,
            int mode,
            boolean plausibleOnly,
            long fromLo,
            long fromHi,
            long toLo,
            long toHi) {
        final byte[] b = pos.board;
        final long[] occ = pos.occ, bb = pos.bb;
        final int us = pos.side, them = us ^ 1;
        final int k = pos.kingSquare[us];
        final long occLo = occ[0] | occ[2], occHi = occ[1] | occ[3];

        // Step 1. Checkers and pins.
        long pinLo = 0, pinHi = 0, maskLo = -1L, maskHi = -1L;
        int checkers = 0, checkerSq = -1;
        if (k >= 0) {
            // Steppers can check only from the king's neighbours or a knight's jump away.
            final int near = (them * Square.NB + k) << 1;
            final boolean close =
                    ((Attacks.NEAR[near] & occ[them << 1])
                                    | (Attacks.NEAR[near + 1] & occ[them << 1 | 1]))
                            != 0;
            long chkLo = close ? Attacks.stepAttackers(bb, k, them, 0) : 0;
            long chkHi = close ? Attacks.stepAttackers(bb, k, them, 1) : 0;
            for (int half = 0; half < 2; half++) {
                for (long s = Attacks.snipers(bb, k, them, half); s != 0; s &= s - 1) {
                    final int sq = Long.numberOfTrailingZeros(s) + 63 * half;
                    final int i = (k * Square.NB + sq) << 1;
                    final long betweenLo = Attacks.BETWEEN[i] & occLo,
                            betweenHi = Attacks.BETWEEN[i + 1] & occHi;
                    if ((betweenLo | betweenHi) == 0) {
                        chkLo |= Bitboard.lo(sq);
                        chkHi |= Bitboard.hi(sq);
                    } else if (Long.bitCount(betweenLo) + Long.bitCount(betweenHi) == 1
                            && ((betweenLo & occ[us << 1]) | (betweenHi & occ[us << 1 | 1])) != 0) {
                        pinLo |= betweenLo;
                        pinHi |= betweenHi;
                    }
                }
            }
            checkers = Bitboard.count(chkLo, chkHi);
            checkerSq = Bitboard.first(chkLo, chkHi);
        }

        final boolean tactical = mode == TACTICAL && checkers == 0;
        final boolean quiet = mode == QUIET;

        // Step 2. King moves: a target is safe when the opponent does not attack it with our king
        // taken out of the occupancy.
        if (k >= 0 && Bitboard.contains(fromLo, fromHi, k)) {
            final int king = b[k];
            final long liftedLo = occLo & ~Bitboard.lo(k), liftedHi = occHi & ~Bitboard.hi(k);
            final int si = king * Square.NB + k;
            // A tactical king move captures a piece next to the king, so the ring is never quiet
            // then: the test would only cost time on every quiescence node.
            final boolean ringQuiet = !tactical && Attacks.ringQuiet(pos, k, them);
            long steps = PieceMoves.STEP_PACKED[si];
            for (int left = PieceMoves.stepCount(steps);
                    left > 0;
                    left--, steps >>>= PieceMoves.STEP_BITS) {
                final int t = PieceMoves.firstStep(steps);
                final int q = b[t];
                if ((q == 0 && tactical) || (q != 0 && quiet)) {
                    continue;
                }
                if ((q == 0 || (q >> 4) != us)
                        && (ringQuiet || !Attacks.attacked(pos, t, them, liftedLo, liftedHi))) {
                    out[n++] = Move.make(k, t, king, q, false);
                }
            }
        }

        // Step 3. Evasion mask: the checker and the squares between it and the king.
        if (checkers >= 2) {
            return n;
        }
        if (checkers == 1) {
            final int i = (k * Square.NB + checkerSq) << 1;
            maskLo = Attacks.BETWEEN[i] | Bitboard.lo(checkerSq);
            maskHi = Attacks.BETWEEN[i + 1] | Bitboard.hi(checkerSq);
        }

        // Step 4. Board moves of the other pieces, onto the evasion mask and the asked targets. (A
        // drop's mask stays the evasion mask alone: the targets are for board moves.)
        final int flags =
                (tactical ? TACTICAL_FLAG : 0)
                        | (quiet ? QUIET_FLAG : 0)
                        | (plausibleOnly ? PLAUSIBLE_FLAG : 0);
        n =
                boardMoves(
                        pos,
                        out,
                        n,
                        k,
                        pinLo,
                        pinHi,
                        maskLo & toLo,
                        maskHi & toHi,
                        flags,
                        fromLo,
                        fromHi);
        // Step 5. Drops (never tactical).
        return tactical || mode == BOARD ? n : Drops.generate(pos, out, n, maskLo, maskHi);
    }

    private static int boardMoves(
            Position pos,
            int[] out,
            int n,
            int k,
            long pinLo,
            long pinHi,
            long maskLo,
            long maskHi,
            int flags,
            long fromLo,
            long fromHi) {
        final byte[] b = pos.board;
        final long[] occ = pos.occ;
        final int us = pos.side;
        final int zoneBase = us * Square.NB;
        final boolean tacticalOnly = (flags & TACTICAL_FLAG) != 0;
        final long occLo = occ[0] | occ[2], occHi = occ[1] | occ[3];
        final long enemyLo = occ[(us ^ 1) << 1], enemyHi = occ[(us ^ 1) << 1 | 1];
        final long zoneLo = ZONE_MASK[us << 1], zoneHi = ZONE_MASK[us << 1 | 1];
        // Where any of our pieces may go: not onto our own pieces, and inside the evasion mask.
        final long allowLo = ~occ[us << 1] & maskLo & Bitboard.LO_ALL;
        final long allowHi = ~occ[us << 1 | 1] & maskHi & Bitboard.HI_ALL;
        // The squares a non-promoting move may go to in this mode (TACTICAL: captures; QUIET: no
        // capture), our own pieces aside.
        final long modeLo = tacticalOnly ? enemyLo : (flags & QUIET_FLAG) != 0 ? ~enemyLo : -1L;
        final long modeHi = tacticalOnly ? enemyHi : (flags & QUIET_FLAG) != 0 ? ~enemyHi : -1L;
        // In TACTICAL a piece is skipped at once when even on an empty board it reaches no enemy
        // piece and no square of the zone (where it might promote; a piece in the zone always
        // reaches a zone square).
        final long wantLo = enemyLo | zoneLo, wantHi = enemyHi | zoneHi;
        final byte[] keep =
                KEEP[us][
                        (flags & TACTICAL_FLAG) != 0
                                ? TACTICAL
                                : (flags & QUIET_FLAG) != 0 ? QUIET : ALL];
        final boolean noCheck = (maskLo & maskHi) == -1L;
        final boolean allMode = (flags & (TACTICAL_FLAG | QUIET_FLAG)) == 0;
        final int pawn = make(us, PAWN);
        for (int half = 0; half < 2; half++) {
            final long pins = half == 0 ? pinLo : pinHi;
            // Unpinned pawns go as a group: a pawn's one move is a step ahead (from - 1 for Black,
            // + 1 for White, never leaving its file's word, since no pawn stands on its last rank),
            // so the pawns that may move are the pawns on the allowed targets shifted back. They
            // are merged into the square order below: before each other piece, the pawns on lower
            // squares.
            final long groupPawns = pos.bb[pawn << 1 | half] & ~pins;
            final long allow = half == 0 ? allowLo : allowHi;
            final long movers = half == 0 ? fromLo : fromHi;
            long pawnsLeft = groupPawns & (us == BLACK ? allow << 1 : allow >>> 1) & movers;
            // Our pieces but the king (its moves came first) and the group's pawns.
            final long others =
                    occ[us << 1 | half]
                            & ~pos.bb[make(us, KING) << 1 | half]
                            & ~groupPawns
                            & movers;
            for (long own = others; own != 0; own &= own - 1) {
                final int bit = Long.numberOfTrailingZeros(own),
                        from = bit + 63 * half,
                        p = b[from];
                final long pawnsBelow = pawnsLeft & ((1L << bit) - 1);
                if (pawnsBelow != 0) {
                    n = pawnSteps(out, n, b, pawnsBelow, half, pawn, keep, zoneBase, flags);
                    pawnsLeft ^= pawnsBelow;
                }
                final int t = p & 15;
                final int reach = (p * Square.NB + from) << 1;
                if (tacticalOnly
                        && ((Attacks.REACH[reach] & wantLo) | (Attacks.REACH[reach + 1] & wantHi))
                                == 0) {
                    continue;
                }
                long toLo = allowLo, toHi = allowHi;
                final boolean pinned = (pins >>> bit & 1) != 0;
                if (pinned) { // a pinned piece stays on the ray from our king through it
                    final int ri = (k * Square.DIR_NB + Square.direction(k, from)) << 1;
                    toLo &= Attacks.RAY[ri];
                    toHi &= Attacks.RAY[ri + 1];
                }
                final int si = p * Square.NB + from;
                // Step moves. Fast path when no step can promote and the piece is neither pinned
                // nor held by a check: every step onto a square without our piece is a move,
                // subject only to the mode's capture filter. Branch-free: the move is always
                // written at out[n] and n advances when it is kept (see MAX_MOVES).
                if (noCheck && !pinned && STEP_PROMOTES[si] == 0) {
                    final long stepLo = PieceMoves.STEP_MASK[si << 1],
                            stepHi = PieceMoves.STEP_MASK[si << 1 | 1];
                    if (((stepLo & allowLo & modeLo) | (stepHi & allowHi & modeHi)) != 0) {
                        final int base = from << 7 | p << 16;
                        long steps = PieceMoves.STEP_PACKED[si];
                        for (int left = PieceMoves.stepCount(steps);
                                left > 0;
                                left--, steps >>>= PieceMoves.STEP_BITS) {
                            final int to = PieceMoves.firstStep(steps), q = b[to];
                            out[n] = base | to | q << 21;
                            n += keep[q];
                        }
                    }
                } else {
                    n = slowSteps(out, n, pos, from, p, si, toLo, toHi, flags);
                }
                final int slides = PieceMoves.SLIDE[p];
                if (slides == 0) {
                    continue;
                }
                final boolean promotable = canPromote(t);
                final boolean fromZone = ZONE[zoneBase + from];
                // Slides, direction by direction, nearest target first: the lowest square when the
                // direction ascends, else the highest. The targets are the ray up to and including
                // its first blocker (the ray minus the blocker's own ray), inside toLo/toHi. A
                // direction is skipped at once when its whole ray holds no square the piece may
                // move to (in TACTICAL: no enemy piece and, for a piece that may promote, no zone
                // square).
                final boolean anyTarget = !tacticalOnly || (promotable && fromZone);
                final long dirLo = anyTarget ? toLo : toLo & (enemyLo | (promotable ? zoneLo : 0));
                final long dirHi = anyTarget ? toHi : toHi & (enemyHi | (promotable ? zoneHi : 0));
                for (int dirs = slides; dirs != 0; dirs &= dirs - 1) {
                    final int d = Integer.numberOfTrailingZeros(dirs);
                    // Most rays of the opening end at once on our own piece (or the edge): no
                    // target.
                    final int next = Square.NEXT[from * Square.DIR_NB + d];
                    if (next < 0 || (b[next] != 0 && (b[next] >> 4) == us)) {
                        continue;
                    }
                    final int ri = (from * Square.DIR_NB + d) << 1;
                    if (((Attacks.RAY[ri] & dirLo) | (Attacks.RAY[ri + 1] & dirHi)) == 0) {
                        continue;
                    }
                    final int bi =
                            (Attacks.blocker(from, d, occLo, occHi) * Square.DIR_NB + d) << 1;
                    long lo = (Attacks.RAY[ri] ^ Attacks.RAY[bi]) & toLo;
                    long hi = (Attacks.RAY[ri + 1] ^ Attacks.RAY[bi + 1]) & toHi;
                    final boolean up = (Attacks.ASCENDING >>> d & 1) != 0;
                    long promoLo = 0, promoHi = 0;
                    if (promotable) {
                        if (fromZone) {
                            promoLo = lo;
                            promoHi = hi;
                        } else {
                            // From outside the zone a ray that enters it stays in it (ranks change
                            // monotonically), so the zone targets come after all the others.
                            promoLo = lo & zoneLo;
                            promoHi = hi & zoneHi;
                        }
                        lo &= ~promoLo;
                        hi &= ~promoHi;
                    }
                    lo &= modeLo;
                    hi &= modeHi;
                    final int base = from << 7 | p << 16;
                    while ((lo | hi) != 0) {
                        final int to = up ? Bitboard.first(lo, hi) : Bitboard.last(lo, hi);
                        lo &= ~Bitboard.lo(to);
                        hi &= ~Bitboard.hi(to);
                        final int q = b[to];
                        out[n] = base | to | q << 21;
                        n += keep[q];
                    }
                    while ((promoLo | promoHi) != 0) {
                        final int to =
                                up
                                        ? Bitboard.first(promoLo, promoHi)
                                        : Bitboard.last(promoLo, promoHi);
                        promoLo &= ~Bitboard.lo(to);
                        promoHi &= ~Bitboard.hi(to);
                        n = add(out, n, from, to, p, b[to], t, true, zoneBase, flags);
                    }
                }
            }
            if (pawnsLeft != 0) {
                n = pawnSteps(out, n, b, pawnsLeft, half, pawn, keep, zoneBase, flags);
            }
        }
        return n;
    }

    /**
     * The steps of the pawns in one word of the set {@code sources} (each one's target is allowed),
     * in ascending square order: inside the promotion zone through {@link #add}, elsewhere kept by
     * the mode.
     */
    private static int pawnSteps(
            int[] out,
            int n,
            byte[] b,
            long sources,
            int half,
            int pawn,
            byte[] keep,
            int zoneBase,
            int flags) {
        final int ahead = color(pawn) == BLACK ? -1 : 1;
        for (long s = sources; s != 0; s &= s - 1) {
            final int from = Long.numberOfTrailingZeros(s) + 63 * half,
                    to = from + ahead,
                    q = b[to];
            if (ZONE[zoneBase + to]) {
                n = add(out, n, from, to, pawn, q, PAWN, true, zoneBase, flags);
            } else {
                out[n] = from << 7 | pawn << 16 | to | q << 21;
                n += keep[q];
            }
        }
        return n;
    }

    /**
     * The step moves of the piece p on from (table index si) onto the squares in toLo/toHi, one by
     * one in {@link PieceMoves#STEP_TARGETS} order: for a piece that is pinned, held by a check, or
     * may promote.
     */
    private static int slowSteps(
            int[] out,
            int n,
            Position pos,
            int from,
            int p,
            int si,
            long toLo,
            long toHi,
            int flags) {
        final long stepLo = PieceMoves.STEP_MASK[si << 1],
                stepHi = PieceMoves.STEP_MASK[si << 1 | 1];
        if (((stepLo & toLo) | (stepHi & toHi)) == 0) {
            return n;
        }
        final int us = pos.side, t = p & 15, zoneBase = us * Square.NB;
        final boolean promotable = canPromote(t), fromZone = ZONE[zoneBase + from];
        if ((flags & TACTICAL_FLAG) != 0) { // in TACTICAL, only steps that may capture or promote
            final long[] occ = pos.occ;
            final long wantLo = occ[(us ^ 1) << 1] | (promotable ? ZONE_MASK[us << 1] : 0);
            final long wantHi = occ[(us ^ 1) << 1 | 1] | (promotable ? ZONE_MASK[us << 1 | 1] : 0);
            if (((stepLo & wantLo) | (stepHi & wantHi)) == 0 && !(promotable && fromZone)) {
                return n;
            }
        }
        final byte[] b = pos.board;
        long steps = PieceMoves.STEP_PACKED[si];
        for (int left = PieceMoves.stepCount(steps);
                left > 0;
                left--, steps >>>= PieceMoves.STEP_BITS) {
            final int to = PieceMoves.firstStep(steps);
            if (Bitboard.contains(toLo, toHi, to)) {
                n =
                        add(
                                out,
                                n,
                                from,
                                to,
                                p,
                                b[to],
                                t,
                                promotable && (fromZone || ZONE[zoneBase + to]),
                                zoneBase,
                                flags);
            }
        }
        return n;
    }

    /**
     * KEEP[us][mode][q]: 1 when a non-promoting move of us onto a square holding q is generated in
     * the mode: ALL, anything but our own piece; TACTICAL, captures; QUIET, empty squares.
     */
    private static final byte[][][] KEEP = new byte[2][3][Piece.NB];

    static {
        for (int us = 0; us < 2; us++) {
            for (int q = 0; q < Piece.NB; q++) {
                final boolean own = q != 0 && (q >> 4) == us, enemy = q != 0 && (q >> 4) != us;
                KEEP[us][ALL][q] = (byte) (own ? 0 : 1);
                KEEP[us][TACTICAL][q] = (byte) (enemy ? 1 : 0);
                KEEP[us][QUIET][q] = (byte) (q == 0 ? 1 : 0);
            }
        }
    }

    private static final int TACTICAL_FLAG = 1, QUIET_FLAG = 2, PLAUSIBLE_FLAG = 4;

    private static int add(
            int[] out,
            int n,
            int from,
            int to,
            int p,
            int q,
            int t,
            boolean canPromote,
            int zoneBase,
            int flags) {
        if (canPromote) {
            if ((flags & QUIET_FLAG) == 0) {
                out[n++] = Move.make(from, to, p, q, true);
            }
            if (isDeadEnd(t, RELATIVE_RANK[zoneBase + to])
                    || ((flags & PLAUSIBLE_FLAG) != 0 && (t == PAWN || t == BISHOP || t == ROOK))) {
                return n;
            }
        }
        // TACTICAL keeps the non-promotion only when it captures; QUIET only when it does not.
        if ((flags & TACTICAL_FLAG) != 0 ? q != 0 : (flags & QUIET_FLAG) == 0 || q == 0) {
            out[n++] = Move.make(from, to, p, q, false);
        }
        return n;
    }
}
