package dev.joseki.book;

import dev.joseki.book.BookLayout.Index;
import dev.joseki.rules.Move;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;

/**
 * Turns one game into book rows: for every move played at ply ≤ maxPly (ply = move number of the position
 * before the move), one full, one half and two quarter rows (one per {@link Area}), each keyed by the
 * mover-view index key and the move in mover coordinates, with the game's result for the mover.
 */
public final class GameExploder {
    public static final int WIN = 1, DRAW = 0, LOSS = -1, UNKNOWN = 2;

    @FunctionalInterface
    public interface Sink {
        void accept(Index index, byte[] entryKey, int resultForMover, int ply);
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
        Position pos = start.copy();
        int used = 0;
        for (int move : moves) {
            if (Move.isSpecial(move) || pos.moveNumber() > maxPly) {
                break;
            }
            int r = resultFor(result, pos.sideToMove());
            if (!winnersOnly || r == WIN) {
                Position mover = MoverView.of(pos);
                int m16 = MoverView.toMover(pos, move);
                int ply = pos.moveNumber();
                sink.accept(Index.FULL, BookLayout.entryKey(FullKey.of(mover), m16), r, ply);
                sink.accept(Index.HALF, BookLayout.entryKey(HalfKey.of(mover), m16), r, ply);
                for (byte[] q : QuarterKey.both(mover)) {
                    sink.accept(Index.QUARTER, BookLayout.entryKey(q, m16), r, ply);
                }
                used++;
            }
            pos.doMove(move);
        }
        return used;
    }
}
