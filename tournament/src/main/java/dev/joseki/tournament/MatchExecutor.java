package dev.joseki.tournament;

import java.util.List;

/**
 * Where a tournament's games are played. The tournament hands over all tasks at once and receives
 * each finished game through the sink, in any order and from any thread (calls to the sink must be
 * serialised by the executor). The sink returns false when the tournament is decided (SPRT); the
 * executor then stops handing out games and returns once the games in flight are finished or
 * abandoned. When the sink says it is {@linkplain Sink#interrupted() interrupted} (Ctrl-C), the
 * executor returns within about a second, leaves whatever it has queued for a re-run, and delivers
 * nothing more.
 *
 * <p>{@link LocalExecutor} plays in this process; a distributed executor (tasks to workers through
 * Kafka, records back, de-duplicated by game id) implements the same interface.
 */
public interface MatchExecutor {
    void execute(List<GameTask> tasks, Sink sink);

    @FunctionalInterface
    interface Sink {
        /**
         * @return false to stop: no more games are needed
         */
        boolean accept(GameOutcome outcome);

        /** True once the user stopped the run: return soon, without retiring queued tasks. */
        default boolean interrupted() {
            return false;
        }
    }
}
