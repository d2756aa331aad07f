package dev.joseki.rules;

import static dev.joseki.rules.Piece.*;

import java.util.Arrays;

/**
 * An exact, compact byte encoding of a position (board, both hands, side to move; not the move
 * number): the book's full-match key. Distinct positions always give distinct bytes.
 *
 * <p>Bit stream, most significant bit of byte 0 first:
 *
 * <pre>
 *   1 bit    side to move (0 Black, 1 White)
 *   7 bits   Black king square (81 = no king), 7 bits White king square
 *   per square 0..80 except the kings' (Huffman, promotion bit p only for promotable types, c = colour):
 *            empty 0 | pawn 10pc | lance 1100pc | knight 1101pc | silver 1110pc | gold 11110c |
 *            bishop 111110pc | rook 111111pc
 *   per hand piece, Black's then White's, pawns first:
 *            pawn 0c | lance 100c | knight 101c | silver 1100c | gold 1101c | bishop 1110c |
 *            rook 11110c | end marker 11111 (only when the set is incomplete)
 *   zero padding: to 32 bytes for a complete set, else to a whole byte
 * </pre>
 *
 * With one full set of 40 pieces (every real game, kings included) and all of them on the board the
 * stream is exactly 256 bits; each hand code is at least one bit shorter than the board code it
 * replaces and the freed square costs one "empty" bit, so any complete set fits in 32 bytes.
 * Incomplete sets (tsume problems, handicap games) end with the marker and take at most 33 bytes.
 * Decoding knows the set is complete when it has read 38 non-king pieces, so padding is never read
 * as pieces; since every encoding decodes back to its position, distinct positions never share
 * bytes.
 */
public final class PackedPosition {
    public static final int FULL_SET_BYTES = 32;
    private static final int NO_KING = 81;
    private static final int NON_KING_PIECES = 38;
    private static final int END_MARKER = 0b11111;

    // Board codes (without the p and c suffix bits) and their lengths, indexed by unpromoted type.
    private static final int[] BOARD_CODE = {
        0, 0b10, 0b1100, 0b1101, 0b1110, 0b111110, 0b111111, 0b11110
    };
    private static final int[] BOARD_LEN = {1, 2, 4, 4, 4, 6, 6, 5};
    private static final int[] HAND_CODE = {0, 0b0, 0b100, 0b101, 0b1100, 0b1110, 0b11110, 0b1101};
    private static final int[] HAND_LEN = {0, 1, 3, 3, 4, 4, 5, 4};

    private PackedPosition() {}

    public static byte[] encode(Position pos) {
        BitWriter w = new BitWriter();
        w.write(pos.sideToMove(), 1);
        int bk = pos.kingSquare(BLACK), wk = pos.kingSquare(WHITE);
        w.write(bk < 0 ? NO_KING : bk, 7);
        w.write(wk < 0 ? NO_KING : wk, 7);
        int pieces = 0;
        for (int sq = 0; sq < Square.NB; sq++) {
            if (sq == bk || sq == wk) {
                continue;
            }
            int p = pos.pieceOn(sq);
            if (p == 0) {
                w.write(0, 1);
                continue;
            }
            int t = type(p), u = unpromoted(t);
            w.write(BOARD_CODE[u], BOARD_LEN[u]);
            if (canPromote(u)) {
                w.write(isPromoted(t) ? 1 : 0, 1);
            }
            w.write(color(p), 1);
            pieces++;
        }
        for (int c = 0; c < 2; c++) {
            for (int t = PAWN; t <= GOLD; t++) {
                for (int i = pos.handCount(c, t); i > 0; i--) {
                    w.write(HAND_CODE[t], HAND_LEN[t]);
                    w.write(c, 1);
                    pieces++;
                }
            }
        }
        if (pieces != NON_KING_PIECES || bk < 0 || wk < 0) {
            w.write(END_MARKER, 5);
            return w.toBytes(0);
        }
        return w.toBytes(FULL_SET_BYTES);
    }

