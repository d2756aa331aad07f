package dev.joseki.notation;

/**
 * Cuts user input to a readable length before a message quotes it: a 1 MB token must not become a 1
 * MB error line. The limit fits any real SFEN, USI move or record line, so normal messages stay
 * whole.
 */
public final class Quote {
    /** Longest quoted text kept whole; a full-board SFEN with both hands stays under it. */
    public static final int MAX = 120;

    private Quote() {}

    /**
     * {@code text} itself when at most {@link #MAX} characters, else its start, "…" and the full
     * length.
     */
    public static String cut(String text) {
        return cut(text, MAX);
    }

    public static String cut(String text, int max) {
        if (text == null || text.length() <= max) {
            return text;
        }
        // Never split a surrogate pair: the cut text must stay valid UTF-16.
        int end = Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
        return text.substring(0, end) + "… (" + text.length() + " characters)";
    }
}
