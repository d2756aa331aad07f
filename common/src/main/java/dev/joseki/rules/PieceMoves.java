package dev.joseki.rules;

import static dev.joseki.rules.Piece.*;
import static dev.joseki.rules.Square.*;

/**
 * How each coloured piece moves, as direction bit masks (bit d = direction d of {@link Square})
 * plus precomputed target lists. White's masks are Black's mirrored N<->S; knights are handled
 * apart because their jump is not a direction.
 */
final class PieceMoves {
    /** STEP[piece]: one-square moves; SLIDE[piece]: sliding directions. */
    static final int[] STEP = new int[Piece.NB];

    static final int[] SLIDE = new int[Piece.NB];

    /** REACH[piece] = STEP | SLIDE: the directions in which it attacks an adjacent square. */
    static final int[] REACH = new int[Piece.NB];

    /**
     * STEP_TARGETS[piece][sq]: squares a one-step (or knight) move can reach, ignoring occupancy.
     */
    static final int[][][] STEP_TARGETS = new int[Piece.NB][Square.NB][];

    /**
     * STEP_PACKED[piece * 81 + sq]: STEP_TARGETS in one word, the generator's fast path: target i
     * in bits 7i .. 7i + 6 (at most 8 targets), their count in bits 56 .. 59.
     */
    static final long[] STEP_PACKED = new long[Piece.NB * Square.NB];

    /**
     * Bits a target takes in a STEP_PACKED word: {@code packed >>> STEP_BITS} holds the targets
     * after the first.
     */
    static final int STEP_BITS = 7;

    /**
     * STEP_MASK[(piece * 81 + sq) * 2 + half]: STEP_TARGETS as an 81-bit set (half 0: squares
     * 0..62).
     */
    static final long[] STEP_MASK = new long[Piece.NB * Square.NB * 2];

    /** KNIGHT_FROM[color][sq]: squares from which a knight of that colour attacks sq. */
    static final int[][][] KNIGHT_FROM = new int[2][Square.NB][];

    private static final int ALL = 0xff;
    private static final int DIAG = bit(NE) | bit(NW) | bit(SE) | bit(SW);
    private static final int ORTHO = bit(N) | bit(S) | bit(E) | bit(W);
    private static final int GOLD_STEPS = bit(N) | bit(NE) | bit(NW) | bit(E) | bit(W) | bit(S);

    static {
        int[] step = new int[TYPE_NB];
        int[] slide = new int[TYPE_NB];
        step[PAWN] = bit(N);
        slide[LANCE] = bit(N);
        step[SILVER] = bit(N) | DIAG;
        step[GOLD] = GOLD_STEPS;
        step[PRO_PAWN] = step[PRO_LANCE] = step[PRO_KNIGHT] = step[PRO_SILVER] = GOLD_STEPS;
        step[KING] = ALL;
        slide[BISHOP] = DIAG;
        slide[ROOK] = ORTHO;
        slide[HORSE] = DIAG;
        step[HORSE] = ORTHO;
        slide[DRAGON] = ORTHO;
        step[DRAGON] = DIAG;
        for (int t = 1; t < TYPE_NB; t++) {
            STEP[make(BLACK, t)] = step[t];
            SLIDE[make(BLACK, t)] = slide[t];
            STEP[make(WHITE, t)] = mirror(step[t]);
            SLIDE[make(WHITE, t)] = mirror(slide[t]);
        }
        for (int p = 0; p < Piece.NB; p++) {
            REACH[p] = STEP[p] | SLIDE[p];
            for (int sq = 0; sq < Square.NB; sq++) {
                STEP_TARGETS[p][sq] = targets(p, sq);
            }
        }
        for (int p = 0; p < Piece.NB; p++) {
            for (int sq = 0; sq < Square.NB; sq++) {
                for (int t : STEP_TARGETS[p][sq]) {
                    STEP_MASK[(p * Square.NB + sq) * 2 + (t < 63 ? 0 : 1)] |=
                            1L << (t < 63 ? t : t - 63);
                }
            }
        }
        for (int i = 0; i < Piece.NB * Square.NB; i++) {
            final int[] targets = STEP_TARGETS[i / Square.NB][i % Square.NB];
            long packed = (long) targets.length << 56;
            for (int j = 0; j < targets.length; j++) {
                packed |= (long) targets[j] << (STEP_BITS * j);
            }
            STEP_PACKED[i] = packed;
        }
        for (int c = 0; c < 2; c++) {
            for (int sq = 0; sq < Square.NB; sq++) {
                // A Black knight two ranks below (higher rank number) attacks sq.
                KNIGHT_FROM[c][sq] = knightJumps(sq, c == BLACK ? 2 : -2);
            }
        }
    }

    private PieceMoves() {}

    /** The number of targets in a STEP_PACKED word. */
    static int stepCount(long packed) {
        return (int) (packed >>> 56);
    }

    /**
     * The first target of a STEP_PACKED word (shifted right by STEP_BITS per target already read).
     */
    static int firstStep(long packed) {
        return (int) packed & (1 << STEP_BITS) - 1;
    }

    static int bit(int dir) {
        return 1 << dir;
    }

    private static int mirror(int mask) {
        int out = 0;
        for (int d = 0; d < DIR_NB; d++) {
            if ((mask & bit(d)) != 0) {
                out |= bit(mirrorNs(d));
            }
        }
        return out;
    }

    private static int mirrorNs(int d) {
        return switch (d) {
            case N -> S;
            case S -> N;
            case NE -> SE;
            case NW -> SW;
            case SE -> NE;
            case SW -> NW;
            default -> d;
        };
    }

    private static int[] targets(int piece, int sq) {
        int t = type(piece);
        if (piece == 0 || t == 0) {
            return new int[0];
        }
        if (t == KNIGHT) {
            return knightJumps(sq, color(piece) == BLACK ? -2 : 2);
        }
        int n = 0;
        int[] buf = new int[8];
        for (int d = 0; d < DIR_NB; d++) {
            if ((STEP[piece] & bit(d)) != 0 && next(sq, d) >= 0) {
                buf[n++] = next(sq, d);
            }
        }
        return java.util.Arrays.copyOf(buf, n);
    }

    private static int[] knightJumps(int sq, int dr) {
        int n = 0;
        int[] buf = new int[2];
        for (int df = -1; df <= 1; df += 2) {
            int f = file(sq) + df, r = rank(sq) + dr;
            if (onBoard(f, r)) {
                buf[n++] = of(f, r);
            }
        }
        return java.util.Arrays.copyOf(buf, n);
    }
}
