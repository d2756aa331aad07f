package dev.joseki.book.builder.training;

/**
 * Which positions the export leaves out, as YaneuraOu's and Stockfish's trainers do with the data
 * they generate: a mate score (a distance to mate, not an evaluation to fit), a position in check
 * (its score is about the evasion, and the trainers skip it), a score beyond the evaluation limit
 * (a decided game: YaneuraOu's {@code gensfen} stops a game there, 3000 by default), and a game
 * without a result (nothing for the result term of the loss).
 */
public final class TrainingFilter {
    /** Why a position is left out; {@link #id} is its name in stats.json. */
    public enum Reason {
        MATE_SCORE("mate_score"),
        IN_CHECK("in_check"),
        EVAL_LIMIT("eval_limit"),
        NO_RESULT("no_result");

        private final String id;

        Reason(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }
    }

    /** YaneuraOu gensfen's default eval_limit. */
    public static final int DEFAULT_EVAL_LIMIT = 3000;

    private TrainingFilter() {}

    /** Null when the position is kept, else the first reason to leave it out, in Reason order. */
    public static Reason drop(TrainingSample s, int evalLimit) {
        if (s.mate()) {
            return Reason.MATE_SCORE;
        }
        if (s.inCheck()) {
            return Reason.IN_CHECK;
        }
        if (Math.abs(s.score()) > evalLimit) {
            return Reason.EVAL_LIMIT;
        }
        if (s.result() == TrainingSample.NO_RESULT) {
            return Reason.NO_RESULT;
        }
        return null;
    }
}
