package dev.joseki.play;

import java.util.List;
import java.util.Locale;

/**
 * The capacity rule of clocked games (docs/time-controls.md): a clock is only fair when every
 * thinking engine has its cores. The two engines of a game think in turn, so a game needs the
 * larger of their thread counts; an engine that ponders thinks on the opponent's time too, and then
 * the game needs both counts added. Games at once times that must not exceed the machine's cores.
 * Per-move node and depth limits need no check: they do not depend on speed (a movetime or byoyomi
 * limit does, but keeps its old meaning and is not checked).
 */
public final class CoreCapacity {
    private CoreCapacity() {}

    /** The engine's search threads: its option Threads (built-in and USI engines alike), else 1. */
    public static int threads(EngineSpec spec) {
        try {
            String t = spec.options().getOrDefault("Threads", "1").trim();
            return Math.max(1, Integer.parseInt(t));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    private static boolean ponders(EngineSpec spec) {
        return "true".equalsIgnoreCase(spec.options().getOrDefault("USI_Ponder", "false").trim());
    }

    /** Cores one game between these engines needs. */
    public static int coresPerGame(EngineSpec black, EngineSpec white) {
        int b = threads(black), w = threads(white);
        return ponders(black) || ponders(white) ? b + w : Math.max(b, w);
    }

    /** The most cores any game among {@code players} needs (every pair may meet). */
    public static int coresPerGame(List<EngineSpec> players) {
        int most = 1;
        for (EngineSpec a : players) {
            for (EngineSpec b : players) {
                if (a != b || players.size() == 1) {
                    most = Math.max(most, coresPerGame(a, b));
                }
            }
        }
        return most;
    }

    /** Whether any of {@code players} plays on a clock. */
    public static boolean anyClocked(List<EngineSpec> players) {
        return players.stream().anyMatch(EngineSpec::clocked);
    }

    /**
     * Null when {@code gamesAtOnce} clocked games of {@code players} fit in {@code cores}, else the
     * one line that says why not. Players without a clock need no check.
     */
    public static String problem(List<EngineSpec> players, int gamesAtOnce, int cores) {
        if (!anyClocked(players)) {
            return null;
        }
        int perGame = coresPerGame(players);
        if ((long) perGame * gamesAtOnce <= cores) {
            return null;
        }
        return String.format(
                Locale.ROOT,
                "clocked games would share cores: %d game%s at once x %d thread%s per game = %d >"
                    + " %d cores; play fewer games at once (--concurrency %d) or fewer Threads, or"
                    + " allow it with --allow-shared-cores",
                gamesAtOnce,
                gamesAtOnce == 1 ? "" : "s",
                perGame,
                perGame == 1 ? "" : "s",
                perGame * gamesAtOnce,
                cores,
                Math.max(1, cores / perGame));
    }

    /** Games at once that fit: cores / cores per game, at least 1. */
    public static int gamesThatFit(List<EngineSpec> players, int cores) {
        return Math.max(1, cores / coresPerGame(players));
    }
}
