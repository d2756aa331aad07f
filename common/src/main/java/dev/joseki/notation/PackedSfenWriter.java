package dev.joseki.notation;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes {@link PackedSfenValue} records back to back, as YaneuraOu's learner reads them: a file of
 * n records is exactly 40 n bytes.
 */
public final class PackedSfenWriter implements Closeable {
    private final OutputStream out;
    private final byte[] buf = new byte[PackedSfenValue.BYTES];
    private long records;

    public PackedSfenWriter(Path file) throws IOException {
        this(Files.newOutputStream(file));
    }

    public PackedSfenWriter(OutputStream out) {
        this.out = new BufferedOutputStream(out, 1 << 16);
    }

    public void write(PackedSfenValue v) throws IOException {
        v.write(buf, 0);
        out.write(buf);
        records++;
    }

    public long records() {
        return records;
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
