package dev.joseki.notation;

/**
 * How a record says its game ended: the CSA {@code %} codes and the KIF terminal words, one
 * constant per meaning so that a record converted between formats keeps its ending. {@code csa} or
 * {@code kif} is null where that format has no word of its own; writers then use the nearest word
 * (see CsaWriter, KifWriter).
 */
public enum Terminal {
    /** The side to move resigns. */
    RESIGN("%TORYO", "投了"),
    /** Suspended: no result. */
    CHUDAN("%CHUDAN", "中断"),
    /** Repetition draw (checked against the replay where possible). */
    SENNICHITE("%SENNICHITE", "千日手"),
    /** The side to move ran out of time. */
    TIME_UP("%TIME_UP", "切れ負け"),
    /** The side to move made an illegal move. */
    ILLEGAL_MOVE("%ILLEGAL_MOVE", "反則負け"),
    /** The side to move wins because the opponent's last action was a foul (KIF only). */
    ILLEGAL_WIN(null, "反則勝ち"),
    /** Black committed a foul: White wins. */
    BLACK_ILLEGAL_ACTION("%+ILLEGAL_ACTION", null),
    /** White committed a foul: Black wins. */
    WHITE_ILLEGAL_ACTION("%-ILLEGAL_ACTION", null),
    /** Impasse (jishogi): draw. */
    JISHOGI("%JISHOGI", "持将棋"),
    /** Entering-king declaration by the side to move; the rules judge it. */
    KACHI("%KACHI", "入玉勝ち"),
    /** Entering-king declaration of a draw. */
    HIKIWAKE("%HIKIWAKE", null),
    /** Take-back marker. */
    MATTA("%MATTA", null),
    /** The side to move is mated. */
    TSUMI("%TSUMI", "詰み"),
    /** No mate (tsume-problem records). */
    FUZUMI("%FUZUMI", "不詰"),
    ERROR("%ERROR", null),
    /** Stopped at the ply limit: draw. */
    MAX_MOVES("%MAX_MOVES", null),
    /** Sealed move at an adjournment: unfinished (KIF only). */
    SEALED(null, "封じ手");

    private final String csa;
    private final String kif;

    Terminal(String csa, String kif) {
        this.csa = csa;
        this.kif = kif;
    }

    /** The CSA code with its '%', or null. */
    public String csa() {
        return csa;
    }

    /** The KIF word, or null. */
    public String kif() {
        return kif;
    }

    public static Terminal fromCsa(String code) {
        for (Terminal t : values()) {
            if (code.equals(t.csa)) {
                return t;
            }
        }
        return null;
    }

    /** KIF terminal word; accepts the common variants ({@code 詰}, {@code 時間切れ}, {@code 不戦敗}…). */
    public static Terminal fromKif(String word) {
        for (Terminal t : values()) {
            if (word.equals(t.kif)) {
                return t;
            }
        }
        return switch (word) {
            case "詰" -> TSUMI;
            case "時間切れ" -> TIME_UP;
            case "反則" -> ILLEGAL_MOVE;
            case "入玉" -> KACHI;
            case "不詰み" -> FUZUMI;
            default -> null;
        };
    }
}
