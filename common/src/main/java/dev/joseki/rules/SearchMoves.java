package dev.joseki.rules;

import static dev.joseki.rules.Piece.*;

/**
 * Legal move generation tuned for the search, beside {@link MoveGenerator} (which stays the reference
 * for perft and adjudication). Two switches:
 * <ul>
 *   <li>{@code mode}: {@link #ALL}; {@link #TACTICAL}, only captures and promotions, no drops (the
 *       quiescence search and the first stage of the main search) — when the side to move is in check it
 *       generates every evasion instead, because a quiescence node in check must see all replies to tell
 *       mate; {@link #QUIET}, the complement of TACTICAL (the second stage), never used in check.</li>
 *   <li>{@code plausibleOnly}: the "limited plausible move generation" of Grimbergen and Matsubara: a
 *       pawn, bishop or rook that may promote never plays the non-promotion. Such moves are almost
 *       never better and cost a large share of the branching factor.</li>
 * </ul>
 * The checker/pin analysis is the same as {@link MoveGenerator#generateLegal}, so every move produced
 * is legal (including the drop rules: nifu, dead drops and pawn-drop mate).
 */
public final class SearchMoves {
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

    public static final int ALL = 0, TACTICAL = 1, QUIET = 2;

    private SearchMoves() {
    }

    /** Appends the legal moves selected by the switches to out from index n; returns the new end. */
    public static int generate(Position pos, int[] out, int n, boolean tacticalOnly, boolean plausibleOnly) {
        return generate(pos, out, n, tacticalOnly ? TACTICAL : ALL, plausibleOnly);
    }

    /** Appends the legal moves of the given mode to out from index n; returns the new end. */
    public static int generate(Position pos, int[] out, int n, int mode, boolean plausibleOnly) {
        final byte[] b = pos.board;
        final int us = pos.side, them = us ^ 1;
        final int k = pos.kingSquare[us];

        // Step 1. Checkers and pins (see MoveGenerator).
        long pinLo = 0, pinHi = 0, maskLo = -1L, maskHi = -1L;
        int checkers = 0, checkerSq = -1;
        if (k >= 0) {
            for (int d = 0; d < Square.DIR_NB; d++) {
                final int[] ray = Square.RAY[k][d];
                final int toward = 1 << Square.opposite(d);
                int own = -1;
                for (int i = 0; i < ray.length; i++) {
                    final int u = ray[i], p = b[u];
                    if (p == 0) {
                        continue;
                    }
                    if ((p >> 4) == us) {
                        if (own >= 0) {
                            break;
                        }
                        own = u;
                        continue;
                    }
                    if (own < 0) {
                        if ((PieceMoves.SLIDE[p] & toward) != 0 || (i == 0 && (PieceMoves.STEP[p] & toward) != 0)) {
                            checkers++;
                            checkerSq = u;
                        }
                    } else if ((PieceMoves.SLIDE[p] & toward) != 0) {
                        if (own < 63) {
                            pinLo |= 1L << own;
                        } else {
                            pinHi |= 1L << (own - 63);
                        }
                    }
                    break;
                }
            }
            final int enemyKnight = make(them, KNIGHT);
            for (int t : PieceMoves.KNIGHT_FROM[them][k]) {
                if (b[t] == enemyKnight) {
                    checkers++;
                    checkerSq = t;
                }
            }
        }
        final boolean evasion = checkers > 0;
        final boolean tactical = mode == TACTICAL && !evasion;
        final boolean quiet = mode == QUIET;

        // Step 2. King moves.
        if (k >= 0) {
            final int king = b[k];
            b[k] = 0;
            for (int t : PieceMoves.STEP_TARGETS[king][k]) {
                final int q = b[t];
                if ((q == 0 && tactical) || (q != 0 && ((q >> 4) == us || quiet))) {
                    continue;
                }
                if (!pos.attacked(t, them)) {
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
        final int zoneBase = us * Square.NB;
        for (int from = 0; from < Square.NB; from++) {
            final int p = b[from];
            if (p == 0 || (p >> 4) != us || (p & 15) == KING) {
                continue;
            }
            final boolean pinned = from < 63 ? (pinLo >>> from & 1) != 0 : (pinHi >>> (from - 63) & 1) != 0;
            final int pinDir = pinned ? Square.direction(k, from) : -1;
            final int t = p & 15;
            final boolean promotable = canPromote(t);
            final boolean fromZone = ZONE[zoneBase + from];
            for (int to : PieceMoves.STEP_TARGETS[p][from]) {
                final int q = b[to];
                if (q != 0 && (q >> 4) == us) {
                    continue;
                }
                if (!inMask(to, maskLo, maskHi) || (pinned && Square.direction(k, to) != pinDir)) {
                    continue;
                }
                n = add(out, n, from, to, p, q, t, promotable && (fromZone || ZONE[zoneBase + to]), zoneBase,
                        tactical, quiet, plausibleOnly);
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
                        n = add(out, n, from, to, p, q, t, promotable && (fromZone || ZONE[zoneBase + to]),
                                zoneBase, tactical, quiet, plausibleOnly);
                    }
                    if (q != 0) {
                        break;
                    }
                }
            }
        }

        // Step 5. Drops (never tactical).
        if (tactical) {
            return n;
        }
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
        final int enemyKing = pos.kingSquare[them];
        final int forward = us == BLACK ? Square.N : Square.S;
        for (int to = 0; to < Square.NB; to++) {
            if (b[to] != 0 || !inMask(to, maskLo, maskHi)) {
                continue;
            }
            final int rr = RELATIVE_RANK[zoneBase + to];
            int ts = types;
            while (ts != 0) {
                final int ht = Integer.numberOfTrailingZeros(ts);
                ts &= ts - 1;
                if (ht == PAWN) {
                    if (rr == 1 || (pos.pawnFiles[us] & 1 << (to / 9)) != 0) {
                        continue;
                    }
                    if (enemyKing >= 0 && Square.next(to, forward) == enemyKing
                            && MoveGenerator.pawnDropMates(pos, to, us)) {
                        continue;
                    }
                } else if ((ht == LANCE && rr == 1) || (ht == KNIGHT && rr <= 2)) {
                    continue;
                }
                out[n++] = Move.drop(ht, to, us);
            }
        }
        return n;
    }

    private static boolean inMask(int sq, long lo, long hi) {
        return sq < 63 ? (lo >>> sq & 1) != 0 : (hi >>> (sq - 63) & 1) != 0;
    }

    private static int add(int[] out, int n, int from, int to, int p, int q, int t, boolean canPromote,
            int zoneBase, boolean tactical, boolean quiet, boolean plausibleOnly) {
        if (canPromote) {
            if (!quiet) {
                out[n++] = Move.make(from, to, p, q, true);
            }
            if (isDeadEnd(t, RELATIVE_RANK[zoneBase + to])
                    || (plausibleOnly && (t == PAWN || t == BISHOP || t == ROOK))) {
                return n;
            }
        }
        if (tactical ? q != 0 : !quiet || q == 0) {
            out[n++] = Move.make(from, to, p, q, false);
        }
        return n;
    }
}
