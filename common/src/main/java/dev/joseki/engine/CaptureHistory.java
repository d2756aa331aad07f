package dev.joseki.engine;

import dev.joseki.rules.Move;
import dev.joseki.rules.Piece;

/**
 * How a capture or promotion did when it was searched: the entry rises when the move cut off and
 * falls when it was tried before the move that did. It refines the order that material alone gives
 * the tactical moves (the victim's value, then the cheaper attacker): a capture that keeps failing
 * here, say onto a defended square, drops behind a smaller one that keeps working.
 *
 * <p>A move is known by its piece after the move and destination ({@link
 * ContinuationHistory#pieceTo}) and the type of the piece it takes (0 for a promotion without
 * capture): 32 × 81 × 16 shorts, updated by {@link HistoryGravity}.
 */
final class CaptureHistory {
    private final short[] table = new short[32 * 81 * 16];

    private static int index(int m) {
        return ContinuationHistory.pieceTo(m) << 4 | Piece.type(Move.captured(m));
    }

    int get(int m) {
        return table[index(m)];
    }

    void add(int m, int bonus) {
        final int i = index(m);
        table[i] = (short) HistoryGravity.add(table[i], bonus);
    }

    void clear() {
        java.util.Arrays.fill(table, (short) 0);
    }
}
