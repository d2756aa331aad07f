package dev.joseki.book;

import java.util.Collections;
import java.util.SortedMap;

/**
 * The values of a book position's moves, by move16 in mover coordinates: the propagated min-max
 * value ({@link EvalLayout.Table#VALUES}) where there is one, else the raw engine evaluation
 * ({@link EvalLayout.Table#EVALS}). Empty for a position nobody evaluated.
 */
@FunctionalInterface
public interface MoveValues {
    MoveValues NONE = fullKey -> Collections.emptySortedMap();

    SortedMap<Integer, MoveEval> of(byte[] fullKey);
}
