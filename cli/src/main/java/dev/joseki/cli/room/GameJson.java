package dev.joseki.cli.room;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.joseki.notation.CsaWriter;
import dev.joseki.notation.GameRecord;
import dev.joseki.notation.KifWriter;
import dev.joseki.notation.RecordMove;
import dev.joseki.notation.Sfen;
import dev.joseki.rules.Move;
import dev.joseki.tournament.GameOutcome;
import java.nio.charset.StandardCharsets;

/**
 * One game of a run: as JSON for the replay board, and as a file to download, written by the
 * notation module's writers as the tournament writes its games/ directory.
 *
 * <pre>
 *  {"number","black","white","start_sfen","moves":["7g7f",..],"result","termination","reason"}
 * </pre>
 */
final class GameJson {
    /** A download: its bytes, media type and file name. */
    record File(byte[] body, String type, String name) {}

    private GameJson() {}

    static ObjectNode of(GameOutcome g) {
        GameRecord rec = g.record();
        ObjectNode o =
                RunJson.MAPPER
                        .createObjectNode()
                        .put("number", g.task().id())
                        .put("black", g.task().blackSpec().name())
                        .put("white", g.task().whiteSpec().name())
                        .put("start_sfen", rec.startSfen());
        ArrayNode moves = o.putArray("moves");
        for (RecordMove m : rec.moves()) {
            moves.add(Move.usi(m.move()));
        }
        return o.put("result", g.result().id())
                .put("termination", g.termination().id())
                .put("reason", g.reason() == null ? "" : g.reason());
    }

    /**
     * The game as {@code csa} (UTF-8), {@code kif} (cp932, CR LF: what Japanese GUIs read) or
     * {@code usi} (a USI position line); null for another format.
     */
    static File download(String runId, GameOutcome g, String format) {
        String base = runId + "-" + g.task().id();
        return switch (format) {
            case "csa" ->
                    new File(
                            CsaWriter.write(g.record()).getBytes(StandardCharsets.UTF_8),
                            "text/plain; charset=utf-8",
                            base + ".csa");
            case "kif" ->
                    new File(
                            KifWriter.encode(KifWriter.write(g.record()), true),
                            "text/plain; charset=Shift_JIS",
                            base + ".kif");
            case "usi" ->
                    new File(
                            (usi(g.record()) + "\n").getBytes(StandardCharsets.UTF_8),
                            "text/plain; charset=utf-8",
                            base + ".usi");
            default -> null;
        };
    }

    /** {@code position startpos moves ...}, or {@code position sfen S moves ...}. */
    static String usi(GameRecord rec) {
        StringBuilder sb = new StringBuilder("position ");
        sb.append(rec.startSfen().equals(Sfen.STARTPOS) ? "startpos" : "sfen " + rec.startSfen());
        if (!rec.moves().isEmpty()) {
            sb.append(" moves");
            for (RecordMove m : rec.moves()) {
                sb.append(' ').append(Move.usi(m.move()));
            }
        }
        return sb.toString();
    }
}
