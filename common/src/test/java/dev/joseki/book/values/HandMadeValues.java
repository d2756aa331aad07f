package dev.joseki.book.values;

import dev.joseki.book.FullKey;
import dev.joseki.book.MoveEval;
import dev.joseki.book.MoveValues;
import dev.joseki.book.MoverView;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Position;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A book's values written by hand: position (USI moves from the start) → move → value for its
 * mover.
 */
final class HandMadeValues implements MoveValues {
    private final Map<String, SortedMap<Integer, MoveEval>> byKey = new HashMap<>();

    HandMadeValues put(String line, String move, int value) {
        String[] moves = line.isEmpty() ? new String[0] : line.split(" ");
        Position p = GraphScanTest.after(moves);
        int m16 = MoverView.toMover(p, UsiMove.parse(p, move));
        byKey.computeIfAbsent(Arrays.toString(FullKey.of(p)), k -> new TreeMap<>())
                .put(m16, new MoveEval(value, 1, 0));
        return this;
    }

    /** The values of a position in its own coordinates (as Book#values gives them). */
    SortedMap<Integer, MoveEval> inPosition(Position p) {
        SortedMap<Integer, MoveEval> out = new TreeMap<>();
        of(FullKey.of(p)).forEach((m, v) -> out.put(MoverView.toQuery(p, m), v));
        return out;
    }

    @Override
    public SortedMap<Integer, MoveEval> of(byte[] fullKey) {
        return byKey.getOrDefault(Arrays.toString(fullKey), Collections.emptySortedMap());
    }
}
