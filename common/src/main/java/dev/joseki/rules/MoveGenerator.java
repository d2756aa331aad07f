package dev.joseki.rules;

import static dev.joseki.rules.Piece.*;

/**
 * Legal move generation: every move that leaves the mover's king safe, including optional
 * non-promotions, with the drop rules (nifu, no dead drops, no pawn-drop mate).
 *
 * <p>Algorithm, per call:
 * <ol>
 *   <li>Walk the eight rays and the knight squares around our king once to find checkers and pinned
 *       pieces.</li>
 *   <li>King moves: lift the king off the board and keep the targets the opponent does not attack, so
 *       that a slider's line through the king's old square counts.</li>
 *   <li>In double check stop there. In single check every other move must capture the checker or land
 *       between it and the king (the evasion mask).</li>
 *   <li>Board moves of the other pieces; a pinned piece keeps only targets on its pin line.</li>
 *   <li>Drops onto empty squares (or the evasion mask), applying the drop rules; a pawn drop that checks
 *       the king is tested for mate.</li>
 * </ol>
 * Positions without a king on one side (tsume problems, perft oracles) are handled: no checks, no pins.
 */
public final class MoveGenerator {
    /** More than the 593 legal moves of the richest known position. */
    public static final int MAX_MOVES = 640;

    private static final boolean[] ZONE = new boolean[2 * Square.NB];
    private static final byte[] RELATIVE_RANK = new byte[2 * Square.NB];

    static {
        for (int c = 0; c < 2; c++) {
            for (int sq = 0; sq < Square.NB; sq++) {
                ZONE[c * Square.NB + sq] = Square.inZone(c, sq);
                RELATIVE_RANK[c * Square.NB + sq] = (byte) Square.relativeRank(c, sq);
            }
        }
    }

    /** ZONE_MASK[c * 2 + half]: c's promotion zone as an 81-bit set. */
    private static final long[] ZONE_MASK = new long[4];

    static {
        for (int c = 0; c < 2; c++) {
            for (int sq = 0; sq < Square.NB; sq++) {
                if (Square.inZone(c, sq)) {
                    ZONE_MASK[c << 1 | (sq < 63 ? 0 : 1)] |= 1L << (sq < 63 ? sq : sq - 63);
                }
            }
        }
    }

    /** OPPOSITE_BIT[d] = 1 << opposite(d): the direction a piece on the d-neighbour must move in. */
    private static final int[] OPPOSITE_BIT = new int[Square.DIR_NB];

    /** NEAR[(c * 81 + sq) * 2 + half]: the 8 neighbours of sq plus the squares a c knight attacks sq from. */
    private static final long[] NEAR = new long[2 * Square.NB * 2];

    static {
        for (int d = 0; d < Square.DIR_NB; d++) {
            OPPOSITE_BIT[d] = 1 << Square.opposite(d);
        }
        for (int c = 0; c < 2; c++) {
            for (int sq = 0; sq < Square.NB; sq++) {
                int base = (c * Square.NB + sq) << 1;
                for (int d = 0; d < Square.DIR_NB; d++) {
                    int t = Square.next(sq, d);
                    if (t >= 0) {
                        NEAR[base + (t < 63 ? 0 : 1)] |= 1L << (t < 63 ? t : t - 63);
                    }
                }
                for (int t : PieceMoves.KNIGHT_FROM[c][sq]) {
                    NEAR[base + (t < 63 ? 0 : 1)] |= 1L << (t < 63 ? t : t - 63);
                }
            }
        }
    }

    private MoveGenerator() {
    }

    /** Every legal move. */
    public static final int ALL = 0;
    /**
     * Captures and promotions only, no drops (quiescence, first search stage); in check it generates every
     * evasion instead, because a node in check must see all replies to tell mate.
     */
    public static final int TACTICAL = 1;
    /** The complement of TACTICAL: quiet non-promotions and drops; never used in check. */
    public static final int QUIET = 2;

