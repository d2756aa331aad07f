package dev.joseki.book.builder;

import dev.joseki.notation.ParseException;
import dev.joseki.notation.Sfen;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * Reads USI game files: one game per line, {@code [position] startpos [moves ...]} or {@code
 * [position] sfen <sfen> [moves ...]} (docs/cli.md). Blank lines and lines starting with {@code #}
 * are skipped. A record has no id of its own, so its game_id is a hash of its normalised text: the
 * same game line counted twice (or a re-run over the same files) is deduplicated.
 */
public final class UsiGameLines {
    private UsiGameLines() {}

    /** Longest game line read: a 1,000-ply game line is about 5,000 characters. */
    static final int MAX_LINE = 32 * 1024;

    /**
     * Rejected lines per file that keep their message; later ones are only counted (the job shows
     * 20).
     */
    static final int MESSAGES_PER_FILE = 20;

    /**
     * Parses one file's content. A line that does not parse becomes a rejected record carrying the
     * ParseException's message (source, line, column), so the job reports it and goes on; each
     * rejected line counts once, whatever its text. Binary content (a NUL, or bytes that are not
     * UTF-8) rejects the file as a whole, before any line is looked at; a line longer than {@link
     * #MAX_LINE} is rejected without being parsed.
     */
    public static List<GameInput> parse(String source, String content) {
        List<GameInput> games = new ArrayList<>();
        if (content.indexOf('\0') >= 0 || content.indexOf('\uFFFD') >= 0) {
            games.add(
                    GameInput.rejected(
                            "bad:" + sha256(source + ":binary"),
                            source,
                            source + ": not a text file of USI game lines (binary content)"));
            return games;
        }
        int rejected = 0, lineNo = 0;
        for (int at = 0; at < content.length(); ) {
            int end = content.indexOf('\n', at);
            end = end < 0 ? content.length() : end;
            lineNo++;
            int length = end - at;
            String line = length > MAX_LINE ? null : content.substring(at, end).strip();
            at = end + 1;
            if (line != null && (line.isEmpty() || line.startsWith("#"))) {
                continue;
            }
            String message;
            try {
                if (line == null) {
                    throw new ParseException(
                            source,
                            lineNo,
                            MAX_LINE + 1,
                            "a line of "
                                    + length
                                    + " characters; a USI game line has at most "
                                    + MAX_LINE);
                }
                games.add(parseLine(source, lineNo, line));
                continue;
            } catch (ParseException e) {
                message = e.getMessage();
            }
            // The line number makes every rejected line its own record: equal junk lines are not
            // "duplicates".
            games.add(
                    GameInput.rejected(
                            "bad:" + sha256(source + ":" + lineNo),
                            source + ":" + lineNo,
                            ++rejected <= MESSAGES_PER_FILE
                                    ? message
                                    : source + ":" + lineNo + ": rejected"));
        }
        return games;
    }

    static GameInput parseLine(String source, int lineNo, String line) {
        String[] t = line.split("\\s+");
        int at = 0;
        if (t[at].equals("position")) {
            at++;
        }
        String sfen;
        if (at < t.length && t[at].equals("startpos")) {
            sfen = Sfen.STARTPOS;
            at++;
        } else if (at < t.length && t[at].equals("sfen")) {
            if (at + 4 > t.length) {
                throw new ParseException(source, lineNo, column(line, at), "incomplete SFEN");
            }
            boolean hasNumber = at + 4 < t.length && !t[at + 4].equals("moves");
            int words = hasNumber ? 4 : 3;
            sfen = String.join(" ", Arrays.copyOfRange(t, at + 1, at + 1 + words));
            Sfen.parse(
                    sfen, source, lineNo, column(line, at + 1)); // fail here with a located message
            at += 1 + words;
        } else {
            throw new ParseException(
                    source, lineNo, column(line, at), "expected 'startpos' or 'sfen'");
        }
        String[] moves = new String[0];
        if (at < t.length) {
            if (!t[at].equals("moves")) {
                throw new ParseException(source, lineNo, column(line, at), "expected 'moves'");
            }
            moves = Arrays.copyOfRange(t, at + 1, t.length);
        }
        String normalised = sfen + " moves " + String.join(" ", moves);
        return new GameInput(
                "usi:" + sha256(normalised), sfen, moves, null, "", "", source + ":" + lineNo);
    }

    /** 1-based column of word i in the line. */
    private static int column(String line, int word) {
        int col = 0;
        for (int w = 0; w < word; w++) {
            col = line.indexOf(' ', col);
            while (col < line.length() && line.charAt(col) == ' ') {
                col++;
            }
        }
        return col + 1;
    }

    static String sha256(String s) {
        try {
            byte[] d =
                    MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
