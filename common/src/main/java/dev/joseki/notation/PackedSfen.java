package dev.joseki.notation;

import static dev.joseki.rules.Piece.*;

import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.rules.Square;

/**
 * YaneuraOu's 32-byte packed SFEN ({@code PackedSfen} in {@code source/position.h}, coded by {@code
 * SfenPacker} in {@code source/extra/sfen_packer.cpp}), the position part of the learner's 40-byte
 * {@link PackedSfenValue}. Written from the format's definition, not from its code.
 *
 * <p>A stream of exactly 256 bits, filled from bit 0 of byte 0 upwards (bit i is bit {@code i % 8}
 * of byte {@code i / 8}); a value of n bits is written low bit first. In order:
 *
 * <pre>
 *   1 bit    side to move (0 Black, 1 White)
 *   7 bits   Black king square, 7 bits White king square (squares as {@link Square}: 1a = 0 … 9i = 80)
 *   squares 0..80 except the kings', Huffman code then p (promoted; not for gold) then c (colour):
 *            code bits in stream order: empty 0 | pawn 10 | lance 1100 | knight 1101 | silver 1110 |
 *            gold 11110 | bishop 111110 | rook 111111
 *   hand pieces, Black's then White's, in the order pawn, lance, knight, silver, gold, bishop, rook:
 *            the board code without its first bit, then p = 0 (not for gold), then c
 *   piece box (pieces of the set on neither board nor hand): the hand code with p = 1 and c = 0;
 *            gold, which has no p, as a White promoted silver (1110 1 1)
 * </pre>
 *
 * With two kings and one full set of 40 pieces the stream is always 256 bits: a piece moving from
 * the board to a hand frees a square (1 bit) and its hand code is one bit shorter. Pieces in the
 * box make handicap positions fit too. A record's reader knows the hand is over at bit 256.
 */
public final class PackedSfen {
    public static final int BYTES = 32;
    private static final int BITS = BYTES * 8;

    /** Huffman code (as written, low bit first) and length per unpromoted type, pawn..gold. */
    private static final int[] CODE = {0x00, 0x01, 0x03, 0x0b, 0x07, 0x1f, 0x3f, 0x0f};

    private static final int[] LENGTH = {1, 2, 4, 4, 4, 6, 6, 5};

    /** The order YaneuraOu writes hands and the piece box in (Apery's hand order). */
    private static final int[] HAND_ORDER = {PAWN, LANCE, KNIGHT, SILVER, GOLD, BISHOP, ROOK};

    private PackedSfen() {}

    public static byte[] pack(Position pos) {
        byte[] out = new byte[BYTES];
        pack(pos, out, 0);
        return out;
    }

    /**
     * Packs pos into out[offset .. offset + 32]. Both kings must be on the board and no piece type
     * may exceed one set; otherwise IllegalArgumentException.
     */
    public static void pack(Position pos, byte[] out, int offset) {
        int bk = pos.kingSquare(BLACK), wk = pos.kingSquare(WHITE);
        if (bk < 0 || wk < 0) {
            throw new IllegalArgumentException("a packed SFEN needs both kings");
        }
        int[] box = FULL_SET.clone();
        for (int sq = 0; sq < Square.NB; sq++) {
            int p = pos.pieceOn(sq);
            if (p != 0 && type(p) != KING) {
                box[unpromoted(type(p))]--;
            }
        }
        for (int c = 0; c < 2; c++) {
            for (int t = PAWN; t <= GOLD; t++) {
                box[t] -= pos.handCount(c, t);
            }
        }
        for (int t = PAWN; t <= GOLD; t++) {
            if (box[t] < 0) {
                throw new IllegalArgumentException(
                        "more than one set of " + Piece.usiLetter(t) + " pieces");
            }
        }
        java.util.Arrays.fill(out, offset, offset + BYTES, (byte) 0);
        Bits w = new Bits(out, offset);
        w.write(pos.sideToMove(), 1);
        w.write(bk, 7);
        w.write(wk, 7);
        for (int sq = 0; sq < Square.NB; sq++) {
            int p = pos.pieceOn(sq);
            if (p == 0) {
                w.write(0, 1);
            } else if (type(p) != KING) {
                int u = unpromoted(type(p));
                w.write(CODE[u], LENGTH[u]);
                if (u != GOLD) {
                    w.write(isPromoted(type(p)) ? 1 : 0, 1);
                }
                w.write(color(p), 1);
            }
        }
        for (int c = 0; c < 2; c++) {
            for (int t : HAND_ORDER) {
                for (int i = pos.handCount(c, t); i > 0; i--) {
                    w.write(CODE[t] >>> 1, LENGTH[t] - 1);
                    if (t != GOLD) {
                        w.write(0, 1);
                    }
                    w.write(c, 1);
                }
            }
        }
        for (int t : HAND_ORDER) {
            for (int i = box[t]; i > 0; i--) {
                if (t == GOLD) {
                    w.write(CODE[SILVER] >>> 1, LENGTH[SILVER] - 1);
                    w.write(1, 1);
                    w.write(WHITE, 1);
                } else {
                    w.write(CODE[t] >>> 1, LENGTH[t] - 1);
                    w.write(1, 1);
                    w.write(BLACK, 1);
                }
            }
        }
        if (w.cursor != BITS) {
            throw new IllegalStateException("packed SFEN of " + w.cursor + " bits");
        }
    }