    /** Appends all legal moves to out from index n; returns the new end index. */
    public static int generateLegal(Position pos, int[] out, int n) {
        return generate(pos, out, n, ALL, false);
    }

    /**
     * Appends the legal moves of a mode ({@link #ALL}, {@link #TACTICAL}, {@link #QUIET}) to out from
     * index n; returns the new end index. {@code plausibleOnly} is the paper's "limited plausible move
     * generation": a pawn, bishop or rook that may promote never plays the non-promotion.
     */
    public static int generate(Position pos, int[] out, int n, int mode, boolean plausibleOnly) {
        final byte[] b = pos.board;
        final int us = pos.side, them = us ^ 1;
        final int k = pos.kingSquare[us];

        // Step 0. One pass over the board: our pieces, and the enemy sliders (at most 8), which are all
        // that can attack from a distance; testing alignment with them is cheaper than walking 8 rays.
        final int[] own = pos.ownScratch, sliders = pos.sliderScratch;
        int nOwn = 0, nSliders = 0;
        for (int half = 0; half < 2; half++) {
            for (long bits = pos.occ[us << 1 | half]; bits != 0; bits &= bits - 1) {
                own[nOwn++] = Long.numberOfTrailingZeros(bits) + 63 * half;
            }
            for (long bits = pos.occ[them << 1 | half]; bits != 0; bits &= bits - 1) {
                final int sq = Long.numberOfTrailingZeros(bits) + 63 * half;
                if (PieceMoves.SLIDE[b[sq]] != 0) {
                    sliders[nSliders++] = sq;
                }
            }
        }
        final long nearLo = pos.occ[them << 1], nearHi = pos.occ[them << 1 | 1];

        // Step 1. Checkers and pins.
        long pinLo = 0, pinHi = 0, maskLo = -1L, maskHi = -1L;
        int checkers = 0, checkerSq = -1;
        if (k >= 0) {
            final int stepAttackers = stepAttackerCount(b, k, them, nearLo, nearHi);
            if (stepAttackers != 0) {
                checkers = stepAttackers & 0xff;
                checkerSq = stepAttackers >> 8;
            }
            for (int i = 0; i < nSliders; i++) {
                final int s = sliders[i];
                final int d = Square.DIRECTION[k * Square.NB + s];
                if (d < 0 || (PieceMoves.SLIDE[b[s]] & 1 << Square.opposite(d)) == 0) {
                    continue;
                }
                int blocker = -1, blockers = 0;
                for (int u : Square.RAY[k][d]) {
                    if (u == s) {
                        break;
                    }
                    if (b[u] != 0) {
                        if (++blockers > 1 || (b[u] >> 4) != us) {
                            blockers = 2;
                            break;
                        }
                        blocker = u;
                    }
                }
                if (blockers == 0) {
                    if (Square.NEXT[k * Square.DIR_NB + d] != s) { // adjacent sliders were counted as steppers
                        checkers++;
                        checkerSq = s;
                    }
                } else if (blockers == 1) {
                    if (blocker < 63) {
                        pinLo |= 1L << blocker;
                    } else {
                        pinHi |= 1L << (blocker - 63);
                    }
                }
            }
        }

        final boolean tactical = mode == TACTICAL && checkers == 0;
        final boolean quiet = mode == QUIET;

        // Step 2. King moves: with the king lifted, a target is safe when no stepper, knight or slider
        // of the opponent reaches it.
        if (k >= 0) {
            final int king = b[k];
            b[k] = 0;
            for (int t : PieceMoves.STEP_TARGETS[king][k]) {
                final int q = b[t];
                if ((q == 0 && tactical) || (q != 0 && quiet)) {
                    continue;
                }
                if ((q == 0 || (q >> 4) != us) && stepAttackerCount(b, t, them, nearLo, nearHi) == 0
                        && !sliderAttacks(b, t, sliders, nSliders)) {
                    out[n++] = Move.make(k, t, king, q, false);
                }
            }
            b[k] = (byte) king;
        }

        // Step 3. Evasion mask.
        if (checkers >= 2) {
            return n;
        }
        if (checkers == 1) {
            maskLo = 0;
            maskHi = 0;
            int d = Square.direction(k, checkerSq);
            if (d >= 0) {
                for (int u : Square.RAY[k][d]) {
                    if (u < 63) {
                        maskLo |= 1L << u;
                    } else {
                        maskHi |= 1L << (u - 63);
                    }
                    if (u == checkerSq) {
                        break;
                    }
                }
            } else {
                maskLo = checkerSq < 63 ? 1L << checkerSq : 0;
                maskHi = checkerSq < 63 ? 0 : 1L << (checkerSq - 63);
            }
        }

        // Step 4. Board moves of the other pieces.
        final int flags = (tactical ? TACTICAL_FLAG : 0) | (quiet ? QUIET_FLAG : 0) | (plausibleOnly ? PLAUSIBLE_FLAG : 0);
        n = boardMoves(pos, out, n, own, nOwn, k, pinLo, pinHi, checkers != 0, maskLo, maskHi, flags);
        // Step 5. Drops (never tactical).
        return tactical ? n : drops(pos, out, n, maskLo, maskHi);
    }

