package dev.joseki.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.book.BookLayout;
import dev.joseki.book.FullKey;
import dev.joseki.book.MoveEval;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.records.proto.EvalPosition;
import dev.joseki.records.proto.EvaluatedMove;
import dev.joseki.records.proto.PositionEval;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PositionEvalsTest {
    static final String AFTER_7G7F = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
    /** Worked by hand: AFTER_7G7F turned 180° with colours swapped; Black's pawn on 7f is White's on 3d. */
    static final String AFTER_7G7F_MOVER = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 2";

    static EvaluatedMove move(String usi, int value, int depth, long nodes) {
        return EvaluatedMove.newBuilder().setUsi(usi).setValue(value).setDepth(depth).setNodes(nodes).build();
    }

    static byte[] handKey(String moverSfen, String moverMove) {
        Position mover = Sfen.parse(moverSfen);
        return BookLayout.entryKey(FullKey.of(mover), Move.move16(UsiMove.parse(mover, moverMove)));
    }

    @Test
    void whiteToMoveEntriesAreKeyedInTheMoverView() {
        // White's 3c3d is 7g7f turned 180°, and 4a3b is 6i7h.
        PositionEval e = PositionEval.newBuilder().setEvalId("t/0").setSfen(AFTER_7G7F)
                .addMoves(move("3c3d", 15, 9, 700)).addMoves(move("4a3b", -31_991, 9, 700)).build();
        Map<byte[], MoveEval> entries = PositionEvals.entries(e);
        assertThat(entries).hasSize(2);
        assertThat(entries.get(handKey(AFTER_7G7F_MOVER, "7g7f"))).isEqualTo(new MoveEval(15, 9, 700));
        assertThat(entries.get(handKey(AFTER_7G7F_MOVER, "6i7h"))).isEqualTo(new MoveEval(-31_991, 9, 700));
    }

    @Test
    void aMoveListedTwiceKeepsTheDeeperEvaluation() {
        PositionEval e = PositionEval.newBuilder().setEvalId("t/0").setSfen(Sfen.STARTPOS)
                .addMoves(move("7g7f", 50, 3, 10)).addMoves(move("7g7f", -20, 7, 5)).build();
        assertThat(PositionEvals.entries(e).values()).containsExactly(new MoveEval(-20, 7, 5));
    }

    @Test
    void anIllegalMoveNamesTheRecord() {
        PositionEval e = PositionEval.newBuilder().setEvalId("t/4").setSfen(AFTER_7G7F).addMoves(move("7g7f", 0, 1, 1)).build();
        assertThatThrownBy(() -> PositionEvals.entries(e)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("eval t/4:1:1:").hasMessageContaining("illegal move '7g7f'");
    }

    @Test
    void theEvaluatedPositionIsReachedByTheMoves() {
        Position p = PositionEvals.position(EvalPosition.newBuilder().addMoves("7g7f").build(), "test");
        assertThat(Sfen.write(p)).isEqualTo(AFTER_7G7F);
    }

    @Test
    void recordFilesRoundTripAndBadBytesNameTheFile(@TempDir Path tmp) throws Exception {
        PositionEval a = PositionEval.newBuilder().setEvalId("t/0").setSfen(Sfen.STARTPOS).addMoves(move("7g7f", 1, 2, 3)).build();
        PositionEval b = a.toBuilder().setEvalId("t/1").build();
        Path f = tmp.resolve("x.evals");
        try (OutputStream o = Files.newOutputStream(f)) {
            PositionEvals.write(o, List.of(a, b));
        }
        assertThat(PositionEvals.read(f)).containsExactly(a, b);
        Path bad = Files.write(tmp.resolve("bad.evals"), new byte[] {5, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff});
        assertThatThrownBy(() -> PositionEvals.read(bad)).hasMessageStartingWith(bad + ": record 1: not a length-delimited PositionEval record");
        assertThatThrownBy(() -> PositionEvals.read(tmp.resolve("none"))).hasMessage(tmp.resolve("none") + ": no such file");
    }

    @Test
    void evalIdsAreTaskAndIndex() {
        assertThat(PositionEvals.evalId("ev-1-3", 2)).isEqualTo("ev-1-3/2");
    }
}
