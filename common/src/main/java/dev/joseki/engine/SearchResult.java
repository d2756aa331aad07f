package dev.joseki.engine;

import dev.joseki.rules.Move;

/**
 * What a search returns. {@code bestMove} is {@link Move#RESIGN} when the side to move has no legal
 * move or is mated for certain; {@code ponderMove} is {@link Move#NONE} when there is none.
 */
public record SearchResult(
        int bestMove, int ponderMove, int score, int depth, long nodes, long timeMs, int[] pv) {}