    private static int boardMoves(Position pos, int[] out, int n, int[] own, int nOwn, int k, long pinLo, long pinHi,
            boolean inCheck, long maskLo, long maskHi, int flags) {
        final byte[] b = pos.board;
        final int us = pos.side;
        final int zoneBase = us * Square.NB;
        final boolean tacticalOnly = (flags & TACTICAL_FLAG) != 0;
        final long enemyLo = pos.occ[(us ^ 1) << 1], enemyHi = pos.occ[(us ^ 1) << 1 | 1];
        final long zoneLo = ZONE_MASK[us << 1], zoneHi = ZONE_MASK[us << 1 | 1];
        for (int i = 0; i < nOwn; i++) {
            final int from = own[i], p = b[from];
            if ((p & 15) == KING) {
                continue;
            }
            final boolean pinned = from < 63 ? (pinLo >>> from & 1) != 0 : (pinHi >>> (from - 63) & 1) != 0;
            final int pinDir = pinned ? Square.direction(k, from) : -1;
            final int t = p & 15;
            final boolean promotable = canPromote(t);
            final boolean fromZone = ZONE[zoneBase + from];
            final int stepIndex = p * Square.NB + from;
            // Tactical generation skips a piece whose steps can neither capture nor promote.
            final boolean stepsNeeded = !tacticalOnly
                    || (PieceMoves.STEP_MASK[stepIndex << 1] & (enemyLo | (promotable ? zoneLo : 0))) != 0
                    || (PieceMoves.STEP_MASK[stepIndex << 1 | 1] & (enemyHi | (promotable ? zoneHi : 0))) != 0
                    || (promotable && fromZone);
            final int stepEnd = stepsNeeded ? PieceMoves.STEP_START[stepIndex + 1] : 0;
            for (int j = PieceMoves.STEP_START[stepIndex]; j < stepEnd; j++) {
                final int to = PieceMoves.STEP_LIST[j];
                final int q = b[to];
                if (q != 0 && (q >> 4) == us) {
                    continue;
                }
                if ((inCheck && !inMask(to, maskLo, maskHi)) || (pinned && Square.direction(k, to) != pinDir)) {
                    continue;
                }
                n = add(out, n, from, to, p, q, t, promotable && (fromZone || ZONE[zoneBase + to]), zoneBase, flags);
            }
            int slides = PieceMoves.SLIDE[p];
            while (slides != 0) {
                final int d = Integer.numberOfTrailingZeros(slides);
                slides &= slides - 1;
                if (pinned && d != pinDir && d != Square.opposite(pinDir)) {
                    continue;
                }
                for (int to : Square.RAY[from][d]) {
                    final int q = b[to];
                    if (q != 0 && (q >> 4) == us) {
                        break;
                    }
                    if (inMask(to, maskLo, maskHi)) {
                        n = add(out, n, from, to, p, q, t, promotable && (fromZone || ZONE[zoneBase + to]), zoneBase, flags);
                    }
                    if (q != 0) {
                        break;
                    }
                }
            }
        }

        return n;
    }

