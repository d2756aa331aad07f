package dev.joseki.engine.book;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.book.Book;
import dev.joseki.book.BookBonus;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.BookMetadata;
import dev.joseki.book.MemoryBook;
import dev.joseki.book.ProbeResult;
import dev.joseki.notation.Sfen;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The book mode reaches the probe as the indexes to read: NM never reads half or quarter. */
class BookModeTest {
    /** A book that remembers which indexes each probe asked for. */
    private static final class Recording implements Book {
        final MemoryBook inner;
        final List<Set<Index>> asked = new ArrayList<>();
        int castleProbes;

        Recording(MemoryBook inner) {
            this.inner = inner;
        }

        @Override
        public ProbeResult probe(Position pos, Set<Index> indexes) {
            asked.add(indexes);
            return inner.probe(pos, indexes);
        }

        @Override
        public List<ProbeResult.Suggestion> castle(Position pos) {
            castleProbes++;
            return inner.castle(pos);
        }

        @Override
        public BookMetadata metadata() {
            return inner.metadata();
        }

        @Override
        public void close() {}
    }

    @Test
    void eachModeReadsOnlyItsIndexes() {
        assertThat(BookMode.NM.indexes()).containsExactly(Index.FULL);
        assertThat(BookMode.HM.indexes()).containsExactlyInAnyOrder(Index.FULL, Index.HALF);
        assertThat(BookMode.HQM.indexes())
                .containsExactlyInAnyOrder(Index.FULL, Index.HALF, Index.QUARTER);
        assertThat(BookMode.HQCM.indexes())
                .containsExactlyInAnyOrder(Index.FULL, Index.HALF, Index.QUARTER, Index.CASTLE);
        assertThat(BookMode.HQM.castle()).isFalse();
        assertThat(BookMode.HQCM.castle()).isTrue();
    }

    @Test
    void rootBookPassesTheModeDownToTheProbe() {
        // A half match for the start position (White's 3c pawn on 3d in the book's game).
        MemoryBook book =
                new MemoryBook()
                        .game(
                                "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                                Result.BLACK_WIN,
                                "9g9f");
        Recording nm = new Recording(book);
        RootBook.Decision d =
                RootBook.decide(
                        nm,
                        Sfen.startPosition(),
                        BookMode.NM,
                        BookBonus.paper(100),
                        new SplittableRandom(1));
        assertThat(nm.asked).containsExactly(EnumSet.of(Index.FULL));
        assertThat(d.bonusMoves()).isEmpty();
        Recording hm = new Recording(book);
        d =
                RootBook.decide(
                        hm,
                        Sfen.startPosition(),
                        BookMode.HM,
                        BookBonus.paper(100),
                        new SplittableRandom(1));
        assertThat(hm.asked).containsExactly(EnumSet.of(Index.FULL, Index.HALF));
        assertThat(d.bonusMoves()).hasSize(1);
        assertThat(hm.castleProbes).isZero();
        Recording hqm = new Recording(book);
        RootBook.decide(
                hqm,
                Sfen.startPosition(),
                BookMode.HQM,
                BookBonus.paper(100),
                new SplittableRandom(1));
        assertThat(hqm.castleProbes).isZero();
        Recording hqcm = new Recording(book);
        RootBook.decide(
                hqcm,
                Sfen.startPosition(),
                BookMode.HQCM,
                BookBonus.paper(100),
                new SplittableRandom(1));
        assertThat(hqcm.asked)
                .containsExactly(EnumSet.of(Index.FULL, Index.HALF, Index.QUARTER, Index.CASTLE));
        assertThat(hqcm.castleProbes).isEqualTo(1);
    }
}
