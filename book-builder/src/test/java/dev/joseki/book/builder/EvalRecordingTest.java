package dev.joseki.book.builder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.notation.Sfen;
import dev.joseki.records.EvalRecordFile;
import dev.joseki.records.proto.EvaluatedMove;
import dev.joseki.records.proto.PositionEval;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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

    private final PositionEval a = eval("m/0", "7g7f", 40);
    private final PositionEval b = eval("m/1", "2g2f", 35);
    private final PositionEval c = eval("m/2", "5g5f", -20);
    private final StringWriter said = new StringWriter();
    private final PrintWriter err = new PrintWriter(said);

    @Test
    void aResumedRunAppendsToWhatTheFirstRunKept(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("mined.evals");
        try (EvalRecording first = EvalRecording.open(file, err)) {
            first.append(List.of(a, b));
            first.append(List.of());
        }
        try (EvalRecording resumed = EvalRecording.open(file, err)) {
            resumed.append(List.of(c));
        }
        assertThat(EvalRecordFile.read(file).evals()).containsExactly(a, b, c);
        assertThat(said.toString()).isEmpty();
    }

    @Test
    void aRecordLeftUnfinishedByAKillIsDroppedBeforeTheResumedRunAppends(@TempDir Path dir)
            throws Exception {
        Path file = dir.resolve("mined.evals");
        try (EvalRecording first = EvalRecording.open(file, err)) {
            first.append(List.of(a, b));
        }
        long whole = Files.size(file);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(whole - 4); // the kill: b's last 4 bytes never written
        }
        try (EvalRecording resumed = EvalRecording.open(file, err)) {
            resumed.append(List.of(b, c));
        }
        EvalRecordFile kept = EvalRecordFile.read(file);
        assertThat(kept.evals()).containsExactly(a, b, c);
        assertThat(kept.cutShort()).isFalse();
        assertThat(said.toString())
                .startsWith("--record " + file + ": record 2 is cut short, ")
                .contains("the whole record before it is read", "the unfinished one is dropped");
    }

    @Test
    void aFileThatHoldsNoRecordsIsRefusedNotAppendedTo(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("book.db"), "#YANEURAOU-DB2016 1.00\n");
        assertThatThrownBy(() -> EvalRecording.open(file, err))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        "--record " + file + ": record 1: not a length-delimited PositionEval");
        assertThat(Files.readString(file)).isEqualTo("#YANEURAOU-DB2016 1.00\n");
    }

    @Test
    void withoutAFileNothingIsKept(@TempDir Path dir) throws Exception {
        try (EvalRecording none = EvalRecording.open(null, err)) {
            none.append(List.of(eval("m/0", "7g7f", 40)));
        }
        assertThat(dir.toFile().list()).isEmpty();
    }
}
