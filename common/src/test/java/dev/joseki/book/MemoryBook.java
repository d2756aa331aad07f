package dev.joseki.book;

import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import java.util.Map;

/** An in-memory Book over a BookAccumulator for tests: the same probe algorithm as the RocksDB book. */
public final class MemoryBook implements Book {
    private final BookAccumulator acc = new BookAccumulator();

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
    public void close() {
    }
}
