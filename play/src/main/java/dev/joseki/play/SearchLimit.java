package dev.joseki.play;

import dev.joseki.engine.Limits;

/**
 * The one search limit of a player in a game: a node count, a fixed time per move, a byoyomi or a
 * depth. {@link Limits} stays the search's own input; this is what a spec, a task or a match gives.
 */
public record SearchLimit(Kind kind, long value) implements MoveLimit {
    /**
     * What a tournament player without a limit gets: reproducible across machines (docs/cli.md).
     */
    public static final SearchLimit TOURNAMENT_DEFAULT = new SearchLimit(Kind.NODES, 20_000);

    public enum Kind {
        NODES("nodes"),
        MOVETIME("movetime"),
        BYOYOMI("byoyomi"),
        DEPTH("depth");

        private final String key;

        Kind(String key) {
            this.key = key;
        }

        /** The spec key, e.g. {@code nodes}. */
        public String key() {
            return key;
        }

        /** The kind of a spec key, or null. */
        public static Kind fromKey(String key) {
            for (Kind k : values()) {
                if (k.key.equals(key)) {
                    return k;
                }
            }
            return null;
        }
    }

    public SearchLimit {
        if (value <= 0) {
            throw new IllegalArgumentException(kind.key() + " must be positive, got " + value);
        }
    }

    public static SearchLimit nodes(long n) {
        return new SearchLimit(Kind.NODES, n);
    }

    public static SearchLimit depth(int d) {
        return new SearchLimit(Kind.DEPTH, d);
    }

    public static SearchLimit movetime(long ms) {
        return new SearchLimit(Kind.MOVETIME, ms);
    }

    @Override
    public Limits toLimits() {
        return switch (kind) {
            case NODES -> Limits.nodes(value);
            case MOVETIME -> Limits.movetime(value);
            case DEPTH -> Limits.depth((int) Math.min(Integer.MAX_VALUE, value));
            case BYOYOMI -> new Limits(0, 0, 0, 0, 0, 0, 0, value, false, false, 0);
        };
    }

    /**
     * The USI {@code go} line for an external engine. The USI protocol has no {@code movetime}, so
     * a fixed time per move is sent as a byoyomi with empty clocks, which every USI engine
     * understands.
     */
    @Override
    public String usiGo() {
        return switch (kind) {
            case NODES -> "go nodes " + value;
            case DEPTH -> "go depth " + value;
            case MOVETIME, BYOYOMI -> "go btime 0 wtime 0 byoyomi " + value;
        };
    }

    /** Milliseconds the limit itself allows for a move, or 0 for node and depth limits. */
    public long timeMs() {
        return kind == Kind.MOVETIME || kind == Kind.BYOYOMI ? value : 0;
    }

    @Override
    public String toString() {
        return kind.key() + "=" + value;
    }
}
