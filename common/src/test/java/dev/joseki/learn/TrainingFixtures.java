package dev.joseki.learn;

import dev.joseki.notation.PackedSfenValue;
import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Position;
import dev.joseki.rules.RandomGames;
import java.io.ByteArrayOutputStream;
import java.util.function.ToIntFunction;

/** Training records of seeded random games, labelled by a given evaluation. */
final class TrainingFixtures {
    private TrainingFixtures() {}

    /**
     * Every position of the games whose label lies within ±limit, with score = label(pos) for the
     * side to move, result = the sign of the score, and the first legal move as the "best" move.
     */
    static TrainingData.Part part(
            long seed, int games, int plies, int limit, ToIntFunction<Position> label) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int[] count = {0};
        RandomGames.walk(
                seed,
                games,
                plies,
                pos -> {
                    int score = label.applyAsInt(pos);
                    int n = MoveGenerator.generateLegal(pos, moves, 0);
                    if (Math.abs(score) > limit || n == 0) {
                        return;
                    }
                    out.writeBytes(
                            PackedSfenValue.of(pos, score, moves[0], Integer.signum(score))
                                    .toBytes());
                    count[0]++;
                },
                RandomGames.STARTS);
        return new TrainingData.Part(out.toByteArray(), count[0]);
    }

    static int noMove() {
        return Move.NONE;
    }
}
