package dev.joseki.notation;

/**
 * The one exception every reader throws for bad input. It always names where: a source (file name or
 * "sfen", "usi", …), a 1-based line and a 1-based column, and says what was wrong there.
 */
public final class ParseException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String source;
    private final int line;
    private final int column;
    private final String reason;

    public ParseException(String source, int line, int column, String reason) {
        super(source + ":" + line + ":" + column + ": " + reason);
        this.source = source;
        this.line = line;
        this.column = column;
        this.reason = reason;
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
