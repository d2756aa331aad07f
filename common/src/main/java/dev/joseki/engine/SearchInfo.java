package dev.joseki.engine;

/** One finished (or aborted-with-new-best) iteration of the main search thread, for USI "info". */
public record SearchInfo(
        int depth,
        int selDepth,
        int multiPv,
        int score,
        long nodes,
        long timeMs,
        int hashfull,
        int[] pv) {
    public long nps() {
        return timeMs > 0 ? nodes * 1000 / timeMs : nodes * 1000;
    }
}
