package dev.joseki.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.notation.Sfen;
import dev.joseki.records.proto.EvalPosition;
import dev.joseki.records.proto.EvaluatedMove;
import dev.joseki.records.proto.PositionEval;
import dev.joseki.rules.Position;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PositionEvalsTest {
    static final String AFTER_7G7F =
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";

    static EvaluatedMove move(String usi, int value, int depth, long nodes) {
        return EvaluatedMove.newBuilder()
                .setUsi(usi)
                .setValue(value)
                .setDepth(depth)
                .setNodes(nodes)
                .build();
    }

    @Test
    void theEvaluatedPositionIsReachedByTheMoves() {
        Position p =
                PositionEvals.position(EvalPosition.newBuilder().addMoves("7g7f").build(), "test");
        assertThat(Sfen.write(p)).isEqualTo(AFTER_7G7F);
    }

    @Test
    void recordFilesRoundTripAndBadBytesNameTheFile(@TempDir Path tmp) throws Exception {
        PositionEval a =
                PositionEval.newBuilder()
                        .setEvalId("t/0")
                        .setSfen(Sfen.STARTPOS)
                        .addMoves(move("7g7f", 1, 2, 3))
                        .build();
        PositionEval b = a.toBuilder().setEvalId("t/1").build();
        Path f = tmp.resolve("x.evals");
        try (OutputStream o = Files.newOutputStream(f)) {
            PositionEvals.write(o, List.of(a, b));
        }
        assertThat(PositionEvals.read(f)).containsExactly(a, b);
        Path bad =
                Files.write(
                        tmp.resolve("bad.evals"),
                        new byte[] {
                            5, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff
                        });
        assertThatThrownBy(() -> PositionEvals.read(bad))
                .hasMessageStartingWith(
                        bad + ": record 1: not a length-delimited PositionEval record");
        assertThatThrownBy(() -> PositionEvals.read(tmp.resolve("none")))
                .hasMessage(tmp.resolve("none") + ": no such file");
    }

    @Test
    void evalIdsAreTaskAndIndex() {
        assertThat(PositionEvals.evalId("ev-1-3", 2)).isEqualTo("ev-1-3/2");
    }
}
