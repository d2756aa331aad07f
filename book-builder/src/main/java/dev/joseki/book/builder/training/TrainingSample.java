package dev.joseki.book.builder.training;

import dev.joseki.records.proto.GameResult;
import dev.joseki.records.proto.TrainingPosition;
import java.io.Serializable;
import java.util.HexFormat;

/**
 * What the export keeps of a {@link TrainingPosition}: its id, its position key (hex, the key of
 * deduplication), the position and the teacher's label, and the game's result for the side to move
 * ({@link #NO_RESULT} when the game has none).
 *
 * @param score the teacher's score for the side to move (centipawns, or a mate score if {@code
 *     mate})
 * @param result 1 the side to move won, 0 a draw, -1 it lost
 */
public record TrainingSample(
        String positionId,
        String key,
        String sfen,
        int score,
        boolean mate,
        String bestMove,
        int ply,
        boolean inCheck,
        int result)
        implements Serializable {
    /** The result of a game that has none (unfinished or unknown). */
    public static final int NO_RESULT = Integer.MIN_VALUE;

    public static TrainingSample of(TrainingPosition p) {
        return new TrainingSample(
                p.getPositionId(),
                HexFormat.of().formatHex(p.getPositionKey().toByteArray()),
                p.getSfen(),
                p.getScore(),
                p.getMate(),
                p.getBestMove(),
                p.getPly(),
                p.getInCheck(),
                result(p.getResult(), p.getBlackToMove()));
    }

    /** The id of the position's game: its position id up to the last '/' ("game id/ply"). */
    public String game() {
        int slash = positionId.lastIndexOf('/');
        return slash < 0 ? positionId : positionId.substring(0, slash);
    }

    /** A game's result for the side to move. */
    static int result(GameResult r, boolean blackToMove) {
        return switch (r) {
            case GAME_RESULT_BLACK_WIN -> blackToMove ? 1 : -1;
            case GAME_RESULT_WHITE_WIN -> blackToMove ? -1 : 1;
            case GAME_RESULT_DRAW -> 0;
            default -> NO_RESULT;
        };
    }

    /**
     * Of two records of one position (the same key), the one the export keeps: the smallest
     * position id. The choice depends on the records only, not on the order they are read in.
     */
    public static TrainingSample preferred(TrainingSample a, TrainingSample b) {
        return a.positionId.compareTo(b.positionId) <= 0 ? a : b;
    }
}
