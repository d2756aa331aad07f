package dev.joseki.notation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads any supported record file: decodes the bytes, picks the format, returns every game in it.
 */
public final class RecordReader {
    private RecordReader() {}

    /**
     * Reads a file; the format is guessed from the extension and content when {@code format} is
     * null.
     */
    public static List<GameRecord> read(Path file, RecordFormat format) throws IOException {
        return read(Files.readAllBytes(file), file.toString(), format);
    }

    public static List<GameRecord> read(byte[] bytes, String source, RecordFormat format) {
        return read(RecordText.decode(bytes, source), source, format);
    }

    public static List<GameRecord> read(String text, String source, RecordFormat format) {
        RecordFormat f = format != null ? format : RecordFormat.detect(source, text);
        if (f == null) {
            throw new ParseException(
                    source, 1, 1, "cannot tell the record format (use --format csa|kif|ki2|usi)");
        }
        return switch (f) {
            case CSA -> CsaReader.read(text, source);
            case KIF -> KifReader.read(text, source);
            case KI2 -> Ki2Reader.read(text, source);
            case USI -> UsiRecordReader.read(text, source);
        };
    }
}
