package dev.joseki.book;

import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import java.util.Map;

/**
 * An in-memory Book over a BookAccumulator for tests: the same probe algorithm as the RocksDB book.
 */
public final class MemoryBook implements Book {
    private final BookAccumulator acc = new BookAccumulator();

    /**
     * Values by position (SFEN without move number) and 16-bit move in that position's coordinates.
     */
    private final Map<String, java.util.SortedMap<Integer, MoveEval>> values =
            new java.util.HashMap<>();

    /** Adds one game (USI moves from sfen) with its result, every ply up to 100. */
    public MemoryBook game(String sfen, Result result, String... usi) {
        Position p = Sfen.parse(sfen);
        int[] moves = new int[usi.length];
        for (int i = 0; i < usi.length; i++) {
            moves[i] = UsiMove.parse(p, usi[i]);
            p.doMove(moves[i]);
        }
        GameExploder.explode(Sfen.parse(sfen), moves, result, 100, false, acc);
        return this;
    }

    /** Gives a move of the position a value for its mover (as {@code book propagate} would). */
    public MemoryBook value(String sfen, String usi, int value, int depth) {
        Position p = Sfen.parse(sfen);
        values.computeIfAbsent(Sfen.writeWithoutMoveNumber(p), k -> new java.util.TreeMap<>())
                .put(
                        dev.joseki.rules.Move.move16(UsiMove.parse(p, usi)),
                        new MoveEval(value, depth, 0));
        return this;
    }

    @Override
    public java.util.SortedMap<Integer, MoveEval> values(Position pos) {
        return values.getOrDefault(
                Sfen.writeWithoutMoveNumber(pos), java.util.Collections.emptySortedMap());
    }

    @Override
    public ProbeResult probe(Position pos, java.util.Set<BookLayout.Index> indexes) {
        return BookProbe.probe(pos, acc, 1, indexes);
    }

    @Override
    public java.util.List<ProbeResult.Suggestion> castle(Position pos) {
        return BookProbe.castle(pos, acc, 1);
    }

    @Override
    public BookMetadata metadata() {
        return new BookMetadata(Map.of());
    }

    @Override
    public void close() {}
}
