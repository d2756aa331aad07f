package dev.joseki.selfplay;

import dev.joseki.records.proto.MoveRecord;
import dev.joseki.records.proto.BookSource;
import dev.joseki.rules.Game;
import dev.joseki.rules.MoveGenerator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random opening plies: uniformly random legal moves, reproducible from a seed. The legal moves are
 * taken in the generator's order, which depends only on the position, so the same seed gives the same
 * opening on every machine.
 */
final class Opening {
    private Opening() {
    }

    /** The seed of game {@code index}'s opening: distinct per index, stable across runs. */
    static long seedFor(long taskSeed, int index) {
        return new SplittableRandom(taskSeed ^ (0x9E3779B97F4A7C15L * (index + 1))).nextLong();
    }

    /**
     * Plays the task's given opening moves (USI) as far as the game lasts; one info per move. Throws
     * {@link dev.joseki.notation.ParseException} (source {@code opening.moves}, column = 1-based move) for a
     * malformed or illegal move; {@link TaskValidator} checks this before any game.
     */
    static int playLine(Game game, List<String> line, List<MoveRecord> info) {
        int played = 0;
        for (String usi : line) {
            if (game.isOver()) {
                break;
            }
            int m = dev.joseki.notation.UsiMove.parse(game.position(), usi, "opening.moves", 1, played + 1);
            if (dev.joseki.rules.Move.isSpecial(m)) {
                throw new dev.joseki.notation.ParseException("opening.moves", 1, played + 1, "'" + usi + "' is not a board move");
            }
            game.play(m);
            info.add(MoveRecord.newBuilder().setBookSource(BookSource.BOOK_SOURCE_OPENING_LINE).build());
            played++;
        }
        return played;
    }

    /** Plays up to {@code plies} random moves (fewer if the game ends); adds one info per move. */
    static int play(Game game, int plies, long seed, List<MoveRecord> info) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int played = 0;
        while (played < plies && !game.isOver()) {
            int n = MoveGenerator.generateLegal(game.position(), moves, 0);
            game.play(moves[rnd.nextInt(n)]);
            info.add(MoveRecord.newBuilder().setBookSource(BookSource.BOOK_SOURCE_RANDOM_OPENING).build());
            played++;
        }
        return played;
    }
}
