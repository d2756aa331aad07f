package dev.joseki.notation;

/**
 * The one exception every reader throws for bad input. It always names where: a source (file name
 * or "sfen", "usi", …), a 1-based line and a 1-based column, and says what was wrong there. Readers
 * cut the input they quote with {@link Quote#cut}; the reason itself is cut too, so that no message
 * can grow with the input.
 */
public final class ParseException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String source;
    private final int line;
    private final int column;
    private final String reason;

    /** Longest reason kept whole: room for two quoted pieces of input and the text around them. */
    static final int MAX_REASON = 3 * Quote.MAX;

    public ParseException(String source, int line, int column, String reason) {
        super(source + ":" + line + ":" + column + ": " + Quote.cut(reason, MAX_REASON));
        this.source = source;
        this.line = line;
        this.column = column;
        this.reason = Quote.cut(reason, MAX_REASON);
    }

    public String source() {
        return source;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    public String reason() {
        return reason;
    }
}