    /**
     * Drops onto the empty squares inside the mask, in ascending square order and, per square, in
     * ascending piece type (the order the search's move ordering breaks ties by).
     */
    private static int drops(Position pos, int[] out, int n, long maskLo, long maskHi) {
        final int us = pos.side, them = us ^ 1;
        final int h = us * 8;
        int types = 0;
        for (int ht = PAWN; ht <= GOLD; ht++) {
            if (pos.hand[h + ht] > 0) {
                types |= 1 << ht;
            }
        }
        if (types == 0) {
            return n;
        }
        final int zoneBase = us * Square.NB;
        final int enemyKing = pos.kingSquare[them];
        final int forward = us == BLACK ? Square.N : Square.S;
        final int pawnFiles = pos.pawnFiles[us];
        final long[] occ = pos.occ;
        long emptyLo = ~(occ[0] | occ[2]) & maskLo & LO_SQUARES;
        long emptyHi = ~(occ[1] | occ[3]) & maskHi & HI_SQUARES;
        for (int half = 0; half < 2; half++) {
            for (long bits = half == 0 ? emptyLo : emptyHi; bits != 0; bits &= bits - 1) {
                final int to = Long.numberOfTrailingZeros(bits) + 63 * half;
                int ts = types & DROPPABLE[RELATIVE_RANK[zoneBase + to]];
                if ((ts & 1 << PAWN) != 0 && ((pawnFiles & 1 << (to / 9)) != 0
                        || (enemyKing >= 0 && Square.next(to, forward) == enemyKing && pawnDropMates(pos, to, us)))) {
                    ts &= ~(1 << PAWN);
                }
                while (ts != 0) {
                    final int ht = Integer.numberOfTrailingZeros(ts);
                    ts &= ts - 1;
                    out[n++] = Move.drop(ht, to, us);
                }
            }
        }
        return n;
    }

    private static final long LO_SQUARES = (1L << 63) - 1, HI_SQUARES = (1L << (Square.NB - 63)) - 1;

    /**
     * DROPPABLE[relative rank]: the hand types that may be dropped there (no dead drops: a pawn or
     * lance never on the last rank, a knight never on the last two).
     */
    private static final int[] DROPPABLE = new int[10];

    static {
        final int all = (1 << PAWN) | (1 << LANCE) | (1 << KNIGHT) | (1 << SILVER) | (1 << BISHOP) | (1 << ROOK) | (1 << GOLD);
        java.util.Arrays.fill(DROPPABLE, all);
        DROPPABLE[1] = all & ~((1 << PAWN) | (1 << LANCE) | (1 << KNIGHT));
        DROPPABLE[2] = all & ~(1 << KNIGHT);
    }

    /**
     * Adjacent pieces of colour {@code by} (sliders included) and knights that attack sq: the count in
     * the low byte, the last attacker's square above it; 0 when none.
     */
    private static int stepAttackerCount(byte[] b, int sq, int by, long occLo, long occHi) {
        // Quick reject: no piece of colour "by" next to sq or on its knight squares.
        if ((occLo & NEAR[(by * Square.NB + sq) << 1]) == 0 && (occHi & NEAR[(by * Square.NB + sq) << 1 | 1]) == 0) {
            return 0;
        }
        int count = 0, last = 0;
        final int base = sq * Square.DIR_NB;
        for (int d = 0; d < Square.DIR_NB; d++) {
            final int t = Square.NEXT[base + d];
            if (t < 0) {
                continue;
            }
            final int p = b[t];
            if (p != 0 && (p >> 4) == by && (PieceMoves.REACH[p] & OPPOSITE_BIT[d]) != 0) {
                count++;
                last = t;
            }
        }
        final int knight = make(by, KNIGHT);
        for (int t : PieceMoves.KNIGHT_FROM[by][sq]) {
            if (b[t] == knight) {
                count++;
                last = t;
            }
        }
        return count == 0 ? 0 : count | last << 8;
    }

