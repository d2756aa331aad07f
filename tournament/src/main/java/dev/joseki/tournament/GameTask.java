package dev.joseki.tournament;

import dev.joseki.play.EngineSpec;
import dev.joseki.play.Opening;
import dev.joseki.play.Referee;
import dev.joseki.records.GameRecords;

/**
 * One game to play, self-contained so that it can be sent to a remote worker: who has Black (sente) and
 * White, with their full specs, and the opening. Games come in pairs sharing an opening with colours
 * swapped: {@code id = 2·pair + gameInPair}; in game 0 of a pair the matchup's first player has Black.
 *
 * @param black index of the Black player in the tournament's player list
 * @param white index of the White player
 */
public record GameTask(int id, int pair, int round, int black, int white, EngineSpec blackSpec,
        EngineSpec whiteSpec, Opening opening) {

    public int gameInPair() {
        return id - 2 * pair;
    }

    /** The stable id of game {@code game} of a tournament as a task: {@code <tournament>-g<game>}. */
    public static String taskId(String tournamentId, int game) {
        return tournamentId + "-g" + game;
    }

    /**
     * The stable id of this game in tournament {@code tournamentId}, {@code <tournament>-g<game>/0}: the key
     * on the games topic, and the seed of the players' random choices ({@link Referee#seedOf}), so a game
     * is the same in this process and on a worker.
     */
    public String gameId(String tournamentId) {
        return GameRecords.gameId(taskId(tournamentId, id), 0);
    }
}
