package dev.joseki.cli.explorer;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.joseki.book.Area;
import dev.joseki.notation.KifWriter;
import dev.joseki.notation.Sfen;
import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.rules.Square;

/**
 * {@code /api/position}: everything the page draws, computed by the project's rules so that the
 * page holds no shogi logic — the board, hands, last move, legal moves with their KIF names, the
 * move list in KIF notation, SFEN, USI line and the squares of the two quarter areas for the side
 * to move. Squares are USI names ("7g"); the board is given rank a..i from the top, file 9..1 from
 * the left.
 */
public final class PositionJson {
    /** One-character board names by type (1..14), as printed diagrams use them; index 0 unused. */
    private static final String[] BOARD_NAMES = {
        "", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "杏", "圭", "全", "馬", "龍"
    };

    /** Hand order of printed diagrams: rook first, pawn last. */
    private static final int[] HAND_ORDER = {
        Piece.ROOK, Piece.BISHOP, Piece.GOLD, Piece.SILVER, Piece.KNIGHT, Piece.LANCE, Piece.PAWN
    };

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private PositionJson() {}

    public static ObjectNode of(ExplorerLine line) {
        ObjectNode root = MAPPER.createObjectNode();
        Position pos = Sfen.parse(line.startSfen());
        boolean standardStart = Sfen.startPosition().samePosition(pos);
        root.put("start", line.startSfen());
        // 1. Replay the moves, naming each in KIF before it is made (the name needs the piece on
        // its origin).
        ArrayNode usiMoves = root.putArray("moves");
        ArrayNode kif = root.putArray("kif");
        StringBuilder usi =
                new StringBuilder("position ")
                        .append(standardStart ? "startpos" : "sfen " + line.startSfen());
        int previousTo = -1, last = Move.NONE;
        for (int m : line.moves()) {
            String mark = pos.sideToMove() == Piece.BLACK ? "▲" : "△";
            kif.add(mark + KifWriter.move(pos, m, previousTo));
            usiMoves.add(Move.usi(m));
            usi.append(usiMoves.size() == 1 ? " moves " : " ").append(Move.usi(m));
            pos.doMove(m);
            previousTo = Move.to(m);
            last = m;
        }
        root.put("sfen", Sfen.write(pos));
        root.put("usi", usi.toString());
        root.put("side", colorName(pos.sideToMove()));
        root.put("in_check", pos.inCheck());
        // 2. The diagram.
        ArrayNode board = root.putArray("board");
        for (int r = 1; r <= 9; r++) {
            ArrayNode row = board.addArray();
            for (int f = 9; f >= 1; f--) {
                int sq = Square.of(f, r), p = pos.pieceOn(sq);
                ObjectNode cell = row.addObject().put("square", Square.usi(sq));
                if (p != Piece.NONE) {
                    cell.put("piece", pieceName(p))
                            .put("sfen", Piece.sfen(p))
                            .put("color", colorName(Piece.color(p)));
                }
            }
        }
        ObjectNode hands = root.putObject("hands");
        for (int c = Piece.BLACK; c <= Piece.WHITE; c++) {
            ArrayNode hand = hands.putArray(colorName(c));
            for (int t : HAND_ORDER) {
                int n = pos.handCount(c, t);
                if (n > 0) {
                    hand.addObject()
                            .put("piece", BOARD_NAMES[t])
                            .put("type", String.valueOf(Piece.usiLetter(t)))
                            .put("count", n);
                }
            }
        }
        if (last == Move.NONE) {
            root.putNull("last");
        } else {
            ObjectNode lm = root.putObject("last").put("to", Square.usi(Move.to(last)));
            if (Move.isDrop(last)) {
                lm.putNull("from");
            } else {
                lm.put("from", Square.usi(Move.from(last)));
            }
        }
        // 3. Legal moves with the names the move list would give them.
        ArrayNode legal = root.putArray("legal");
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.generateLegal(pos, moves, 0);
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            ObjectNode o =
                    legal.addObject()
                            .put("usi", Move.usi(m))
                            .put("kif", KifWriter.move(pos, m, previousTo))
                            .put("to", Square.usi(Move.to(m)))
                            .put("promote", Move.isPromotion(m));
            if (Move.isDrop(m)) {
                o.putNull("from").put("drop", String.valueOf(Piece.usiLetter(Move.dropType(m))));
            } else {
                o.put("from", Square.usi(Move.from(m))).putNull("drop");
            }
        }
        // 4. Quarter areas are defined in mover coordinates; White's are the 180° turn of Black's.
        ObjectNode areas = root.putObject("areas");
        for (Area a : Area.values()) {
            ArrayNode squares = areas.putArray(a.jsonName());
            for (int i = 0; i < Area.SQUARES; i++) {
                int sq = a.square(i);
                squares.add(Square.usi(pos.sideToMove() == Piece.BLACK ? sq : Square.flip(sq)));
            }
        }
        return root;
    }

    static String colorName(int color) {
        return color == Piece.BLACK ? "black" : "white";
    }

    /** Board name of a coloured piece; White's king is 王, Black's 玉, as diagrams print them. */
    static String pieceName(int piece) {
        int t = Piece.type(piece);
        return t == Piece.KING && Piece.color(piece) == Piece.WHITE ? "王" : BOARD_NAMES[t];
    }
}
