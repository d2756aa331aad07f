package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.records.PositionEvals;
import dev.joseki.records.proto.EvaluatedMove;
import dev.joseki.records.proto.PositionEval;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvalRecordingTest {
    private static PositionEval eval(String id, String usi, int value) {
        return PositionEval.newBuilder()
                .setEvalId(id)
                .setSfen(Sfen.STARTPOS)
                .addMoves(EvaluatedMove.newBuilder().setUsi(usi).setValue(value).setDepth(9))
                .build();
    }

    @Test
    void aResumedRunAppendsToWhatTheFirstRunKept(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("mined.evals");
        PositionEval a = eval("m/0", "7g7f", 40);
        PositionEval b = eval("m/1", "2g2f", 35);
        PositionEval c = eval("m/2", "5g5f", -20);
        try (EvalRecording first = EvalRecording.open(file)) {
            first.append(List.of(a, b));
            first.append(List.of());
        }
        try (EvalRecording resumed = EvalRecording.open(file)) {
            resumed.append(List.of(c));
        }
        assertThat(PositionEvals.read(file)).containsExactly(a, b, c);
    }

    @Test
    void withoutAFileNothingIsKept(@TempDir Path dir) throws Exception {
        try (EvalRecording none = EvalRecording.open(null)) {
            none.append(List.of(eval("m/0", "7g7f", 40)));
        }
        assertThat(dir.toFile().list()).isEmpty();
    }
}
