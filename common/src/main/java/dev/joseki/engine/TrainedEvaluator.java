package dev.joseki.engine;

import static dev.joseki.rules.Piece.*;

import dev.joseki.rules.Move;
import dev.joseki.rules.Position;

/**
 * A trained linear evaluation over a {@link FeatureSet} ({@link EvalWeights}, loaded from an {@link
 * EvalFile}): material plus, for each king, the sum of its view's table entries.
 *
 * <p>Incremental state, three ints per ply in 1/{@link EvalWeights#SCALE} centipawn: Black's view
 * sum, White's view sum (each from its own side) and material from Black's side. A move changes at
 * most four entries of each view (the piece leaving its square, arriving promoted or not, the
 * captured piece, the hand piece gained or dropped); a king move changes the row of its own view,
 * which is then summed afresh, while the other view sees the king as one more moving piece. The
 * score for the side to move is (Black sum - White sum + material) / SCALE, truncated towards zero
 * on both sides so that a position and its flipped twin score the same.
 *
 * <p>For a {@link FeatureSet#residual} set ({@link FeatureSet#HKP}) the score is the default {@link
 * HandcraftedEvaluator}'s plus that one, and the state holds the handcrafted evaluator's own
 * incremental state after the three ints.
 */
public final class TrainedEvaluator implements Evaluator {
    private static final int STATE = 3;

    private final FeatureSet features;
    private final int[] material;
    private final short[] table;

    /** The handcrafted evaluation under a residual set, else null. */
    private final HandcraftedEvaluator base;

    private final int stateSize;

    public TrainedEvaluator(EvalWeights weights) {
        if (weights.features().network()) {
            throw new IllegalArgumentException("a network: use NetworkEvaluator");
        }
        this.features = weights.features();
        this.material = weights.material();
        this.table = weights.table();
        this.base = features.residual ? new HandcraftedEvaluator() : null;
        this.stateSize = STATE + (base == null ? 0 : base.stateSize());
    }

    public FeatureSet features() {
        return features;
    }

    @Override
    public int evaluate(Position pos) {
        int[] state = new int[stateSize];
        refresh(pos, state, 0);
        return evaluate(pos, state, 0);
    }

    @Override
    public int stateSize() {
        return stateSize;
    }

    @Override
    public void refresh(Position pos, int[] state, int at) {
        state[at] = viewSum(pos, BLACK);
        state[at + 1] = viewSum(pos, WHITE);
        int m = 0;
        for (int half = 0; half < 2; half++) {
            for (long bits = pos.occupied(half); bits != 0; bits &= bits - 1) {
                int p = pos.pieceOn(Long.numberOfTrailingZeros(bits) + 63 * half);
                m += signed(p, material[FeatureSet.boardMaterial(p & 15)]);
            }
        }
        for (int h = PAWN; h <= GOLD; h++) {
            m +=
                    (pos.handCount(BLACK, h) - pos.handCount(WHITE, h))
                            * material[FeatureSet.handMaterial(h)];
        }
        state[at + 2] = m;
        if (base != null) {
            base.refresh(pos, state, at + STATE);
        }
    }

    /** The sum of the table entries of colour view's features, from view's side. */
    private int viewSum(Position pos, int view) {
        if (features.rows == 0) {
            return 0;
        }
        final int row = features.rowStart(view, pos.kingSquare(view));
        int s = 0;
        for (int half = 0; half < 2; half++) {
            for (long bits = pos.occupied(half); bits != 0; bits &= bits - 1) {
                int sq = Long.numberOfTrailingZeros(bits) + 63 * half;
                s += table[row + FeatureSet.boardIndex(view, pos.pieceOn(sq), sq)];
            }
        }
        for (int c = 0; c < 2; c++) {
            for (int h = PAWN; h <= GOLD; h++) {
                for (int n = pos.handCount(c, h); n > 0; n--) {
                    s += table[row + FeatureSet.handIndex(view, c, h, n)];
                }
            }
        }
        return s;
    }

    @Override
    public void update(Position pos, int move, int[] state, int parent, int at) {
        final int piece = Move.piece(move), mover = piece >> 4;
        final boolean drop = Move.isDrop(move);
        final int sign = mover == BLACK ? 1 : -1;
        if (base != null) {
            base.update(pos, move, state, parent + STATE, at + STATE);
        }
        int m = state[parent + 2];
        if (drop) {
            int t = piece & 15;
            m +=
                    sign
                            * (material[FeatureSet.boardMaterial(t)]
                                    - material[FeatureSet.handMaterial(t)]);
        } else {
            int placed = Move.isPromotion(move) ? piece + PROMOTED : piece;
            int captured = Move.captured(move);
            m +=
                    sign
                            * (material[FeatureSet.boardMaterial(placed & 15)]
                                    - material[FeatureSet.boardMaterial(piece & 15)]);
            if (captured != 0) {
                int u = unpromoted(captured & 15);
                m +=
                        sign
                                * (material[FeatureSet.boardMaterial(captured & 15)]
                                        + material[FeatureSet.handMaterial(u)]);
            }
        }
        state[at + 2] = m;
        if (features.rows == 0) {
            state[at] = state[at + 1] = 0;
            return;
        }
        for (int view = 0; view < 2; view++) {
            if (!drop && (piece & 15) == KING && view == mover) {
                state[at + view] = viewSum(pos, view); // the king's row changed
            } else {
                state[at + view] = state[parent + view] + delta(pos, move, view);
            }
        }
    }

    /** How move changes the sum of colour view's features (its king did not move). */
    private int delta(Position pos, int move, int view) {
        final int row = features.rowStart(view, pos.kingSquare(view));
        final int piece = Move.piece(move), to = Move.to(move), mover = piece >> 4;
        if (Move.isDrop(move)) {
            int t = piece & 15, left = pos.handCount(mover, t);
            return table[row + FeatureSet.boardIndex(view, piece, to)]
                    - table[row + FeatureSet.handIndex(view, mover, t, left + 1)];
        }
        final int placed = Move.isPromotion(move) ? piece + PROMOTED : piece;
        int d =
                table[row + FeatureSet.boardIndex(view, placed, to)]
                        - table[row + FeatureSet.boardIndex(view, piece, Move.from(move))];
        final int captured = Move.captured(move);
        if (captured != 0) {
            int u = unpromoted(captured & 15);
            d +=
                    table[row + FeatureSet.handIndex(view, mover, u, pos.handCount(mover, u))]
                            - table[row + FeatureSet.boardIndex(view, captured, to)];
        }
        return d;
    }

    @Override
    public int evaluate(Position pos, int[] state, int at) {
        int total = state[at] - state[at + 1] + state[at + 2];
        int v = (pos.sideToMove() == BLACK ? total : -total) / EvalWeights.SCALE;
        if (base != null) {
            v += base.evaluate(pos, state, at + STATE);
        }
        return Math.max(-Score.PERPETUAL_WIN + 1, Math.min(Score.PERPETUAL_WIN - 1, v));
    }

    private static int signed(int p, int v) {
        return (p >> 4) == BLACK ? v : -v;
    }
}
