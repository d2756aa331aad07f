package dev.joseki.notation;

import dev.joseki.rules.Move;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import dev.joseki.rules.Square;
import dev.joseki.rules.Termination;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Writes a game as KIF: headers, {@code 手合割} (or a BOD diagram for a start that is neither even nor
 * a known handicap), numbered moves with origin squares and times {@code ( m:ss/hh:mm:ss)},
 * comments, the terminal word and the result line. {@link #encode} gives the bytes of a {@code
 * .kif} (cp932, CR LF) or a {@code .kifu} (UTF-8, LF).
 */
public final class KifWriter {
    private static final Map<String, String> FROM_CSA =
            Map.of(
                    "EVENT",
                    "棋戦",
                    "SITE",
                    "場所",
                    "START_TIME",
                    "開始日時",
                    "END_TIME",
                    "終了日時",
                    "TIME_LIMIT",
                    "持ち時間",
                    "OPENING",
                    "戦型");

    private KifWriter() {}

    public static byte[] encode(String kif, boolean shiftJis) {
        return shiftJis
                ? kif.replace("\n", "\r\n").getBytes(RecordText.CP932)
                : kif.getBytes(StandardCharsets.UTF_8);
    }

    public static String write(GameRecord g) {
        StringBuilder sb = new StringBuilder(8192);
        for (Map.Entry<String, String> h : g.headers().entrySet()) {
            String key = FROM_CSA.getOrDefault(h.getKey(), h.getKey());
            if (key.equals("VERSION")
                    || key.equals("手合割")
                    || key.equals("先手")
                    || key.equals("後手")
                    || key.equals("下手")
                    || key.equals("上手")
                    || key.contains("：")
                    || key.contains(":")) {
                continue;
            }
            sb.append(key).append('：').append(oneLine(h.getValue())).append('\n');
        }
        Position pos = g.startPosition();
        startPosition(pos, sb);
        if (!g.blackName().isEmpty()) {
            sb.append("先手：").append(oneLine(g.blackName())).append('\n');
        }
        if (!g.whiteName().isEmpty()) {
            sb.append("後手：").append(oneLine(g.whiteName())).append('\n');
        }
        for (String c : g.comments()) {
            sb.append('*').append(oneLine(c)).append('\n');
        }
        sb.append("手数----指手---------消費時間--\n");
        int[] total = new int[2];
        int previousTo = -1, ply = 0;
        for (RecordMove rm : g.moves()) {
            ply++;
            int us = pos.sideToMove();
            String text = move(pos, rm.move(), previousTo);
            sb.append(String.format("%4d %s", ply, text));
            time(sb, rm.seconds(), total, us, text);
            sb.append('\n');
            for (String c : rm.comments()) {
                sb.append('*').append(oneLine(c)).append('\n');
            }
            pos.doMove(rm.move());
            previousTo = Move.to(rm.move());
        }
        String word = terminalWord(g, pos);
        if (word != null) {
            sb.append(String.format("%4d %s", ply + 1, word));
            time(sb, g.terminalSeconds(), total, pos.sideToMove(), word);
            sb.append('\n');
        }
        if (word != null || g.result() != Result.UNFINISHED) {
            sb.append(resultLine(g)).append('\n');
        }
        return sb.toString();
    }

    /** One KIF move without its number, e.g. {@code ７六歩(77)}, {@code 同　銀不成(46)}, {@code ５五桂打}. */
    public static String move(Position pos, int m, int previousTo) {
        int to = Move.to(m);
        StringBuilder sb = new StringBuilder();
        sb.append(to == previousTo ? "同　" : KifNames.square(Square.file(to), Square.rank(to)));
        if (Move.isDrop(m)) {
            return sb.append(KifNames.name(Move.dropType(m))).append('打').toString();
        }
        int from = Move.from(m), t = Piece.type(pos.pieceOn(from)), us = pos.sideToMove();
        sb.append(KifNames.name(t));
        if (Move.isPromotion(m)) {
            sb.append('成');
        } else if (Piece.canPromote(t) && (Square.inZone(us, from) || Square.inZone(us, to))) {
            sb.append("不成");
        }
        return sb.append('(')
                .append(Square.file(from))
                .append(Square.rank(from))
                .append(')')
                .toString();
    }

