package dev.joseki.notation;

import dev.joseki.rules.Move;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import dev.joseki.rules.Square;
import dev.joseki.rules.Termination;
import java.util.Map;

/**
 * Writes a game as CSA V2.2: names, {@code $} information, {@code PI} for the even position or rows
 * {@code P1}…{@code P9} plus {@code P+00}/{@code P-00} hands otherwise, moves with {@code T} lines,
 * the terminal. Comments are written as {@code '} lines. KIF headers are mapped to their CSA keys
 * where one exists ({@code 棋戦} → {@code $EVENT}, …); others become {@code '} comments so nothing is
 * lost silently.
 */
public final class CsaWriter {
    private static final Map<String, String> FROM_KIF =
            Map.of(
                    "棋戦",
                    "EVENT",
                    "場所",
                    "SITE",
                    "開始日時",
                    "START_TIME",
                    "終了日時",
                    "END_TIME",
                    "持ち時間",
                    "TIME_LIMIT",
                    "戦型",
                    "OPENING");

    private CsaWriter() {}

    public static String write(GameRecord g) {
        StringBuilder sb = new StringBuilder(4096);
        sb.append("V2.2\n");
        if (!g.blackName().isEmpty()) {
            sb.append("N+").append(oneLine(g.blackName())).append('\n');
        }
        if (!g.whiteName().isEmpty()) {
            sb.append("N-").append(oneLine(g.whiteName())).append('\n');
        }
        for (Map.Entry<String, String> h : g.headers().entrySet()) {
            String key = h.getKey();
            if (key.equals("VERSION")) {
                continue;
            }
            String csaKey = FROM_KIF.getOrDefault(key, key);
            if (csaKey.matches("[A-Z_0-9]+")) {
                sb.append('$')
                        .append(csaKey)
                        .append(':')
                        .append(oneLine(h.getValue()))
                        .append('\n');
            } else {
                sb.append('\'')
                        .append(oneLine(key))
                        .append('：')
                        .append(oneLine(h.getValue()))
                        .append('\n');
            }
        }
        for (String c : g.comments()) {
            sb.append('\'').append(oneLine(c)).append('\n');
        }
        Position pos = g.startPosition();
        writePosition(pos, sb);
        for (RecordMove rm : g.moves()) {
            sb.append(move(pos, rm.move())).append('\n');
            if (rm.seconds() >= 0) {
                sb.append('T').append(rm.seconds()).append('\n');
            }
            for (String c : rm.comments()) {
                sb.append('\'').append(oneLine(c)).append('\n');
            }
            pos.doMove(rm.move());
        }
        String code = terminalCode(g, pos);
        if (code != null) {
            sb.append(code).append('\n');
            if (g.terminalSeconds() >= 0) {
                sb.append('T').append(g.terminalSeconds()).append('\n');
            }
        }
        return sb.toString();
    }

    /**
     * One CSA move, e.g. {@code +7776FU}, {@code -0034KA}, {@code +2423TO} (the piece after the
     * move).
     */
    public static String move(Position pos, int m) {
        int color = pos.sideToMove();
        StringBuilder sb = new StringBuilder(7).append(color == Piece.BLACK ? '+' : '-');
        int after;
        if (Move.isDrop(m)) {
            sb.append("00");
            after = Move.dropType(m);
        } else {
            sb.append(CsaNames.square(Move.from(m)));
            int t = Piece.type(pos.pieceOn(Move.from(m)));
            after = Move.isPromotion(m) ? Piece.promoted(t) : t;
        }
        return sb.append(CsaNames.square(Move.to(m))).append(CsaNames.name(after)).toString();
    }

    private static void writePosition(Position pos, StringBuilder sb) {
        if (Sfen.startPosition().samePosition(pos)) {
            sb.append("PI\n+\n");
            return;
        }
        for (int r = 1; r <= 9; r++) {
            sb.append('P').append(r);
            for (int f = 9; f >= 1; f--) {
                int p = pos.pieceOn(Square.of(f, r));
                sb.append(
                        p == 0
                                ? " * "
                                : (Piece.color(p) == Piece.BLACK ? "+" : "-")
                                        + CsaNames.name(Piece.type(p)));
            }
            sb.append('\n');
        }
        for (int c = 0; c < 2; c++) {
            StringBuilder hand = new StringBuilder();
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
                appendHand(hand, pos.handCount(c, t), t);
            }
            if (hand.length() > 0) {
                sb.append(c == Piece.BLACK ? "P+" : "P-").append(hand).append('\n');
            }
        }
        sb.append(pos.sideToMove() == Piece.BLACK ? "+\n" : "-\n");
    }

    private static void appendHand(StringBuilder sb, int n, int type) {
        for (int i = 0; i < n; i++) {
            sb.append("00").append(CsaNames.name(type));
        }
    }

    /**
     * The CSA code for the record's ending; KIF-only endings map to the CSA code of the same
     * outcome.
     */
    static String terminalCode(GameRecord g, Position fin) {
        Terminal t = g.terminal();
        if (t == null) {
            // A result stated only by a KIF/KI2 result line: a resignation by the loser, who must
            // be to move.
            boolean loserToMove = g.result() == Result.loser(fin.sideToMove());
            return g.termination() == Termination.RESIGN && loserToMove ? "%TORYO" : null;
        }
        if (t.csa() != null) {
            return t.csa();
        }
        return switch (t) {
            // The opponent of the side to move fouled.
            case ILLEGAL_WIN ->
                    fin.sideToMove() == Piece.BLACK ? "%-ILLEGAL_ACTION" : "%+ILLEGAL_ACTION";
            case SEALED -> "%CHUDAN";
            default -> g.result() == Result.UNFINISHED ? "%CHUDAN" : null;
        };
    }

    private static String oneLine(String s) {
        return s.replace('\r', ' ').replace('\n', ' ');
    }
}