    /** Does one of the listed sliders reach sq along an empty line? */
    private static boolean sliderAttacks(byte[] b, int sq, int[] sliders, int nSliders) {
        for (int i = 0; i < nSliders; i++) {
            final int s = sliders[i];
            final int d = Square.DIRECTION[sq * Square.NB + s];
            if (d < 0 || (PieceMoves.SLIDE[b[s]] & 1 << Square.opposite(d)) == 0) {
                continue;
            }
            boolean clear = true;
            for (int u : Square.RAY[sq][d]) {
                if (u == s) {
                    break;
                }
                if (b[u] != 0) {
                    clear = false;
                    break;
                }
            }
            if (clear) {
                return true;
            }
        }
        return false;
    }

    private static boolean inMask(int sq, long lo, long hi) {
        return sq < 63 ? (lo >>> sq & 1) != 0 : (hi >>> (sq - 63) & 1) != 0;
    }

    private static final int TACTICAL_FLAG = 1, QUIET_FLAG = 2, PLAUSIBLE_FLAG = 4;

    private static int add(int[] out, int n, int from, int to, int p, int q, int t, boolean canPromote,
            int zoneBase, int flags) {
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

    /**
     * Would dropping our pawn on sq, checking the enemy king, be mate? Only two replies can exist: a
     * capture of the pawn by an unpinned non-king piece, or a king move to an unattacked square
     * (which includes taking the pawn when it is undefended). Interposition is impossible: the pawn is
     * adjacent.
     */
    static boolean pawnDropMates(Position pos, int sq, int us) {
        final byte[] b = pos.board;
        final int them = us ^ 1, ek = pos.kingSquare[them];
        b[sq] = (byte) make(us, PAWN);
        try {
            // A defender (not the king) that reaches sq and is not pinned to its king.
            for (int d = 0; d < Square.DIR_NB; d++) {
                final int toward = 1 << Square.opposite(d);
                final int[] ray = Square.RAY[sq][d];
                for (int i = 0; i < ray.length; i++) {
                    final int u = ray[i], p = b[u];
                    if (p == 0) {
                        continue;
                    }
                    if ((p >> 4) == them && (p & 15) != KING
                            && ((PieceMoves.SLIDE[p] & toward) != 0 || (i == 0 && (PieceMoves.STEP[p] & toward) != 0))
                            && !pinnedTo(b, u, ek, us)) {
                        return false;
                    }
                    break;
                }
            }
            final int theirKnight = make(them, KNIGHT);
            for (int u : PieceMoves.KNIGHT_FROM[them][sq]) {
                if (b[u] == theirKnight && !pinnedTo(b, u, ek, us)) {
                    return false;
                }
            }
            // A king escape, with the king lifted so that lines through it count.
            final int king = b[ek];
            b[ek] = 0;
            try {
                for (int t : PieceMoves.STEP_TARGETS[king][ek]) {
                    final int q = b[t];
                    if ((q == 0 || (q >> 4) != them) && !pos.attacked(t, us)) {
                        return false;
                    }
                }
            } finally {
                b[ek] = (byte) king;
            }
            return true;
        } finally {
            b[sq] = 0;
        }
    }

    /** Is the piece on sq pinned to the king on k by a slider of colour attacker? */
    private static boolean pinnedTo(byte[] b, int sq, int k, int attacker) {
        final int d = Square.direction(k, sq);
        if (d < 0) {
            return false;
        }
        for (int u : Square.RAY[k][d]) {
            if (u == sq) {
                break;
            }
            if (b[u] != 0) {
                return false;
            }
        }
        final int toward = 1 << Square.opposite(d);
        for (int u : Square.RAY[sq][d]) {
            final int p = b[u];
            if (p != 0) {
                return (p >> 4) == attacker && (PieceMoves.SLIDE[p] & toward) != 0;
            }
        }
        return false;
    }
}
