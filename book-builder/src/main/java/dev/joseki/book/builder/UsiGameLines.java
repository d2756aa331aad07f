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
 * Reads USI game files: one game per line, {@code [position] startpos [moves ...]} or
 * {@code [position] sfen <sfen> [moves ...]} (docs/cli.md). Blank lines and lines starting with
 * {@code #} are skipped. A record has no id of its own, so its game_id is a hash of its normalised text:
 * the same game line counted twice (or a re-run over the same files) is deduplicated.
 */
public final class UsiGameLines {
    private UsiGameLines() {
    }

    /**
     * Parses one file's content. A line that does not parse becomes a rejected record carrying the
     * ParseException's message (source, line, column), so the job reports it and goes on.
     */
    public static List<GameInput> parse(String source, String content) {
        List<GameInput> games = new ArrayList<>();
        String[] lines = content.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            try {
                games.add(parseLine(source, i + 1, line));
            } catch (ParseException e) {
                games.add(GameInput.rejected("bad:" + sha256(source + ":" + line), source + ":" + (i + 1),
                        e.getMessage()));
            }
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
            Sfen.parse(sfen, source, lineNo, column(line, at + 1)); // fail here with a located message
            at += 1 + words;
        } else {
            throw new ParseException(source, lineNo, column(line, at), "expected 'startpos' or 'sfen'");
        }
        String[] moves = new String[0];
        if (at < t.length) {
            if (!t[at].equals("moves")) {
                throw new ParseException(source, lineNo, column(line, at), "expected 'moves'");
            }
            moves = Arrays.copyOfRange(t, at + 1, t.length);
        }
        String normalised = sfen + " moves " + String.join(" ", moves);
        return new GameInput("usi:" + sha256(normalised), sfen, moves, null, "", "", source + ":" + lineNo);
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
            byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
