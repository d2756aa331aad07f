package dev.joseki.records;

import dev.joseki.notation.Sfen;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which games are the same game: the same start position and the same moves (results, players and
 * ids aside). Self-play summaries, tournament reports and {@code book build} all count duplicates
 * this way.
 */
public final class DistinctGames {
    /** How many games, and how many of them are distinct; the rest are duplicates of another. */
    public record Count(long games, long distinct) {
        public long duplicates() {
            return games - distinct;
        }

        /** distinct / games; 1 for no games. */
        public double distinctShare() {
            return games == 0 ? 1.0 : (double) distinct / games;
        }
    }

    private DistinctGames() {}

    /**
     * A game's identity as one string: the start SFEN (empty means the start position) and the USI
     * moves.
     */
    public static String key(String startSfen, List<String> usiMoves) {
        String start =
                startSfen.isEmpty() || startSfen.equals("startpos") ? Sfen.STARTPOS : startSfen;
        return start + " moves " + String.join(" ", usiMoves);
    }

    public static Count count(Collection<String> keys) {
        Set<String> distinct = new HashSet<>(keys);
        return new Count(keys.size(), distinct.size());
    }
}
