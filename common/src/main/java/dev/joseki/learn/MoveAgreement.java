package dev.joseki.learn;

import dev.joseki.engine.Evaluator;
import dev.joseki.engine.Limits;
import dev.joseki.engine.Search;
import dev.joseki.engine.SearchListener;
import dev.joseki.notation.PackedSfenValue;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;

/**
 * How often an evaluation's own choice agrees with the teacher's recorded best move: a depth-1
 * search (one ply and the quiescence search behind it, no root mate search) from each of the first
 * positions of a part that carry a legal recorded move.
 */
public final class MoveAgreement {
    /** Positions that carried a legal recorded move, and those where the choice was that move. */
    public record Result(int positions, int agreed) {
        public double rate() {
            return positions == 0 ? 0 : (double) agreed / positions;
        }
    }

    private MoveAgreement() {}

    public static Result measure(TrainingData.Part part, Evaluator evaluator, int maxPositions) {
        Search search = new Search(evaluator, 4);
        search.setRootMateNodes(0);
        int positions = 0, agreed = 0;
        for (int i = 0; i < part.count() && positions < maxPositions; i++) {
            PackedSfenValue v = PackedSfenValue.read(part.records(), i * PackedSfenValue.BYTES);
            Position pos = v.position();
            int move = v.move(pos);
            if (Move.isSpecial(move) || !pos.isLegal(move)) {
                continue;
            }
            positions++;
            int best = search.go(pos, null, Limits.depth(1), SearchListener.NONE).bestMove();
            if (Move.move16(best) == v.move16()) {
                agreed++;
            }
        }
        return new Result(positions, agreed);
    }
}
