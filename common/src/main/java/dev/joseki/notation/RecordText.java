package dev.joseki.notation;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Bytes of a record file to text. Japanese records come as UTF-8, Shift_JIS (cp932 in practice) or
 * EUC-JP, often without saying which, so decoding is strict and tries in order: (1) UTF-8 (a BOM is
 * dropped), (2) the encoding a CSA V3.0 {@code 'CSA encoding=} line names, (3) cp932, (4) EUC-JP.
 * Strict decoding matters: cp932 decoded leniently would turn EUC-JP into plausible garbage.
 */
public final class RecordText {
    public static final Charset CP932 = Charset.forName("windows-31j");
    public static final Charset EUC_JP = Charset.forName("EUC-JP");

    private RecordText() {}

    public static String decode(byte[] bytes, String source) {
        int skip =
                bytes.length >= 3
                                && (bytes[0] & 0xff) == 0xef
                                && (bytes[1] & 0xff) == 0xbb
                                && (bytes[2] & 0xff) == 0xbf
                        ? 3
                        : 0;
        String s = strict(bytes, skip, StandardCharsets.UTF_8);
        if (s != null) {
            return s;
        }
        Charset declared = declaredEncoding(bytes);
        if (declared != null && (s = strict(bytes, 0, declared)) != null) {
            return s;
        }
        if ((s = strict(bytes, 0, CP932)) != null) {
            return s;
        }
        if ((s = strict(bytes, 0, EUC_JP)) != null) {
            return s;
        }
        throw new ParseException(
                source, 1, 1, "cannot decode the file as UTF-8, Shift_JIS or EUC-JP");
    }

    private static String strict(byte[] bytes, int offset, Charset cs) {
        try {
            return cs.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, offset, bytes.length - offset))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /** The charset of a leading {@code 'CSA encoding=NAME} line (ASCII), or null. */
    private static Charset declaredEncoding(byte[] bytes) {
        int end = 0;
        while (end < bytes.length && end < 64 && bytes[end] != '\n' && bytes[end] != '\r') {
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
