package dev.joseki.book.builder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.book.BookLayout;
import dev.joseki.book.FullKey;
import dev.joseki.book.MoveEval;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.records.proto.EvaluatedMove;
import dev.joseki.records.proto.PositionEval;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EvalEntriesTest {
    static final String AFTER_7G7F =
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";

    /**
     * Worked by hand: AFTER_7G7F turned 180° with colours swapped; Black's pawn on 7f is White's on
     * 3d.
     */
    static final String AFTER_7G7F_MOVER =
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 2";

    static EvaluatedMove move(String usi, int value, int depth, long nodes) {
        return EvaluatedMove.newBuilder()
                .setUsi(usi)
                .setValue(value)
                .setDepth(depth)
                .setNodes(nodes)
                .build();
    }

    static byte[] handKey(String moverSfen, String moverMove) {
        Position mover = Sfen.parse(moverSfen);
        return BookLayout.entryKey(FullKey.of(mover), Move.move16(UsiMove.parse(mover, moverMove)));
    }

    @Test
    void whiteToMoveEntriesAreKeyedInTheMoverView() {
        // White's 3c3d is 7g7f turned 180°, and 4a3b is 6i7h.
        PositionEval e =
                PositionEval.newBuilder()
                        .setEvalId("t/0")
                        .setSfen(AFTER_7G7F)
                        .addMoves(move("3c3d", 15, 9, 700))
                        .addMoves(move("4a3b", -31_991, 9, 700))
                        .build();
        Map<byte[], MoveEval> entries = EvalEntries.of(e);
        assertThat(entries).hasSize(2);
        assertThat(entries.get(handKey(AFTER_7G7F_MOVER, "7g7f")))
                .isEqualTo(new MoveEval(15, 9, 700));
        assertThat(entries.get(handKey(AFTER_7G7F_MOVER, "6i7h")))
                .isEqualTo(new MoveEval(-31_991, 9, 700));
    }

    @Test
    void blackToMoveEntriesAreKeyedAsPlayed() {
        PositionEval e =
                PositionEval.newBuilder()
                        .setEvalId("t/0")
                        .setSfen(Sfen.STARTPOS)
                        .addMoves(move("2g2f", 7, 5, 50))
                        .build();
        assertThat(EvalEntries.of(e)).containsOnlyKeys(handKey(Sfen.STARTPOS, "2g2f"));
    }

    @Test
    void aMoveListedTwiceKeepsTheDeeperEvaluation() {
        PositionEval e =
                PositionEval.newBuilder()
                        .setEvalId("t/0")
                        .setSfen(Sfen.STARTPOS)
                        .addMoves(move("7g7f", 50, 3, 10))
                        .addMoves(move("7g7f", -20, 7, 5))
                        .build();
        assertThat(EvalEntries.of(e).values()).containsExactly(new MoveEval(-20, 7, 5));
    }

    @Test
    void anIllegalMoveNamesTheRecord() {
        PositionEval e =
                PositionEval.newBuilder()
                        .setEvalId("t/4")
                        .setSfen(AFTER_7G7F)
                        .addMoves(move("7g7f", 0, 1, 1))
                        .build();
        assertThatThrownBy(() -> EvalEntries.of(e))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("eval t/4:1:1:")
                .hasMessageContaining("illegal move '7g7f'");
    }

    @Test
    void aValueBeyondMateIsRejected() {
        PositionEval e =
                PositionEval.newBuilder()
                        .setEvalId("t/5")
                        .setSfen(Sfen.STARTPOS)
                        .addMoves(move("7g7f", 40_000, 1, 1))
                        .build();
        assertThatThrownBy(() -> EvalEntries.of(e))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("value 40000");
    }
}
