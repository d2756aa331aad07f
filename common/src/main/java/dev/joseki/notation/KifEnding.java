package dev.joseki.notation;

import dev.joseki.rules.Result;

/** KIF/KI2 endings: terminal words in the move list and the result line {@code まで107手で先手の勝ち}. */
final class KifEnding {
    /** Longest first, so that 詰み is not read as 詰. */
    private static final String[] WORDS = {
        "反則勝ち", "反則負け", "入玉勝ち", "切れ負け", "時間切れ", "千日手", "持将棋", "封じ手", "不詰み", "投了", "中断", "詰み", "不詰",
        "詰"
    };

    private KifEnding() {}

    /** The terminal word at line[at], or null. */
    static String word(String line, int at) {
        for (String w : WORDS) {
            if (line.startsWith(w, at)) {
                return w;
            }
        }
        return null;
    }

    /**
     * Applies a result line. Step 1: the ply count must match the moves read. Step 2: when the
     * record has no terminal yet, the words decide: 千日手, 持将棋, 中断, 封じ手, 詰 name a terminal; time and
     * foul wording with a winner name one too; a plain "X の勝ち" is a resignation (or the mate the
     * replay found).
     */
    static void resultLine(RecordBuilder game, String line, int lineNo) {
        int i = 2;
        while (i < line.length() && Character.isDigit(line.charAt(i))) {
            i++;
        }
        if (i == 2 || i > 8 || i >= line.length() || line.charAt(i) != '手') {
            throw new ParseException(game.source(), lineNo, 3, "result line must start 'まで<n>手'");
        }
        int n = Integer.parseInt(line.substring(2, i));
        if (n != game.plies()) {
            throw new ParseException(
                    game.source(),
                    lineNo,
                    3,
                    "result line counts " + n + " moves but the record has " + game.plies());
        }
        String rest = line.substring(i + 1);
        Result winner =
                rest.contains("先手の勝ち") || rest.contains("下手の勝ち")
                        ? Result.BLACK_WIN
                        : rest.contains("後手の勝ち") || rest.contains("上手の勝ち")
                                ? Result.WHITE_WIN
                                : null;
        if (game.terminal() != null) {
            return;
        }
        int us = game.position().sideToMove();
        Terminal t = null;
        if (rest.contains("千日手")) {
            t = Terminal.SENNICHITE;
        } else if (rest.contains("持将棋")) {
            t = Terminal.JISHOGI;
        } else if (rest.contains("中断")) {
            t = Terminal.CHUDAN;
        } else if (rest.contains("封じ手")) {
            t = Terminal.SEALED;
        } else if (winner != null && (rest.contains("切れ") || rest.contains("時間"))) {
            t = Terminal.TIME_UP;
        } else if (winner != null && rest.contains("反則")) {
            t = winner == Result.winner(us) ? Terminal.ILLEGAL_WIN : Terminal.ILLEGAL_MOVE;
        } else if (winner != null && rest.contains("入玉")) {
            t = Terminal.KACHI;
        } else if (rest.startsWith("詰") || rest.contains("詰み")) {
            t = Terminal.TSUMI;
        }
        if (t != null) {
            game.terminal(t, lineNo, i + 2);
        } else if (winner != null) {
            game.impliedResult(winner);
        } else if (!rest.isBlank()) {
            throw new ParseException(
                    game.source(), lineNo, i + 2, "unknown result '" + Quote.cut(rest) + "'");
        }
    }
}
