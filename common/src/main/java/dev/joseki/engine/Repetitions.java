package dev.joseki.engine;

import static dev.joseki.engine.Score.DRAW;
import static dev.joseki.engine.Score.PERPETUAL_WIN;

import dev.joseki.rules.Position;

/**
 * Repetition inside the search tree (and back into the game history): a position seen again is a
 * draw, unless one side gave check with every one of its moves since, which loses (perpetual
 * check). Positions across a null move are not compared.
 *
 * <p>Reads the search's line as it stands: inCheck[ply] (the side to move at ply is in check) and
 * sinceNull[ply] (plies since the last null move), both written by the search; before the root, the
 * game's own checks.
 */
final class Repetitions {
    /** How far back a repetition is looked for, in plies. */
    private static final int HORIZON = 64;

    private final Position pos;
    private final boolean[] inCheck;
    private final int[] sinceNull;
    private boolean[] gameChecks;
    private int gameLength;

    Repetitions(Position pos, boolean[] inCheck, int[] sinceNull) {
        this.pos = pos;
        this.inCheck = inCheck;
        this.sinceNull = sinceNull;
    }

    /**
     * A new root: checks[i] says whether the side to move was in check at the game's i-th position.
     */
    void newRoot(boolean[] checks, int historyLength) {
        gameChecks = checks;
        gameLength = historyLength;
    }

    /** The score of the position at ply if it repeats, else Integer.MIN_VALUE. */
    int score(int ply) {
        final int max = Math.min(pos.historyLength(), Math.min(sinceNull[ply], HORIZON));
        final long k = pos.key();
        for (int ago = 4; ago <= max; ago += 2) {
            if (pos.keyAt(ago) == k) {
                if (allChecks(ply, ago, 0)) {
                    return PERPETUAL_WIN; // the opponent checked all along: they lose
                }
                if (allChecks(ply, ago, 1)) {
                    return -PERPETUAL_WIN;
                }
                return DRAW;
            }
        }
        return Integer.MIN_VALUE;
    }

    /** Was the side to move in check at every position offset, offset+2, ... < span plies ago? */
    private boolean allChecks(int ply, int span, int offset) {
        for (int i = offset; i < span; i += 2) {
            if (!inCheckAgo(ply, i)) {
                return false;
            }
        }
        return true;
    }

    private boolean inCheckAgo(int ply, int ago) {
        if (ago <= ply) {
            return inCheck[ply - ago];
        }
        final int index = gameLength - (ago - ply);
        return gameChecks != null && index >= 0 && index < gameChecks.length && gameChecks[index];
    }
}
