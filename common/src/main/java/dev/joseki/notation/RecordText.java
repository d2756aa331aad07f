package dev.joseki.notation;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Bytes of a record, book or openings file to text. Japanese files come as UTF-8, Shift_JIS (cp932
 * in practice) or EUC-JP, often without saying which, so decoding is strict and tries in order: (1)
 * UTF-8 (a BOM is dropped), (2) the encoding a CSA V3.0 {@code 'CSA encoding=} line names, (3)
 * cp932, (4) EUC-JP. Strict decoding matters: cp932 decoded leniently would turn EUC-JP into
 * plausible garbage. Records are decoded whole ({@link #decode}); a YaneuraOu {@code .db} book may
 * be hundreds of megabytes, so {@link #open} checks the file's encodings streaming and then reads
 * it through a reader. When none decodes, one {@link ParseException} names the file, the line and
 * column where the encoding that got furthest stopped, and every encoding tried.
 */
public final class RecordText {
    public static final Charset CP932 = Charset.forName("windows-31j");
    public static final Charset EUC_JP = Charset.forName("EUC-JP");

    /** Bytes of the file's start searched for a CSA encoding line. */
    private static final int DECLARATION_BYTES = 64;

    private RecordText() {}

    public static String decode(byte[] bytes, String source) {
        int skip = bom(bytes, bytes.length) ? 3 : 0;
        List<Charset> tried = candidates(declaredEncoding(bytes, bytes.length));
        for (Charset cs : tried) {
            String s = strict(bytes, cs == StandardCharsets.UTF_8 ? skip : 0, cs);
            if (s != null) {
                return s;
            }
        }
        throw undecodable(source, tried, () -> new ByteArrayInputStream(bytes));
    }

    /**
     * A reader of the text file in the first encoding that decodes all of it (the order of {@link
     * RecordText}); a UTF-8 BOM is skipped. Throws ParseException naming the file when none does.
     */
    public static BufferedReader open(Path file) throws IOException {
        byte[] head = new byte[DECLARATION_BYTES];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        }
        List<Charset> tried = candidates(declaredEncoding(head, n));
        for (Charset cs : tried) {
            try (InputStream in = Files.newInputStream(file)) {
                if (firstError(in, cs) == null) {
                    BufferedReader r = new BufferedReader(reader(Files.newInputStream(file), cs));
                    if (cs == StandardCharsets.UTF_8 && bom(head, n)) {
                        r.skip(1);
                    }
                    return r;
                }
            }
        }
        throw undecodable(file.toString(), tried, () -> Files.newInputStream(file));
    }

    /** UTF-8, the declared encoding (when there is one and it is another), cp932, EUC-JP. */
    private static List<Charset> candidates(Charset declared) {
        List<Charset> out = new ArrayList<>(List.of(StandardCharsets.UTF_8));
        if (declared != null && !out.contains(declared)) {
            out.add(declared);
        }
        for (Charset cs : List.of(CP932, EUC_JP)) {
            if (!out.contains(cs)) {
                out.add(cs);
            }
        }
        return out;
    }

    private static boolean bom(byte[] bytes, int n) {
        return n >= 3
                && (bytes[0] & 0xff) == 0xef
                && (bytes[1] & 0xff) == 0xbb
                && (bytes[2] & 0xff) == 0xbf;
    }

    private static String strict(byte[] bytes, int offset, Charset cs) {
        try {
            return decoder(cs)
                    .decode(ByteBuffer.wrap(bytes, offset, bytes.length - offset))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    private static CharsetDecoder decoder(Charset cs) {
        return cs.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
    }

    private static Reader reader(InputStream in, Charset cs) {
        return new InputStreamReader(in, decoder(cs));
    }

    /** Opens the bytes again for each encoding to locate where it fails. */
    private interface Bytes {
        InputStream open() throws IOException;
    }

    /**
     * The exception for text no encoding decodes: at the line and column where the encoding that
     * got furthest stopped (in a Shift_JIS file with one damaged byte, that byte, not the first
     * Japanese character UTF-8 stumbled on), naming where each stopped.
     */
    private static ParseException undecodable(String source, List<Charset> tried, Bytes bytes) {
        int[] furthest = {1, 1};
        StringBuilder each = new StringBuilder();
        for (Charset cs : tried) {
            int[] at;
            try (InputStream in = bytes.open()) {
                at = firstError(in, cs);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + source + ": " + e.getMessage(), e);
            }
            at = at == null ? new int[] {1, 1} : at;
            if (at[0] > furthest[0] || at[0] == furthest[0] && at[1] > furthest[1]) {
                furthest = at;
            }
            each.append(each.length() == 0 ? "" : ", ")
                    .append(name(cs))
                    .append(" (invalid at line ")
                    .append(at[0])
                    .append(')');
        }
        return new ParseException(
                source, furthest[0], furthest[1], "cannot decode the file; tried " + each);
    }

    private static String name(Charset cs) {
        return cs == CP932 ? "Shift_JIS/cp932" : cs.name();
    }

    /**
     * The 1-based line and column (in characters) of the first byte cs cannot decode, or null when
     * the whole stream decodes. Lines end at CR LF, LF or CR, as in {@link #lines}. Decoded here,
     * not through a Reader: a Reader drops the characters it decoded before the error, and the line
     * with them.
     */
    private static int[] firstError(InputStream in, Charset cs) throws IOException {
        CharsetDecoder decoder = decoder(cs);
        ByteBuffer bytes = ByteBuffer.allocate(8192).flip();
        CharBuffer chars = CharBuffer.allocate(8192);
        int line = 1, column = 1;
        boolean afterCr = false, eof = false;
        while (true) {
            if (!eof) {
                bytes.compact();
                int n = in.read(bytes.array(), bytes.position(), bytes.remaining());
                if (n < 0) {
                    eof = true;
                } else {
                    bytes.position(bytes.position() + n);
                }
                bytes.flip();
            }
            CoderResult result = decoder.decode(bytes, chars, eof);
            if (eof && result.isUnderflow()) {
                result = decoder.flush(chars);
            }
            chars.flip();
            while (chars.hasRemaining()) {
                char c = chars.get();
                if (c == '\n' && afterCr) {
                    afterCr = false;
                } else if (c == '\n' || c == '\r') {
                    line++;
                    column = 1;
                    afterCr = c == '\r';
                } else {
                    column++;
                    afterCr = false;
                }
            }
            chars.clear();
            if (result.isError()) {
                return new int[] {line, column};
            }
            if (eof && result.isUnderflow()) {
                return null;
            }
        }
    }

    /** The charset of a leading {@code 'CSA encoding=NAME} line (ASCII), or null. */
    private static Charset declaredEncoding(byte[] bytes, int n) {
        int end = 0;
        while (end < n && end < DECLARATION_BYTES && bytes[end] != '\n' && bytes[end] != '\r') {
            end++;
        }
        String first = new String(bytes, 0, end, StandardCharsets.ISO_8859_1).strip();
        if (!first.startsWith("'CSA encoding=")) {
            return null;
        }
        String name = first.substring("'CSA encoding=".length()).strip().toUpperCase(Locale.ROOT);
        return switch (name) {
            case "SHIFT_JIS", "SHIFT-JIS", "SJIS", "CP932", "WINDOWS-31J" -> CP932;
            case "UTF-8", "UTF8" -> StandardCharsets.UTF_8;
            case "EUC-JP" -> EUC_JP;
            default -> null;
        };
    }

    /** Splits on CR LF, LF or CR (not on NEL or other Unicode separators). */
    public static List<String> lines(String text) {
        List<String> out = new ArrayList<>();
        int start = 0, n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                out.add(text.substring(start, i));
                if (c == '\r' && i + 1 < n && text.charAt(i + 1) == '\n') {
                    i++;
                }
                start = i + 1;
            }
        }
        if (start < n) {
            out.add(text.substring(start));
        }
        return out;
    }
}
