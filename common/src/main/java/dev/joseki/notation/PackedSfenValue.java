package dev.joseki.notation;

import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.util.Arrays;

/**
 * One training position in YaneuraOu's learner format ({@code PackedSfenValue}, named {@code
 * PsvRecord} in {@code source/position.h}): 40 bytes, little-endian.
 *
 * <pre>
 *   bytes  0-31  {@link PackedSfen}
 *   bytes 32-33  score: int16, centipawns-like search score for the side to move
 *   bytes 34-35  move: uint16 Move16 (the best move of the search that gave the score)
 *   bytes 36-37  gamePly: uint16, the position's move number (1 at the start position)
 *   byte     38  game_result: int8, the game's result for the side to move: 1 win, 0 draw, -1 loss
 *   byte     39  padding, 0
 * </pre>
 *
 * YaneuraOu's Move16 has our packed move's low 16 bits exactly (to in bits 0-6, from or the dropped
 * type 1..7 in bits 7-13, drop flag bit 14, promotion bit 15; the same square and piece numbering
 * and the same from == to sentinels for none, null, resign and win), so {@link #toMove16} keeps
 * those bits and {@link #move(Position)} completes them on the board.
 */
public record PackedSfenValue(byte[] packedSfen, int score, int move16, int gamePly, int result) {
    public static final int BYTES = 40;

    public PackedSfenValue {
        if (packedSfen.length != PackedSfen.BYTES) {
            throw new IllegalArgumentException("packed SFEN of " + packedSfen.length + " bytes");
        }
        packedSfen = packedSfen.clone();
        check("score", score, Short.MIN_VALUE, Short.MAX_VALUE);
        check("move", move16, 0, 0xffff);
        check("gamePly", gamePly, 0, 0xffff);
        check("game_result", result, -1, 1);
    }

    /** The record of pos with a search score and best move for the side to move. */
    public static PackedSfenValue of(Position pos, int score, int move, int result) {
        return new PackedSfenValue(
                PackedSfen.pack(pos), score, toMove16(move), pos.moveNumber(), result);
    }

    @Override
    public byte[] packedSfen() {
        return packedSfen.clone();
    }

    /** The position, with gamePly as its move number (1 when the record says 0). */
    public Position position() {
        return PackedSfen.unpack(packedSfen, 0, Math.max(1, gamePly));
    }

    /** The recorded move completed on pos (this record's position); sentinels stay as they are. */
    public int move(Position pos) {
        return fromMove16(pos, move16);
    }

    public static int toMove16(int move) {
        return Move.move16(move);
    }

    /** A Move16 completed with the moving and captured piece on pos; not checked for legality. */
    public static int fromMove16(Position pos, int move16) {
        return Move.isSpecial(move16) ? move16 : pos.completeMove(move16);
    }

    public void write(byte[] out, int offset) {
        System.arraycopy(packedSfen, 0, out, offset, PackedSfen.BYTES);
        putShort(out, offset + 32, score);
        putShort(out, offset + 34, move16);
        putShort(out, offset + 36, gamePly);
        out[offset + 38] = (byte) result;
        out[offset + 39] = 0;
    }

    public byte[] toBytes() {
        byte[] out = new byte[BYTES];
        write(out, 0);
        return out;
    }

    /** Reads the record at in[offset ..]; a game_result outside -1..1 throws. */
    public static PackedSfenValue read(byte[] in, int offset) {
        return new PackedSfenValue(
                Arrays.copyOfRange(in, offset, offset + PackedSfen.BYTES),
                score(in, offset),
                move16(in, offset),
                gamePly(in, offset),
                result(in, offset));
    }

    // Field readers on raw bytes, for callers that stream records without building objects.

    public static int score(byte[] in, int offset) {
        return (short) unsignedShort(in, offset + 32);
    }

    public static int move16(byte[] in, int offset) {
        return unsignedShort(in, offset + 34);
    }

    public static int gamePly(byte[] in, int offset) {
        return unsignedShort(in, offset + 36);
    }

    public static int result(byte[] in, int offset) {
        return in[offset + 38];
    }

    private static int unsignedShort(byte[] in, int at) {
        return (in[at] & 0xff) | (in[at + 1] & 0xff) << 8;
    }

    private static void putShort(byte[] out, int at, int v) {
        out[at] = (byte) v;
        out[at + 1] = (byte) (v >>> 8);
    }

    private static void check(String field, int v, int min, int max) {
        if (v < min || v > max) {
            throw new IllegalArgumentException(field + " " + v + " outside " + min + ".." + max);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PackedSfenValue v
                && Arrays.equals(packedSfen, v.packedSfen)
                && score == v.score
                && move16 == v.move16
                && gamePly == v.gamePly
                && result == v.result;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(packedSfen) * 31 + score * 7 + move16 * 3 + gamePly + result;
    }

    @Override
    public String toString() {
        return "PackedSfenValue[score="
                + score
                + ", move16="
                + move16
                + ", gamePly="
                + gamePly
                + ", result="
                + result
                + "]";
    }
}
