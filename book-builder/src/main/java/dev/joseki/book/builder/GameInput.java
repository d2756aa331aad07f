package dev.joseki.book.builder;

import dev.joseki.rules.Result;
import java.io.Serial;
import java.io.Serializable;

/**
 * One game as read from a source, before validation: start SFEN, USI moves, the result when the
 * source states one (null to judge it by replaying the moves), player names (may be empty) and
 * where it came from (file:line or topic/partition/offset). A record the reader could not parse
 * carries its message in {@code error} and is counted as rejected by the job. {@code sourceId} is
 * the {@link BookSource#id} of the build input it was read from (0 until tagged). {@code
 * randomPlies} are the 0-based plies that were uniformly random opening plies (from a Kafka
 * record's {@code BOOK_SOURCE_RANDOM_OPENING}; files have none), ascending: not book moves unless
 * the build counts them.
 */
public record GameInput(
        String gameId,
        String startSfen,
        String[] usiMoves,
        Result result,
        String black,
        String white,
        String source,
        String error,
        int sourceId,
        int[] randomPlies)
        implements Serializable {

    public GameInput(
            String gameId,
            String startSfen,
            String[] usiMoves,
            Result result,
            String black,
            String white,
            String source) {
        this(gameId, startSfen, usiMoves, result, black, white, source, null, 0, new int[0]);
    }

    static GameInput rejected(String gameId, String source, String error) {
        return new GameInput(gameId, "", new String[0], null, "", "", source, error, 0, new int[0]);
    }

    /** The same game, read from build input {@code id}. */
    GameInput withSourceId(int id) {
        return new GameInput(
                gameId, startSfen, usiMoves, result, black, white, source, error, id, randomPlies);
    }

    /** The same game with its random plies marked. */
    GameInput withRandomPlies(int[] plies) {
        return new GameInput(
                gameId, startSfen, usiMoves, result, black, white, source, error, sourceId, plies);
    }

    /** Whether ply {@code i} (0-based) was a random opening ply. */
    boolean isRandomPly(int i) {
        return java.util.Arrays.binarySearch(randomPlies, i) >= 0;
    }

    /** Same start and moves: see {@link dev.joseki.records.DistinctGames}. */
    String movesKey() {
        return dev.joseki.records.DistinctGames.key(startSfen, java.util.Arrays.asList(usiMoves));
    }

    /**
     * Games cross Spark shuffles and the serialized cache as {@link Compact}: the moves joined into
     * one string, since Java serialization of an array of ~100 short strings costs far more than
     * one string.
     */
    @Serial
    private Object writeReplace() {
        return new Compact(this);
    }

    private static final class Compact implements Serializable {
        @Serial private static final long serialVersionUID = 1L;
        private final String gameId, startSfen, moves, black, white, source, error;
        private final Result result;
        private final int moveCount, sourceId;
        private final int[] randomPlies;

        /**
         * The array itself when a (malformed) move contains a space and joining would not
         * round-trip.
         */
        private final String[] raw;

        Compact(GameInput g) {
            gameId = g.gameId;
            startSfen = g.startSfen;
            boolean joinable =
                    java.util.Arrays.stream(g.usiMoves)
                            .noneMatch(m -> m == null || m.indexOf(' ') >= 0);
            moves = joinable ? String.join(" ", g.usiMoves) : null;
            raw = joinable ? null : g.usiMoves;
            moveCount = g.usiMoves.length;
            result = g.result;
            black = g.black;
            white = g.white;
            source = g.source;
            error = g.error;
            sourceId = g.sourceId;
            randomPlies = g.randomPlies;
        }

        @Serial
        private Object readResolve() {
            String[] m = raw != null ? raw : moveCount == 0 ? new String[0] : moves.split(" ", -1);
            return new GameInput(
                    gameId,
                    startSfen,
                    m,
                    result,
                    black,
                    white,
                    source,
                    error,
                    sourceId,
                    randomPlies);
        }
    }
}
