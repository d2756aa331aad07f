package dev.joseki.engine;

import dev.joseki.rules.Move;
import dev.joseki.rules.Piece;

/**
 * How a quiet move did as the follow-up of an earlier move: the entry for (earlier move, this move)
 * rises when this move cut off after that one and falls when it was tried before the move that did.
 * The search reads it for the opponent's last move (a counter-move history) and for its own move
 * two plies back (a follow-up history), beside the butterfly history that knows the move alone.
 *
 * <p>A move is known here by its piece after the move (coloured, promoted when it promotes) and its
 * destination, {@link #pieceTo}: 32 × 81 keys, so the table holds (32 × 81)² shorts, 13.4 MB,
 * updated by {@link HistoryGravity}.
 */
final class ContinuationHistory {
    /**
     * No earlier move to follow (the root's past, a null move): reads give 0 and updates are
     * skipped.
     */
    static final int NONE = -1;

    private static final int KEYS = 32 * 81;

    private final short[] table = new short[KEYS * KEYS];

    /** The key of a move: its coloured piece after the move and its destination. */
    static int pieceTo(int m) {
        final int piece = Move.piece(m) | (Move.isPromotion(m) ? Piece.PROMOTED : 0);
        return piece * 81 + Move.to(m);
    }

    int get(int earlier, int pieceTo) {
        return earlier == NONE ? 0 : table[earlier * KEYS + pieceTo];
    }

    void add(int earlier, int pieceTo, int bonus) {
        if (earlier == NONE) {
            return;
        }
        final int i = earlier * KEYS + pieceTo;
        table[i] = (short) HistoryGravity.add(table[i], bonus);
    }

    void clear() {
        java.util.Arrays.fill(table, (short) 0);
    }
}
