package dev.joseki.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.book.Book;
import dev.joseki.book.MemoryBook;
import dev.joseki.notation.Sfen;
import dev.joseki.play.Opening;
import dev.joseki.rules.Move;
import dev.joseki.rules.Result;
import org.junit.jupiter.api.Test;

class BookOpeningsTest {
    /** Games from the start position into an in-memory book. */
    static Book book(String[]... games) {
        MemoryBook book = new MemoryBook();
        for (String[] g : games) {
            book.game(Sfen.STARTPOS, Result.DRAW, g);
        }
        return book;
    }

    @Test
    void movesAreDrawnInProportionToTheirCounts() {
        // 7g7f three times, 2g2f once: over 4,000 seeds 7g7f should come first about 3,000 times
        // (binomial sd ≈ 27, so ±150 is more than 5 sd).
        Book b =
                book(
                        new String[] {"7g7f"},
                        new String[] {"7g7f"},
                        new String[] {"7g7f"},
                        new String[] {"2g2f"});
        int first7g7f = 0;
        for (long seed = 0; seed < 4_000; seed++) {
            Opening o = BookOpenings.generate(b, 1, 1, seed, 1).openings().get(0);
            first7g7f += Move.usi(o.moves().get(0)).equals("7g7f") ? 1 : 0;
        }
        assertThat(first7g7f).isBetween(2_850, 3_150);
    }

    @Test
    void anEndPositionIsUsedOnceAndTheAttemptsAreBounded() {
        Book b = book(new String[] {"7g7f", "3c3d"}, new String[] {"2g2f", "8c8d"});
        BookOpenings.Generated g = BookOpenings.generate(b, 5, 2, 42, 30);
        assertThat(g.openings()).hasSize(2);
        assertThat(g.openings().stream().map(Opening::usi))
                .containsExactlyInAnyOrder("startpos moves 7g7f 3c3d", "startpos moves 2g2f 8c8d");
        assertThat(g.attempts()).isEqualTo(30);
        assertThat(g.duplicates()).isEqualTo(28);
        assertThat(g.outOfBook()).isZero();
    }

    @Test
    void aLineThatLeavesTheBookEarlyIsNoOpening() {
        Book b = book(new String[] {"7g7f", "3c3d"});
        BookOpenings.Generated g = BookOpenings.generate(b, 1, 3, 1, 5);
        assertThat(g.openings()).isEmpty();
        assertThat(g.outOfBook()).isEqualTo(5);
    }
}
