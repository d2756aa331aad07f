package dev.joseki.tournament;

import dev.joseki.play.EngineSpec;
import dev.joseki.play.GameSeed;
import dev.joseki.play.Opening;
import dev.joseki.play.Sampling;
import dev.joseki.records.GameRecords;

/**
 * One game to play, self-contained so that it can be sent to a remote worker: who has Black (sente)
 * and White, with their full specs, and the opening. Games come in pairs sharing an opening with
 * colours swapped: {@code id = 2·pair + gameInPair}; in game 0 of a pair the matchup's first player
 * has Black.
 *
 * @param black index of the Black player in the tournament's player list
 * @param white index of the White player
 * @param sampling the first engine plies after the opening drawn among near-best lines by the
 *     game's own seed ({@link Sampling}; OFF: the engines' own moves). Each game of a pair has its
 *     seed, so two engines that play alike still give two different games.
 */
public record GameTask(
        int id,
        int pair,
        int round,
        int black,
        int white,
        EngineSpec blackSpec,
        EngineSpec whiteSpec,
        Opening opening,
        Sampling sampling) {

    public GameTask {
        if (sampling == null) {
            throw new IllegalArgumentException("sampling missing (Sampling.OFF for none)");
        }
    }

    /** A game of the engines' own moves. */
    public GameTask(
            int id,
            int pair,
            int round,
            int black,
            int white,
            EngineSpec blackSpec,
            EngineSpec whiteSpec,
            Opening opening) {
        this(id, pair, round, black, white, blackSpec, whiteSpec, opening, Sampling.OFF);
    }

    public int gameInPair() {
        return id - 2 * pair;
    }

    /**
     * The stable id of game {@code game} of a tournament as a task: {@code <tournament>-g<game>}.
     */
    public static String taskId(String tournamentId, int game) {
        return tournamentId + "-g" + game;
    }

    /**
     * The seed of this game's task, from its stable id ({@link GameSeed#ofId}): the same here and
     * on a worker.
     */
    public long taskSeed(String tournamentId) {
        return GameSeed.ofId(taskId(tournamentId, id));
    }

    /** The game's seed: game 0 of its task, as a worker derives it ({@link GameSeed#game}). */
    public long gameSeed(String tournamentId) {
        return GameSeed.game(taskSeed(tournamentId), 0);
    }

    /**
     * The stable id of this game in tournament {@code tournamentId}, {@code
     * <tournament>-g<game>/0}: the key on the games topic.
     */
    public String gameId(String tournamentId) {
        return GameRecords.gameId(taskId(tournamentId, id), 0);
    }
}