    /** Inverse of {@link #pack}; the move number of the result is 1. */
    public static Position unpack(byte[] in, int offset) {
        return unpack(in, offset, 1);
    }

    /**
     * The position packed in in[offset .. offset + 32], with the given move number. Malformed bytes
     * (a king off the board, a code running past bit 256, more pieces than a set) throw
     * IllegalArgumentException saying what is wrong.
     */
    public static Position unpack(byte[] in, int offset, int moveNumber) {
        if (offset < 0 || offset + BYTES > in.length) {
            throw new IllegalArgumentException("a packed SFEN needs 32 bytes");
        }
        Bits r = new Bits(in, offset);
        Position pos = new Position();
        int side = r.read(1);
        int bk = r.read(7), wk = r.read(7);
        if (bk >= Square.NB || wk >= Square.NB || bk == wk) {
            throw new IllegalArgumentException("king squares " + bk + " and " + wk);
        }
        int[] used = new int[HAND_NB + 1];
        pos.put(bk, make(BLACK, KING));
        pos.put(wk, make(WHITE, KING));
        for (int sq = 0; sq < Square.NB; sq++) {
            if (sq == bk || sq == wk) {
                continue;
            }
            int u = readCode(r, 0);
            if (u == NONE) {
                continue;
            }
            boolean promoted = u != GOLD && r.read(1) == 1;
            int c = r.read(1);
            used[u]++;
            pos.put(sq, make(c, promoted ? promoted(u) : u));
        }
        int[] hand = new int[2 * HAND_NB];
        while (r.cursor < BITS) {
            int u = readCode(r, 1);
            boolean inBox = u != GOLD && r.read(1) == 1;
            int c = r.read(1);
            if (inBox) {
                u = u == SILVER && c == WHITE ? GOLD : u;
            } else {
                hand[c * HAND_NB + u]++;
            }
            used[u]++;
        }
        for (int t = PAWN; t <= GOLD; t++) {
            if (used[t] > FULL_SET[t]) {
                throw new IllegalArgumentException(
                        used[t] + " " + Piece.usiLetter(t) + " pieces, more than a set");
            }
            pos.setHand(BLACK, t, hand[t]);
            pos.setHand(WHITE, t, hand[HAND_NB + t]);
        }
        pos.setSideToMove(side);
        pos.setMoveNumber(moveNumber);
        return pos;
    }

    /**
     * Reads one Huffman code and returns its unpromoted type (NONE for an empty square). skip = 1
     * reads a hand code: the board code without its first bit, so no empty square.
     */
    private static int readCode(Bits r, int skip) {
        int code = 0;
        for (int bits = 1; bits <= 6 - skip; bits++) {
            code |= r.read(1) << (bits - 1);
            for (int t = skip; t <= GOLD; t++) {
                if (CODE[t] >>> skip == code && LENGTH[t] - skip == bits) {
                    return t;
                }
            }
        }
        throw new IllegalArgumentException("no piece code at bit " + r.cursor);
    }

    /** A cursor over the 256 bits, low bit of each byte first. */
    private static final class Bits {
        private final byte[] data;
        private final int offset;
        int cursor;

        Bits(byte[] data, int offset) {
            this.data = data;
            this.offset = offset;
        }

        void write(int value, int n) {
            for (int i = 0; i < n; i++, cursor++) {
                if (cursor >= BITS) {
                    throw new IllegalArgumentException("a packed SFEN holds only 256 bits");
                }
                if ((value >>> i & 1) != 0) {
                    data[offset + (cursor >> 3)] |= (byte) (1 << (cursor & 7));
                }
            }
        }

        int read(int n) {
            int v = 0;
            for (int i = 0; i < n; i++, cursor++) {
                if (cursor >= BITS) {
                    throw new IllegalArgumentException("a piece code runs past bit 256");
                }
                v |= (data[offset + (cursor >> 3)] >>> (cursor & 7) & 1) << i;
            }
            return v;
        }
    }
}
