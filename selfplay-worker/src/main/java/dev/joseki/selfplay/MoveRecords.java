package dev.joseki.selfplay;

import dev.joseki.play.MoveInfo;
import dev.joseki.records.proto.BookSource;
import dev.joseki.records.proto.MoveRecord;

/**
 * Between the referee's {@link MoveInfo} and the protobuf {@link MoveRecord} (usi is filled in by
 * the caller).
 */
final class MoveRecords {
    private MoveRecords() {}

    static MoveRecord record(MoveInfo m) {
        MoveRecord.Builder b = MoveRecord.newBuilder().setBookSource(source(m.source()));
        if (!m.byEngine()) {
            return b.build();
        }
        b.setDepth(m.depth()).setNodes(m.nodes()).setTimeMs(m.timeMs());
        if (m.scored()) {
            if (m.mate()) {
                b.setScoreMate(m.score());
            } else {
                b.setScoreCp(m.score());
            }
        }
        return b.build();
    }

    /**
     * The info of ply {@code i} of a record; plies before {@code openingPlies} were played by the
     * opening.
     */
    static MoveInfo info(MoveRecord r, boolean byEngine) {
        MoveInfo.Source s =
                switch (r.getBookSource()) {
                    case BOOK_SOURCE_FULL -> MoveInfo.Source.BOOK_FULL;
                    case BOOK_SOURCE_HALF -> MoveInfo.Source.BOOK_HALF;
                    case BOOK_SOURCE_QUARTER -> MoveInfo.Source.BOOK_QUARTER;
                    case BOOK_SOURCE_RANDOM_OPENING -> MoveInfo.Source.RANDOM_OPENING;
                    case BOOK_SOURCE_OPENING_LINE -> MoveInfo.Source.OPENING_LINE;
                    case BOOK_SOURCE_SAMPLED -> MoveInfo.Source.SAMPLED;
                    default -> MoveInfo.Source.SEARCH;
                };
        if (!byEngine) {
            return s == MoveInfo.Source.RANDOM_OPENING
                    ? MoveInfo.RANDOM_OPENING
                    : MoveInfo.OPENING_LINE;
        }
        boolean mate = r.hasScoreMate();
        return new MoveInfo(
                s,
                r.getDepth(),
                r.getNodes(),
                mate || r.hasScoreCp(),
                mate,
                mate ? r.getScoreMate() : r.getScoreCp(),
                r.getTimeMs());
    }

    private static BookSource source(MoveInfo.Source s) {
        return switch (s) {
            case OPENING_LINE -> BookSource.BOOK_SOURCE_OPENING_LINE;
            case RANDOM_OPENING -> BookSource.BOOK_SOURCE_RANDOM_OPENING;
            case BOOK_FULL -> BookSource.BOOK_SOURCE_FULL;
            case BOOK_HALF -> BookSource.BOOK_SOURCE_HALF;
            case BOOK_QUARTER -> BookSource.BOOK_SOURCE_QUARTER;
            case SEARCH -> BookSource.BOOK_SOURCE_NONE;
            case SAMPLED -> BookSource.BOOK_SOURCE_SAMPLED;
        };
    }
}
