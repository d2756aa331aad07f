package dev.joseki.book.format;

import dev.joseki.book.BookEntries;
import dev.joseki.book.MoveValues;
import dev.joseki.book.MoverView;
import dev.joseki.book.values.GraphScan;
import dev.joseki.rules.Position;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Apery {@code book.bin} export (formats.md §8): 16-byte little-endian entries {@code u64 key, u16
 * fromToPro, u16 count, i32 score}, sorted by key (unsigned) and, within a key, by count
 * descending. Our book keeps one entry per position seen from its mover; Apery's key includes the
 * side to move and readers do not try the flipped position, so every position is written twice: as
 * Black to move and as its White-to-move twin. Counts above 65,535 are clamped; score = the move's
 * propagated value, else its engine evaluation, else 0 (from the mover's point of view, as Apery
 * reads it). A move that only has a value is written with count 1; positions no game reached are
 * written too (Apery's key has no ply).
 */
public final class AperyBook {
    public static final int ENTRY_BYTES = 16;

    record Entry(long key, int fromToPro, int count, int score) {}

    private AperyBook() {}

    /** Writes a count-only book; returns the number of entries. */
    public static long write(BookEntries book, long minCount, OutputStream out) throws IOException {
        List<Entry> entries = new ArrayList<>();
        BookPositions.forEach(book, minCount, bp -> add(bp, entries));
        return write(entries, out);
    }

    /**
     * Writes every position that has a counted or a valued move, with each move's value as its
     * score; {@code valued} lists every (full key ‖ move16) that {@code values} has a value for, in
     * key order. Returns the number of entries.
     */
    public static long write(
            BookEntries book,
            long minCount,
            MoveValues values,
            GraphScan.Evals valued,
            OutputStream out)
            throws IOException {
        List<Entry> entries = new ArrayList<>();
        BookPositions.forEach(book, minCount, values, valued, bp -> add(bp, entries));
        return write(entries, out);
    }

    private static void add(BookPositions.BookPosition bp, List<Entry> entries) {
        Position black = bp.position();
        Position white = black.flipped();
        long kb = AperyKeys.key(black), kw = AperyKeys.key(white);
        for (BookPositions.BookMove m : bp.moves()) {
            int count = (int) Math.min(0xffff, Math.max(1, m.stats().count()));
            int score = m.value() == null ? 0 : m.value().value();
            entries.add(new Entry(kb, AperyKeys.fromToPro(m.move16()), count, score));
            int flipped = AperyKeys.fromToPro(MoverView.flipMove16(m.move16()));
            entries.add(new Entry(kw, flipped, count, score));
        }
    }

    private static long write(List<Entry> entries, OutputStream out) throws IOException {
        entries.sort(
                Comparator.comparing(Entry::key, Long::compareUnsigned)
                        .thenComparing(Comparator.comparingInt(Entry::count).reversed())
                        .thenComparingInt(Entry::fromToPro));
        ByteBuffer b = ByteBuffer.allocate(ENTRY_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        OutputStream o = new BufferedOutputStream(out, 1 << 16);
        for (Entry e : entries) {
            b.clear();
            b.putLong(e.key())
                    .putShort((short) e.fromToPro())
                    .putShort((short) e.count())
                    .putInt(e.score());
            o.write(b.array());
        }
        o.flush();
        return entries.size();
    }
}
