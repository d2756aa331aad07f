package dev.joseki.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.CodedOutputStream;
import dev.joseki.notation.Sfen;
import dev.joseki.records.proto.EvaluatedMove;
import dev.joseki.records.proto.PositionEval;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvalRecordFileTest {
    private static PositionEval eval(String id, String usi, int value) {
        return PositionEval.newBuilder()
                .setEvalId(id)
                .setSfen(Sfen.STARTPOS)
                .addMoves(
                        EvaluatedMove.newBuilder()
                                .setUsi(usi)
                                .setValue(value)
                                .setDepth(9)
                                .setNodes(1000))
                .build();
    }

    private static final PositionEval A = eval("t/0", "7g7f", 40);
    private static final PositionEval B = eval("t/1", "2g2f", 35);
    // an id of 200 characters: a body over 127 bytes, so its length takes two varint bytes
    private static final PositionEval LONG = eval("t/".repeat(100), "5g5f", -20);

    /** A record's bytes on disk, by protobuf's own sizes: the length varint, then the body. */
    private static long onDisk(PositionEval e) {
        int body = e.getSerializedSize();
        return CodedOutputStream.computeUInt32SizeNoTag(body) + body;
    }

    private static Path write(Path f, PositionEval... evals) throws Exception {
        try (OutputStream o = Files.newOutputStream(f)) {
            PositionEvals.write(o, List.of(evals));
        }
        return f;
    }

    private static Path appendTo(Path f, byte[] bytes) throws Exception {
        return Files.write(f, bytes, StandardOpenOption.APPEND);
    }

    private static void cutTo(Path f, long size) throws Exception {
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE)) {
            ch.truncate(size);
        }
    }

    @Test
    void wholeRecordsReadBackInOrder(@TempDir Path tmp) throws Exception {
        Path f = write(tmp.resolve("x.evals"), A, B, LONG);
        EvalRecordFile r = EvalRecordFile.read(f);
        assertThat(r.evals()).containsExactly(A, B, LONG);
        assertThat(r.cutShort()).isFalse();
        assertThat(r.wholeBytes()).isEqualTo(onDisk(A) + onDisk(B) + onDisk(LONG));
        assertThat(onDisk(LONG) - LONG.getSerializedSize()).as("two length bytes").isEqualTo(2);
    }

    @Test
    void aWriteCutInsideTheLastRecordKeepsTheWholeRecordsBeforeIt(@TempDir Path tmp)
            throws Exception {
        Path f = write(tmp.resolve("x.evals"), A, B, LONG);
        cutTo(f, onDisk(A) + onDisk(B) + onDisk(LONG) - 3);
        EvalRecordFile r = EvalRecordFile.read(f);
        assertThat(r.evals()).containsExactly(A, B);
        assertThat(r.cutShort()).isTrue();
        assertThat(r.wholeBytes()).isEqualTo(onDisk(A) + onDisk(B));
        assertThat(r.cutNote())
                .isEqualTo(
                        f
                                + ": record 3 is cut short, "
                                + (onDisk(LONG) - 3)
                                + " bytes of an unfinished write (a run stopped while writing"
                                + " it); the 2 whole records before it are read");
    }

    @Test
    void aWriteCutInsideTheLengthIsCutShortToo(@TempDir Path tmp) throws Exception {
        Path f = write(tmp.resolve("x.evals"), A, LONG);
        cutTo(f, onDisk(A) + 1);
        EvalRecordFile r = EvalRecordFile.read(f);
        assertThat(r.evals()).containsExactly(A);
        assertThat(r.size() - r.wholeBytes()).isEqualTo(1);
    }

    @Test
    void bytesThatAreNotRecordsNameTheFileAndTheRecord(@TempDir Path tmp) throws Exception {
        Path bad =
                Files.write(
                        tmp.resolve("bad.evals"),
                        new byte[] {
                            5, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff
                        });
        assertThatThrownBy(() -> EvalRecordFile.read(bad))
                .hasMessageStartingWith(
                        bad + ": record 1: not a length-delimited PositionEval record");
        Path garbageAfter =
                appendTo(
                        write(tmp.resolve("after.evals"), A),
                        new byte[] {3, (byte) 0xff, (byte) 0xff, (byte) 0xff});
        assertThatThrownBy(() -> EvalRecordFile.read(garbageAfter))
                .hasMessageStartingWith(
                        garbageAfter + ": record 2: not a length-delimited PositionEval record");
        Path noVarint =
                appendTo(
                        write(tmp.resolve("varint.evals"), A),
                        new byte[] {
                            (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 1
                        });
        assertThatThrownBy(() -> EvalRecordFile.read(noVarint))
                .hasMessage(
                        noVarint
                                + ": record 2: not a length-delimited PositionEval record: its"
                                + " length is not a varint");
        assertThatThrownBy(() -> EvalRecordFile.read(tmp.resolve("none")))
                .hasMessage(tmp.resolve("none") + ": no such file");
    }

    @Test
    void aFirstRecordLongerThanTheFileIsRefusedNotTakenForACutWrite(@TempDir Path tmp)
            throws Exception {
        Path f = write(tmp.resolve("x.evals"), A);
        cutTo(f, onDisk(A) - 1);
        assertThatThrownBy(() -> EvalRecordFile.read(f))
                .hasMessage(
                        f
                                + ": record 1: not a length-delimited PositionEval record: it is"
                                + " longer than the file ("
                                + (onDisk(A) - 1)
                                + " bytes)");
    }
}
