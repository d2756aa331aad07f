package dev.joseki.tournament;

import dev.joseki.notation.GameRecord;
import dev.joseki.rules.Result;
import dev.joseki.rules.Termination;

/**
 * A finished game: its task, the result as the runner's rules decided it, the full record (opening
 * moves included) for the CSA/KIF files, and the referee's time figures. Invariant: result is never
 * UNFINISHED.
 */
public record GameOutcome(
        GameTask task,
        Result result,
        Termination termination,
        String reason,
        GameRecord record,
        MoveTimes times) {
    public GameOutcome {
        if (result == Result.UNFINISHED) {
            throw new IllegalArgumentException("game " + task.id() + " is not finished");
        }
        if (times == null) {
            times = MoveTimes.NONE;
        }
    }

    /** A game without time figures. */
    public GameOutcome(
            GameTask task,
            Result result,
            Termination termination,
            String reason,
            GameRecord record) {
        this(task, result, termination, reason, record, MoveTimes.NONE);
    }

    public int plies() {
        return record.plies();
    }

    /**
     * Points of a player (index into the player list) in this game: 1, ½ or 0; NaN if not playing.
     */
    public double pointsOf(int player) {
        if (player != task.black() && player != task.white()) {
            return Double.NaN;
        }
        if (result == Result.DRAW) {
            return 0.5;
        }
        boolean blackWon = result == Result.BLACK_WIN;
        return (player == task.black()) == blackWon ? 1 : 0;
    }
}
