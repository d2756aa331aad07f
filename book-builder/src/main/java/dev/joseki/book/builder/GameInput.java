package dev.joseki.book.builder;

import java.io.Serializable;

/**
 * One game as read from a source, before validation: start SFEN, USI moves, the result when the source
 * states one ({@code black_win|white_win|draw|unfinished}, or null to judge it by replaying the moves),
 * player names (may be empty) and where it came from (file:line or topic/partition/offset). A record the
 * reader could not parse carries its message in {@code error} and is counted as rejected by the job.
 */
public record GameInput(String gameId, String startSfen, String[] usiMoves, String result, String black,
                        String white, String source, String error) implements Serializable {

    public GameInput(String gameId, String startSfen, String[] usiMoves, String result, String black,
                     String white, String source) {
        this(gameId, startSfen, usiMoves, result, black, white, source, null);
    }

    static GameInput rejected(String gameId, String source, String error) {
        return new GameInput(gameId, "", new String[0], null, "", "", source, error);
    }
}
