package dev.joseki.tournament;

import java.util.List;

/**
 * Plays the tasks one after another in this process, in schedule order, with one {@link
 * GameTaskPlayer}. An interrupt is seen between games: the game in progress is played out and left
 * out of the results.
 */
public final class LocalExecutor implements MatchExecutor {
    private final GameTaskPlayer player;

    public LocalExecutor(GameTaskPlayer player) {
        this.player = player;
    }

    @Override
    public void execute(List<GameTask> tasks, Sink sink) {
        for (GameTask t : tasks) {
            if (sink.interrupted()) {
                return;
            }
            GameOutcome o = player.play(t);
            // a game that ends after the interrupt may have lost its engines to the same signal
            if (sink.interrupted() || !sink.accept(o)) {
                return;
            }
        }
    }
}
