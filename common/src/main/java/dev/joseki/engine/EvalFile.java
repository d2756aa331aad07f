package dev.joseki.engine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * The file of a trained evaluation ({@link EvalWeights}), little-endian:
 *
 * <pre>
 *   bytes  0- 7  magic "JOSEKIEV"
 *   bytes  8-11  format version, uint32 ({@link #VERSION})
 *   bytes 12-15  feature set id, uint32 ({@link FeatureSet#id}: 1 kp, 2 psq, 3 material, 4 hkp, 5 hkn)
 *   bytes 16-19  weight count, uint32 (23 material + the table's entries)
 *   bytes 20-23  CRC32C of the payload, uint32
 *   payload      23 material weights as int32, then the table as int16, in 1/32 centipawn
 * </pre>
 *
 * A file is refused, in one line naming it, when it is missing, shorter or longer than its header
 * says, of another magic, format version or feature set, or when the payload's checksum differs.
 */
public final class EvalFile {
    public static final int VERSION = 1;
    public static final int HEADER_BYTES = 24;
    private static final byte[] MAGIC = "JOSEKIEV".getBytes(StandardCharsets.US_ASCII);

    private EvalFile() {}

    public static byte[] toBytes(EvalWeights w) {
        int n = w.features().weightCount();
        ByteBuffer b =
                ByteBuffer.allocate(HEADER_BYTES + payloadBytes(w.features()))
                        .order(ByteOrder.LITTLE_ENDIAN);
        b.put(MAGIC).putInt(VERSION).putInt(w.features().id).putInt(n).putInt(0);
        for (int m : w.material()) {
            b.putInt(m);
        }
        for (short t : w.table()) {
            b.putShort(t);
        }
        byte[] bytes = b.array();
        ByteBuffer.wrap(bytes, 20, 4)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putInt(crc(bytes, HEADER_BYTES, bytes.length - HEADER_BYTES));
        return bytes;
    }

    public static void write(Path file, EvalWeights w) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.write(tmp, toBytes(w));
        Files.move(
                tmp,
                file,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** The weights of file; EvalFileException, one line naming the file, when it is unusable. */
    public static EvalWeights read(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw refuse(file, "no such file");
        } catch (IOException e) {
            throw refuse(file, "cannot read: " + e.getMessage());
        }
        return parse(file.toString(), bytes);
    }

    /** The weights in bytes; source names them in errors. */
    public static EvalWeights parse(String source, byte[] bytes) {
        if (bytes.length < HEADER_BYTES) {
            throw refuse(source, "truncated: " + bytes.length + " bytes, shorter than its header");
        }
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < MAGIC.length; i++) {
            if (b.get() != MAGIC[i]) {
                throw refuse(source, "not an evaluation file (no JOSEKIEV magic)");
            }
        }
        int version = b.getInt();
        if (version != VERSION) {
            throw refuse(
                    source, "format version " + version + ", this engine reads version " + VERSION);
        }
        int id = b.getInt();
        FeatureSet features = FeatureSet.ofId(id);
        if (features == null) {
            throw refuse(
                    source,
                    "unknown feature set " + id + " (1 kp, 2 psq, 3 material, 4 hkp, 5 hkn)");
        }
        long count = b.getInt() & 0xffffffffL;
        if (count != features.weightCount()) {
            throw refuse(
                    source,
                    count
                            + " weights, feature set "
                            + features.label
                            + " has "
                            + features.weightCount());
        }
        long expected = (long) HEADER_BYTES + payloadBytes(features);
        if (bytes.length != expected) {
            throw refuse(
                    source,
                    (bytes.length < expected ? "truncated: " : "too long: ")
                            + bytes.length
                            + " bytes, its header says "
                            + expected);
        }
        int stored = b.getInt();
        int actual = crc(bytes, HEADER_BYTES, bytes.length - HEADER_BYTES);
        if (stored != actual) {
            throw refuse(
                    source,
                    String.format(
                            "wrong checksum: CRC32C %08x in the header, %08x of the weights",
                            stored, actual));
        }
        int[] material = new int[FeatureSet.MATERIAL_NB];
        for (int i = 0; i < material.length; i++) {
            material[i] = b.getInt();
        }
        short[] table = new short[features.tableSize()];
        b.asShortBuffer().get(table);
        return new EvalWeights(features, material, table);
    }

    private static int payloadBytes(FeatureSet f) {
        return FeatureSet.MATERIAL_NB * 4 + f.tableSize() * 2;
    }

    private static int crc(byte[] bytes, int from, int length) {
        CRC32C c = new CRC32C();
        c.update(bytes, from, length);
        return (int) c.getValue();
    }

    private static EvalFileException refuse(Object source, String what) {
        return new EvalFileException("evaluation file " + source + ": " + what);
    }
}
