package dev.joseki.learn;

import dev.joseki.engine.HandcraftedEvaluator;
import dev.joseki.engine.Material;
import dev.joseki.notation.PackedSfenValue;
import dev.joseki.rules.Checks;
import dev.joseki.rules.Exchange;
import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Position;

/**
 * The quiet end of a tactical training position: the teacher's best move (a capture or a promotion)
 * played, then the principal line of a small quiescence search down to its leaf.
 *
 * <p>Why: at a position whose best move takes material, the teacher's score counts material about
 * to change hands, which a static evaluation cannot see there; at the end of the exchange it can.
 * YaneuraOu's learner trains at such leaves for the same reason. Resolving these positions instead
 * of leaving them out keeps the (in self-play, most) positions where something hangs.
 *
 * <p>The quiescence search: captures and promotions that do not lose material by exchange and do
 * not give check, the handcrafted evaluation standing pat, at most {@link #MAX_PLIES} plies. The
 * leaf's record carries the root's score and result for the leaf's side to move (negated after an
 * odd number of plies), no move, and the leaf's move number. A first move that is not legal, or a
 * leaf in check (the teacher's move gave check), gives no leaf. Deterministic: a record has one
 * leaf.
 */
public final class QuietLeaf {
    static final int MAX_PLIES = 12;
    private static final int INFINITE = 32_000;

    private final HandcraftedEvaluator eval = new HandcraftedEvaluator();
    private final Exchange exchange = new Exchange(Material.exchangeValues());
    private final int[][] moves = new int[MAX_PLIES][MoveGenerator.MAX_MOVES];

    /** pv[ply][0 .. pvLength[ply]): the line found below ply. */
    private final int[][] pv = new int[MAX_PLIES + 1][MAX_PLIES + 1];

    private final int[] pvLength = new int[MAX_PLIES + 1];

    /**
     * Writes the record of the leaf behind v to out[outOffset ..]; returns false, writing nothing,
     * when there is none.
     */
    public boolean resolve(PackedSfenValue v, byte[] out, int outOffset) {
        Position pos = v.position();
        int first = v.move(pos);
        if (Move.isSpecial(first) || !pos.isLegal(first)) {
            return false;
        }
        pos.doMove(first);
        if (pos.inCheck()) {
            return false;
        }
        qsearch(pos, -INFINITE, INFINITE, 0);
        int plies = 1;
        for (int i = 0; i < pvLength[0]; i++) {
            pos.doMove(pv[0][i]);
            plies++;
        }
        int sign = (plies & 1) == 0 ? 1 : -1;
        PackedSfenValue.of(pos, sign * v.score(), Move.NONE, sign * v.result())
                .write(out, outOffset);
        return true;
    }

    private int qsearch(Position pos, int alpha, int beta, int ply) {
        pvLength[ply] = 0;
        int best = eval.evaluate(pos);
        if (best >= beta || ply == MAX_PLIES) {
            return best;
        }
        alpha = Math.max(alpha, best);
        int[] list = moves[ply];
        int n = MoveGenerator.generate(pos, list, 0, MoveGenerator.TACTICAL, true);
        for (int i = 0; i < n; i++) {
            int m = list[i];
            if (!exchange.atLeast(pos, m, 0) || Checks.willGiveCheck(pos, m)) {
                continue;
            }
            pos.doMove(m);
            int v = -qsearch(pos, -beta, -alpha, ply + 1);
            pos.undoMove(m);
            if (v > best) {
                best = v;
                if (v > alpha) {
                    pv[ply][0] = m;
                    System.arraycopy(pv[ply + 1], 0, pv[ply], 1, pvLength[ply + 1]);
                    pvLength[ply] = pvLength[ply + 1] + 1;
                    if (v >= beta) {
                        break;
                    }
                    alpha = v;
                }
            }
        }
        return best;
    }
}
