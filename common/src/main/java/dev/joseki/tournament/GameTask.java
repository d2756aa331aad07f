package dev.joseki.tournament;

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
}
