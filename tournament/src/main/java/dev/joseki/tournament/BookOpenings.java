package dev.joseki.tournament;

import dev.joseki.book.Book;
import dev.joseki.book.BookBonus;
import dev.joseki.engine.book.BookMode;
import dev.joseki.engine.book.RootBook;
import dev.joseki.notation.Sfen;
import dev.joseki.play.Opening;
import dev.joseki.rules.Position;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Openings generated as in Grimbergen and Matsubara §3.2: from the start position, the first {@code
 * plies} plies by full book matching, each move drawn at random with probability proportional to
 * its count (the engine's own choice, {@link RootBook#decide}); "when a different position from the
 * previous games was reached", the line becomes an opening. An attempt fails when it ends in a
 * position already used, or when the book has no full match before the last ply; failed attempts
 * are retried with the next draws of the same seeded generator, up to {@code maxAttempts} attempts
 * in all.
 *
 * <p>Invariant: the result's openings have exactly {@code plies} legal moves from the start
 * position and pairwise different end positions (compared as SFEN, which includes side to move,
 * hands and ply).
 */
public final class BookOpenings {
    /** Default attempts per wanted opening before giving up. */
    public static final int ATTEMPTS_PER_OPENING = 20;

    /**
     * @param openings the openings made, in order of generation (index = position in this list)
     * @param attempts draws made
     * @param duplicates draws that ended in a position already used
     * @param outOfBook draws that left the book before the last ply
     */
    public record Generated(List<Opening> openings, int attempts, int duplicates, int outOfBook) {
        public Generated {
            openings = List.copyOf(openings);
        }
    }

    private BookOpenings() {}

    public static Generated generate(Book book, int count, int plies, long seed, int maxAttempts) {
        if (count < 1 || plies < 1 || maxAttempts < 1) {
            throw new IllegalArgumentException(
                    "opening count, plies and attempts must be positive, got "
                            + count
                            + ", "
                            + plies
                            + ", "
                            + maxAttempts);
        }
        SplittableRandom random = new SplittableRandom(seed);
        BookBonus noBonus =
                BookBonus.paper(100); // NM never gives bonuses; only the full-match draw is used
        List<Opening> openings = new ArrayList<>();
        Set<String> used = new HashSet<>();
        int attempts = 0, duplicates = 0, outOfBook = 0;
        while (openings.size() < count && attempts < maxAttempts) {
            attempts++;
            Position pos = Sfen.startPosition();
            List<Integer> moves = new ArrayList<>(plies);
            for (int i = 0; i < plies; i++) {
                RootBook.Decision d = RootBook.decide(book, pos, BookMode.NM, noBonus, random);
                if (!d.playsBookMove()) {
                    break;
                }
                moves.add(d.bookMove());
                pos.doMove(d.bookMove());
            }
            if (moves.size() < plies) {
                outOfBook++;
            } else if (!used.add(Sfen.write(pos))) {
                duplicates++;
            } else {
                openings.add(new Opening(Sfen.STARTPOS, moves));
            }
        }
        return new Generated(openings, attempts, duplicates, outOfBook);
    }
}
