package dev.joseki.engine.match;

import dev.joseki.engine.HandcraftedEvaluator;
import dev.joseki.engine.Limits;
import dev.joseki.engine.Search;

/**
 * One side of a match: a name, its search limits and its own search (own transposition table, so the
 * two players share nothing).
 */
public final class Player {
    private final String name;
    private final Limits limits;
    private final Search search;

    public Player(String name, Limits limits, int hashMb) {
        this.name = name;
        this.limits = limits;
        this.search = new Search(new HandcraftedEvaluator(), hashMb);
    }

    public String name() {
        return name;
    }

    public Limits limits() {
        return limits;
    }

    Search search() {
        return search;
    }
}