    private static void time(StringBuilder sb, int secs, int[] total, int us, String text) {
        if (secs < 0) {
            return;
        }
        total[us] += secs;
        // Kakinoki pads the move to 13 display columns (a full-width character takes two).
        int width = 0;
        for (int i = 0; i < text.length(); i++) {
            width += text.charAt(i) < 0x80 ? 1 : 2;
        }
        sb.append(" ".repeat(Math.max(1, 13 - width)));
        int t = total[us];
        sb.append(
                String.format(
                        "(%2d:%02d/%02d:%02d:%02d)",
                        secs / 60, secs % 60, t / 3600, t / 60 % 60, t % 60));
    }

    private static void startPosition(Position pos, StringBuilder sb) {
        if (Sfen.startPosition().samePosition(pos)) {
            sb.append("手合割：平手\n");
            return;
        }
        for (Map.Entry<String, String> h : KifNames.HANDICAPS.entrySet()) {
            if (Sfen.parse(h.getValue()).samePosition(pos)) {
                sb.append("手合割：").append(h.getKey()).append('\n');
                return;
            }
        }
        hand(pos, Piece.WHITE, "後手の持駒：", sb);
        sb.append("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n");
        for (int r = 1; r <= 9; r++) {
            sb.append('|');
            for (int f = 9; f >= 1; f--) {
                int p = pos.pieceOn(Square.of(f, r));
                if (p == 0) {
                    sb.append(" ・");
                } else {
                    sb.append(Piece.color(p) == Piece.WHITE ? 'v' : ' ')
                            .append(KifNames.bodName(Piece.type(p)));
                }
            }
            sb.append('|').append(KifNames.RANKS.charAt(r - 1)).append('\n');
        }
        sb.append("+---------------------------+\n");
        hand(pos, Piece.BLACK, "先手の持駒：", sb);
        sb.append(pos.sideToMove() == Piece.BLACK ? "先手番\n" : "後手番\n");
    }

    private static void hand(Position pos, int color, String label, StringBuilder sb) {
        sb.append(label);
        boolean any = false;
        for (int t :
                new int[] {
                    Piece.ROOK,
                    Piece.BISHOP,
                    Piece.GOLD,
                    Piece.SILVER,
                    Piece.KNIGHT,
                    Piece.LANCE,
                    Piece.PAWN
                }) {
            int n = pos.handCount(color, t);
            if (n > 0) {
                sb.append(KifNames.name(t))
                        .append(n > 1 ? KifNames.kanjiNumber(n) : "")
                        .append('　');
                any = true;
            }
        }
        sb.append(any ? "" : "なし").append('\n');
    }

    /**
     * The KIF word for the record's terminal; CSA-only codes map to the KIF word of the same
     * outcome.
     */
    static String terminalWord(GameRecord g, Position fin) {
        Terminal t = g.terminal();
        if (t == null) {
            return null;
        }
        if (t.kif() != null) {
            return t.kif();
        }
        int us = fin.sideToMove();
        return switch (t) {
            case BLACK_ILLEGAL_ACTION -> us == Piece.BLACK ? "反則負け" : "反則勝ち";
            case WHITE_ILLEGAL_ACTION -> us == Piece.WHITE ? "反則負け" : "反則勝ち";
            case HIKIWAKE, MAX_MOVES -> "持将棋";
            default -> "中断";
        };
    }

    static String resultLine(GameRecord g) {
        String head = "まで" + g.plies() + "手";
        Result r = g.result();
        if (r == Result.BLACK_WIN || r == Result.WHITE_WIN) {
            return head + "で" + (r == Result.BLACK_WIN ? "先手" : "後手") + "の勝ち";
        }
        if (r == Result.DRAW) {
            return head + (g.termination() == Termination.SENNICHITE ? "で千日手" : "で持将棋");
        }
        return head + (g.terminal() == Terminal.SEALED ? "で封じ手" : "で中断");
    }

    private static String oneLine(String s) {
        return s.replace('\r', ' ').replace('\n', ' ');
    }
}
