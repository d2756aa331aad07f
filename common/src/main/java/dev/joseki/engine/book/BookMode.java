package dev.joseki.engine.book;

import dev.joseki.book.BookLayout.Index;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * How the engine uses its opening book at the root (the paper's program versions): every mode plays
 * a book move on a full match; HM adds half-match bonuses, HQM half- and quarter-match bonuses, and
 * HQCM (beyond the paper) HQM's bonuses plus the castle match's ({@link RootBook}). The mode is
 * passed down to the probe as the set of indexes to read, so NM never reads the half or quarter
 * index and only HQCM reads the castle index.
 */
public enum BookMode {
    NM(EnumSet.of(Index.FULL)),
    HM(EnumSet.of(Index.FULL, Index.HALF)),
    HQM(EnumSet.of(Index.FULL, Index.HALF, Index.QUARTER)),
    HQCM(EnumSet.of(Index.FULL, Index.HALF, Index.QUARTER, Index.CASTLE));

    private final Set<Index> indexes;

    BookMode(Set<Index> indexes) {
        this.indexes = Collections.unmodifiableSet(indexes);
    }

    /** The book indexes this mode reads. */
    public Set<Index> indexes() {
        return indexes;
    }

    public boolean half() {
        return indexes.contains(Index.HALF);
    }

    public boolean quarter() {
        return indexes.contains(Index.QUARTER);
    }

    public boolean castle() {
        return indexes.contains(Index.CASTLE);
    }
}
