package dev.joseki.tournament;

import dev.joseki.engine.Limits;

/** The one search limit of a tournament player: a node count, a fixed time per move, a byoyomi or a depth. */
public record EngineLimit(Kind kind, long value) {
    /** What a spec without a limit gets: reproducible across machines, as in cli.md's example. */
    public static final EngineLimit DEFAULT = new EngineLimit(Kind.NODES, 20_000);

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

        static Kind fromKey(String key) {
            for (Kind k : values()) {
                if (k.key.equals(key)) {
                    return k;
                }
            }
            return null;
        }
    }

    public EngineLimit {
        if (value <= 0) {
            throw new IllegalArgumentException(kind.key() + " must be positive, got " + value);
        }
    }

    /** The limits of our own search. */
    public Limits toLimits() {
        return switch (kind) {
            case NODES -> Limits.nodes(value);
            case MOVETIME -> Limits.movetime(value);
            case DEPTH -> Limits.depth((int) Math.min(Integer.MAX_VALUE, value));
            case BYOYOMI -> new Limits(0, 0, 0, 0, 0, 0, 0, value, false, false, 0);
        };
    }

    /** The USI {@code go} command for an external engine. */
    public String usiGo() {
        return switch (kind) {
            case NODES -> "go nodes " + value;
            case MOVETIME -> "go movetime " + value;
            case DEPTH -> "go depth " + value;
            case BYOYOMI -> "go btime 0 wtime 0 byoyomi " + value;
        };
    }

    @Override
    public String toString() {
        return kind.key() + "=" + value;
    }
}
