package dev.joseki.records;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.joseki.records.proto.PositionEval;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A record file of {@link PositionEval}s ({@link PositionEvals#write}: length-delimited, as
 * protobuf's {@code writeDelimitedTo}) read as far as its records are whole.
 *
 * <p>A write is only ever cut at its end: a run killed while appending leaves one unfinished record
 * after its whole ones. That tail is not an error (nothing after it is lost; the evaluation it held
 * was never folded, so its position is still unevaluated): {@link #cutShort()} says so and {@link
 * #wholeBytes()} is where the whole records end. Bytes that are not records at all (a length that
 * is not a varint, a whole record that does not parse, or a first record longer than the file) are
 * an IllegalArgumentException naming the file and the record.
 *
 * @param evals the whole records, in file order
 * @param wholeBytes bytes the whole records take from the start of the file
 * @param size the file's size; greater than wholeBytes when the last record is cut short
 */
public record EvalRecordFile(Path file, List<PositionEval> evals, long wholeBytes, long size) {
    /** Longest varint for a record length (a positive int): 5 bytes of 7 bits. */
    private static final int MAX_LENGTH_BYTES = 5;

    public EvalRecordFile {
        evals = List.copyOf(evals);
    }

    public boolean cutShort() {
        return wholeBytes < size;
    }

    /** One line for the user about a cut-short file: which record, how many bytes, what is kept. */
    public String cutNote() {
        return file
                + ": record "
                + (evals.size() + 1)
                + " is cut short, "
                + (size - wholeBytes)
                + " bytes of an unfinished write (a run stopped while writing it); "
                + (evals.size() == 1
                        ? "the whole record before it is read"
                        : "the " + evals.size() + " whole records before it are read");
    }

    public static EvalRecordFile read(Path file) {
        List<PositionEval> evals = new ArrayList<>();
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
            long size = Files.size(file);
            long offset = 0;
            while (true) {
                // 1. the length varint; the end of the file before its last byte is a cut write
                int b = in.read();
                if (b < 0) {
                    return new EvalRecordFile(file, evals, offset, size);
                }
                long length = 0;
                int lengthBytes = 0;
                while (true) {
                    length |= (long) (b & 0x7f) << (7 * lengthBytes);
                    lengthBytes++;
                    if ((b & 0x80) == 0) {
                        break;
                    }
                    if (lengthBytes == MAX_LENGTH_BYTES) {
                        throw notARecord(file, evals.size(), "its length is not a varint");
                    }
                    b = in.read();
                    if (b < 0) {
                        return cut(file, evals, offset, size);
                    }
                }
                // 2. the body: past the end of the file is a cut write, unless nothing came before
                if (length > Integer.MAX_VALUE || offset + lengthBytes + length > size) {
                    return cut(file, evals, offset, size);
                }
                byte[] body = in.readNBytes((int) length);
                try {
                    evals.add(PositionEval.parseFrom(body));
                } catch (InvalidProtocolBufferException x) {
                    throw notARecord(file, evals.size(), x.getMessage());
                }
                offset += lengthBytes + length;
            }
        } catch (NoSuchFileException x) {
            throw new IllegalArgumentException(file + ": no such file");
        } catch (IOException x) {
            throw new IllegalArgumentException(file + ": " + x.getMessage());
        }
    }

    /**
     * A file whose first record is already past its end cannot be told from a file of another kind,
     * so it is refused; after whole records it is a cut write.
     */
    private static EvalRecordFile cut(Path file, List<PositionEval> evals, long offset, long size) {
        if (evals.isEmpty()) {
            throw notARecord(file, 0, "it is longer than the file (" + size + " bytes)");
        }
        return new EvalRecordFile(file, evals, offset, size);
    }

    private static IllegalArgumentException notARecord(Path file, int whole, String why) {
        return new IllegalArgumentException(
                file
                        + ": record "
                        + (whole + 1)
                        + ": not a length-delimited PositionEval record: "
                        + why);
    }
}
