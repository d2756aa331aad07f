package dev.joseki.book;

import dev.joseki.book.BookLayout.Index;
import dev.joseki.rules.Move;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;

/**
 * Turns one game into book rows: for every move played at ply ≤ maxPly (ply = move number of the
 * position before the move), one full, one half, up to two quarter and up to two castle rows, each
 * keyed by the mover-view index key and the move in mover coordinates, with the game's result for
 * the mover. A quarter or castle row is made only for an {@link Area} the move touches ({@link
 * Area#touches}): the quarter filter drops every other move at probe time whatever the queried
 * position, so the book does not store them (see {@link BookLayout}). This class is the one place
 * that decides which rows a move makes.
 */
public final class GameExploder {
    public static final int WIN = 1, DRAW = 0, LOSS = -1, UNKNOWN = 2;

    @FunctionalInterface
    public interface Sink {
        /**
         * One row: the index key (without the move), the move in mover coordinates, result, ply.
         */
        void accept(Index index, byte[] indexKey, int move16, int resultForMover, int ply);
    }

    private GameExploder() {}

    public static int resultFor(Result result, int color) {
        return switch (result) {
            case BLACK_WIN -> color == Piece.BLACK ? WIN : LOSS;
            case WHITE_WIN -> color == Piece.WHITE ? WIN : LOSS;
            case DRAW -> DRAW;
            case UNFINISHED -> UNKNOWN;
        };
    }

    /**
     * The rows of one move of a position (any side to move), e.g. a move line of an imported book;
     * ply is the position's move number.
     */
    public static void explodeMove(Position pos, int move, int resultForMover, Sink sink) {
        rows(
                MoverView.of(pos),
                MoverView.toMover(pos, move),
                resultForMover,
                pos.moveNumber(),
                sink);
    }

    /**
     * The rows of one move: mover is the position seen from its mover, m16 the move in mover
     * coordinates.
     */
    private static void rows(Position mover, int m16, int r, int ply, Sink sink) {
        sink.accept(Index.FULL, FullKey.of(mover), m16, r, ply);
        sink.accept(Index.HALF, HalfKey.of(mover), m16, r, ply);
        for (Area area : Area.values()) {
            if (area.touches(m16)) {
                sink.accept(Index.QUARTER, QuarterKey.ofMover(mover, area), m16, r, ply);
            }
        }
        for (byte[] castle : CastleKey.ofMover(mover)) {
            if (CastleKey.area(castle).touches(m16)) {
                sink.accept(Index.CASTLE, castle, m16, r, ply);
            }
        }
    }

    /**
     * Explodes a game. Moves must be legal in sequence from start (special moves such as resign end
     * the walk). Returns the number of moves turned into rows.
     */
    public static int explode(
            Position start,
            int[] moves,
            Result result,
            int maxPly,
            boolean winnersOnly,
            Sink sink) {
        // The game is walked twice in step: as played and turned 180° (its flipped twin), so the
        // mover's view is always at hand without flipping a position per move.
        Position pos = start.copy();
        Position twin = start.flipped();
        int used = 0;
        for (int move : moves) {
            if (Move.isSpecial(move) || pos.moveNumber() > maxPly) {
                break;
            }
            int r = resultFor(result, pos.sideToMove());
            if (!winnersOnly || r == WIN) {
                Position mover = MoverView.flips(pos) ? twin : pos;
                rows(mover, MoverView.toMover(pos, move), r, pos.moveNumber(), sink);
                used++;
            }
            pos.doMove(move);
            twin.doMove(twin.completeMove(MoverView.flipMove16(Move.move16(move))));
        }
        return used;
    }
}
