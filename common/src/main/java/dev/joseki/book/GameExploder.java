package dev.joseki.book;

import dev.joseki.book.BookLayout.Index;
import dev.joseki.rules.Move;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;

/**
 * Turns one game into book rows: for every move played at ply ≤ maxPly (ply = move number of the position
 * before the move), one full, one half and up to two quarter rows, each keyed by the mover-view index key
 * and the move in mover coordinates, with the game's result for the mover. A quarter row is made only for
 * an {@link Area} the move touches ({@link Area#touches}): the quarter filter drops every other move at
 * probe time whatever the queried position, so the book does not store them (see {@link BookLayout}).
 */
public final class GameExploder {
    public static final int WIN = 1, DRAW = 0, LOSS = -1, UNKNOWN = 2;

    @FunctionalInterface
    public interface Sink {
        /** One row: the index key (without the move), the move in mover coordinates, result, ply. */
        void accept(Index index, byte[] indexKey, int move16, int resultForMover, int ply);
    }

    private GameExploder() {
    }

    public static int resultFor(Result result, int color) {
        return switch (result) {
            case BLACK_WIN -> color == Piece.BLACK ? WIN : LOSS;
            case WHITE_WIN -> color == Piece.WHITE ? WIN : LOSS;
            case DRAW -> DRAW;
            case UNFINISHED -> UNKNOWN;
        };
    }

    /**
     * Explodes a game. Moves must be legal in sequence from start (special moves such as resign end the
     * walk). Returns the number of moves turned into rows.
     */
    public static int explode(Position start, int[] moves, Result result, int maxPly, boolean winnersOnly,
                              Sink sink) {
        // The game is walked twice in step: as played and turned 180° (its flipped twin), so the mover's
        // view is always at hand without flipping a position per move.
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
                int m16 = MoverView.toMover(pos, move);
                int ply = pos.moveNumber();
                sink.accept(Index.FULL, FullKey.of(mover), m16, r, ply);
                sink.accept(Index.HALF, HalfKey.of(mover), m16, r, ply);
                for (Area area : Area.values()) {
                    if (area.touches(m16)) {
                        sink.accept(Index.QUARTER, QuarterKey.ofMover(mover, area), m16, r, ply);
                    }
                }
                used++;
            }
            pos.doMove(move);
            twin.doMove(twin.completeMove(MoverView.flipMove16(Move.move16(move))));
        }
        return used;
    }
}
