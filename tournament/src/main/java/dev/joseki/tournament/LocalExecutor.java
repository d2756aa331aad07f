package dev.joseki.tournament;

import java.util.List;

/**
 * Plays the tasks one after another in this process, in schedule order, with one {@link
 * GameTaskPlayer}.
 */
public final class LocalExecutor implements MatchExecutor {
    private final GameTaskPlayer player;

    public LocalExecutor(GameTaskPlayer player) {
        this.player = player;
    }

    @Override
    public void execute(List<GameTask> tasks, Sink sink) {
        for (GameTask t : tasks) {
            if (!sink.accept(player.play(t))) {
                return;
            }
        }
    }
}
