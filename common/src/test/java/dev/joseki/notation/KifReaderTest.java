package dev.joseki.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.rules.Move;
import dev.joseki.rules.Result;
import dev.joseki.rules.Termination;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** KIF reading on hand-written records; expected moves and results worked out by hand. */
class KifReaderTest {
    private static final String COLUMNS = "手数----指手---------消費時間--\n";

    private static GameRecord read(String kif) {
        return KifReader.read(kif, "t.kif").get(0);
    }

    private static List<String> usi(GameRecord g) {
        return Arrays.stream(g.moveArray()).mapToObj(Move::usi).toList();
    }

    @Test
    void bishopExchangeWithPromotionSameSquareAndDrop() {
        GameRecord g =
                read(
                        "先手：甲\n後手：乙\n"
                                + COLUMNS
                                + "   1 ７六歩(77)   ( 0:16/00:00:16)\n"
                                + "   2 ３四歩(33)   ( 1:02/00:01:02)\n"
                                + "   3 ２二角成(88) ( 0:01/00:00:17)\n"
                                + "   4 同　銀(31)\n"
                                + "   5 ４五角打\n"
                                + "   6 投了\n"
                                + "まで5手で先手の勝ち\n");
        assertThat(usi(g)).containsExactly("7g7f", "3c3d", "8h2b+", "3a2b", "B*4e");
        assertThat(g.moves().get(0).seconds()).isEqualTo(16);
        assertThat(g.moves().get(1).seconds()).isEqualTo(62);
        assertThat(g.moves().get(3).seconds()).isEqualTo(-1);
        assertThat(g.blackName()).isEqualTo("甲");
        assertThat(g.whiteName()).isEqualTo("乙");
        // White, to move after ply 5, resigns.
        assertThat(g.result()).isEqualTo(Result.BLACK_WIN);
        assertThat(g.termination()).isEqualTo(Termination.RESIGN);
    }

    @Test
    void declinedPromotionAndSameSquareWithoutSpace() {
        GameRecord g = read(COLUMNS + "1 ７六歩(77)\n2 ３四歩(33)\n3 ２二角不成(88)\n4 同銀(31)\n");
        assertThat(usi(g)).containsExactly("7g7f", "3c3d", "8h2b", "3a2b");
        assertThat(g.result()).isEqualTo(Result.UNFINISHED);
    }

    @Test
    void handicapStartHasWhiteMoveFirst() {
        GameRecord g =
                read("手合割：香落ち\n上手：甲\n下手：乙\n" + COLUMNS + "   1 ３四歩(33)\n   2 ７六歩(77)\n   3 投了\n");
        assertThat(g.startSfen())
                .isEqualTo("lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
        assertThat(usi(g)).containsExactly("3c3d", "7g7f");
        assertThat(g.whiteName()).isEqualTo("甲");
        // White (上手) is to move after two plies and resigns.
        assertThat(g.result()).isEqualTo(Result.BLACK_WIN);
    }

    @Test
    void everyListedHandicapIsKnownAndTakesPiecesFromWhite() {
        for (String name : List.of("香落ち", "角落ち", "飛車落ち", "飛香落ち", "二枚落ち", "四枚落ち", "六枚落ち")) {
            GameRecord g = read("手合割：" + name + "\n" + COLUMNS);
            String board = g.startSfen().split(" ")[0];
            assertThat(board).as(name).endsWith("/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL");
            assertThat(g.startSfen()).as(name).contains(" w - 1");
        }
        assertThat(read("手合割：二枚落ち\n" + COLUMNS).startSfen()).startsWith("lnsgkgsnl/9/");
        assertThat(read("手合割：六枚落ち\n" + COLUMNS).startSfen()).startsWith("2sgkgs2/9/");
    }

    @Test
    void branchesAfterTheMainLineAreSkipped() {
        GameRecord g =
                read(
                        COLUMNS
                                + "   1 ７六歩(77)\n"
                                + "   2 ３四歩(33)   +\n"
                                + "   3 中断\n"
                                + "まで2手で中断\n\n"
                                + "変化：2手\n"
                                + "   2 ８四歩(83)\n");
        assertThat(usi(g)).containsExactly("7g7f", "3c3d");
        assertThat(g.termination()).isEqualTo(Termination.ABORT);
    }

    @Test
    void diagramStartWithHandsAndSideToMove() {
        String bod =
                """
                後手の持駒：なし
                  ９ ８ ７ ６ ５ ４ ３ ２ １
                +---------------------------+
                | ・ ・ ・ ・ ・ ・ ・ ・v玉|一
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|二
                | ・ ・ ・ ・ ・ ・ ・ ・ 歩|三
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|四
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|五
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|六
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|七
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|八
                | 玉 ・ ・ ・ ・ ・ ・ ・ ・|九
                +---------------------------+
                先手の持駒：金　歩二
                先手番
                """;
        GameRecord g = read(bod + COLUMNS + "   1 １二金打\n");
        assertThat(g.startSfen()).isEqualTo("8k/9/8P/9/9/9/9/9/K8 b G2P 1");
        // The gold on 1b, guarded by the pawn on 1c, mates the king on 1a.
        assertThat(g.result()).isEqualTo(Result.BLACK_WIN);
        assertThat(g.termination()).isEqualTo(Termination.CHECKMATE);
    }

    @Test
    void wrongPieceAtTheOriginIsReportedWithLineAndColumn() {
        assertThatThrownBy(() -> read(COLUMNS + "   1 ７六歩(78)\n"))
                .isInstanceOf(ParseException.class)
                .hasMessageStartingWith("t.kif:2:6: no 歩 of the side to move on 7h");
    }

    @Test
    void illegalMoveIsReported() {
        assertThatThrownBy(() -> read(COLUMNS + "   1 ７五歩(77)\n"))
                .isInstanceOf(ParseException.class)
                .hasMessageStartingWith("t.kif:2:6: illegal move '７五歩(77)'");
    }

    @Test
    void moveNumberOutOfSequenceIsReported() {
        assertThatThrownBy(() -> read(COLUMNS + "   1 ７六歩(77)\n   3 ３四歩(33)\n"))
                .isInstanceOf(ParseException.class)
                .hasMessageStartingWith("t.kif:3:4: move number 3, expected 2");
    }

    @Test
    void resultLineMustCountTheMovesRead() {
        assertThatThrownBy(() -> read(COLUMNS + "   1 ７六歩(77)\n   2 投了\nまで2手で先手の勝ち\n"))
                .isInstanceOf(ParseException.class)
                .hasMessageStartingWith("t.kif:4:3: result line counts 2 moves");
    }

    @Test
    void kingIsReadAsEither王or玉() {
        GameRecord g = read(COLUMNS + "   1 ６八王(59)\n   2 ４二玉(51)\n");
        assertThat(usi(g)).containsExactly("5i6h", "5a4b");
    }

    @Test
    void sealedMoveLeavesTheGameUnfinished() {
        GameRecord g = read(COLUMNS + "   1 ７六歩(77)\n   2 封じ手\nまで1手で封じ手\n");
        assertThat(g.terminal()).isEqualTo(Terminal.SEALED);
        assertThat(g.result()).isEqualTo(Result.UNFINISHED);
        assertThat(g.termination()).isEqualTo(Termination.ABORT);
    }
}