    /**
     * Inverse of {@link #encode}; the move number of the result is 1. Fills the board and hands
     * directly and derives the key once at the end (book propagation decodes every book position,
     * twice).
     */
    public static Position decode(byte[] bytes) {
        return decode(bytes, new Position());
    }

    /** {@link #decode} into an existing position (its board, hands and history are replaced). */
    public static Position decode(byte[] bytes, Position pos) {
        BitReader r = new BitReader(bytes);
        java.util.Arrays.fill(pos.board, (byte) 0);
        java.util.Arrays.fill(pos.hand, 0);
        pos.moveNumber = 1;
        int side = r.read(1);
        int bk = r.read(7), wk = r.read(7);
        if (bk != NO_KING) {
            pos.board[bk] = (byte) make(BLACK, KING);
        }
        if (wk != NO_KING) {
            pos.board[wk] = (byte) make(WHITE, KING);
        }
        int pieces = 0;
        for (int sq = 0; sq < Square.NB; sq++) {
            if (sq == bk || sq == wk) {
                continue;
            }
            if (r.read(1) == 0) {
                continue;
            }
            int u = readBoardType(r);
            boolean promoted = canPromote(u) && r.read(1) == 1;
            int c = r.read(1);
            pos.board[sq] = (byte) make(c, promoted ? promoted(u) : u);
            pieces++;
        }
        boolean complete = bk != NO_KING && wk != NO_KING;
        while (!(complete && pieces == NON_KING_PIECES)) {
            int t = readHandType(r);
            if (t < 0) {
                break;
            }
            int c = r.read(1);
            pos.hand[c * 8 + t]++;
            pieces++;
        }
        pos.side = side;
        pos.afterEdit();
        return pos;
    }

    // After the leading 1 of a board code: 0 pawn; 1 then 00 lance, 01 knight, 10 silver, 110 gold,
    // 1110 bishop, 1111 rook.
    private static int readBoardType(BitReader r) {
        if (r.read(1) == 0) {
            return PAWN;
        }
        int two = r.read(2);
        if (two < 3) {
            return LANCE + two;
        }
        if (r.read(1) == 0) {
            return GOLD;
        }
        return r.read(1) == 0 ? BISHOP : ROOK;
    }

    /** A hand type, or -1 at the end marker. */
    private static int readHandType(BitReader r) {
        if (r.read(1) == 0) {
            return PAWN;
        }
        if (r.read(1) == 0) {
            return r.read(1) == 0 ? LANCE : KNIGHT;
        }
        if (r.read(1) == 0) {
            return r.read(1) == 0 ? SILVER : GOLD;
        }
        if (r.read(1) == 0) {
            return BISHOP;
        }
        return r.read(1) == 0 ? ROOK : -1;
    }

    private static final class BitWriter {
        private byte[] buf = new byte[34];
        private int bits;

        void write(int value, int len) {
            for (int i = len - 1; i >= 0; i--) {
                if (bits >> 3 == buf.length) {
                    buf = Arrays.copyOf(buf, buf.length * 2);
                }
                if ((value >>> i & 1) != 0) {
                    buf[bits >> 3] |= (byte) (0x80 >>> (bits & 7));
                }
                bits++;
            }
        }

        byte[] toBytes(int minLength) {
            return Arrays.copyOf(buf, Math.max(minLength, (bits + 7) >> 3));
        }
    }

    private static final class BitReader {
        private final byte[] buf;
        private int bits;

        BitReader(byte[] buf) {
            this.buf = buf;
        }

        int read(int len) {
            int v = 0;
            for (int i = 0; i < len; i++) {
                if (bits >> 3 >= buf.length) {
                    throw new IllegalArgumentException("packed position ends early at bit " + bits);
                }
                v = v << 1 | (buf[bits >> 3] >>> (7 - (bits & 7)) & 1);
                bits++;
            }
            return v;
        }
    }
}
