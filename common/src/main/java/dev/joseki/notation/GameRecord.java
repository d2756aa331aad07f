package dev.joseki.notation;

import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import dev.joseki.rules.Termination;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One game read from a record, immutable. Invariants (established by {@link RecordBuilder}): every
 * move was replayed legally from {@code startSfen}; {@code result} and {@code termination} are what
 * the rules made of the moves and the record's {@code terminal} (termination is UNKNOWN for an
 * unfinished game without a terminal); headers keep the record's own keys in file order ("N+",
 * "$EVENT", "開始日時", …).
 *
 * @param terminal the record's ending word, or null when it has none
 * @param terminalSeconds seconds the record gives for the terminal itself, or -1
 * @param comments comments before the first move
 * @param reason how the result was decided, for people (e.g. "valid declaration")
 */
public record GameRecord(
        RecordFormat format,
        Map<String, String> headers,
        String blackName,
        String whiteName,
        String startSfen,
        List<RecordMove> moves,
        List<String> comments,
        Terminal terminal,
        int terminalSeconds,
        Result result,
        Termination termination,
        String reason) {

    public GameRecord {
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        moves = List.copyOf(moves);
        comments = List.copyOf(comments);
    }

    public int plies() {
        return moves.size();
    }

    /** The packed moves in order. */
    public int[] moveArray() {
        int[] a = new int[moves.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = moves.get(i).move();
        }
        return a;
    }

    /** A fresh copy of the start position (a tsume record's attacker may have no king). */
    public Position startPosition() {
        return Sfen.parseProblem(startSfen);
    }

    /** The position after the last move. */
    public Position finalPosition() {
        Position p = startPosition();
        for (RecordMove m : moves) {
            p.doMove(m.move());
        }
        return p;
    }

    public boolean startsFromStandardPosition() {
        return Sfen.startPosition().samePosition(startPosition());
    }

    /**
     * The game as one USI line: {@code position startpos moves ...} or {@code position sfen ...
     * moves ...}.
     */
    public String usi() {
        StringBuilder sb = new StringBuilder("position ");
        sb.append(startsFromStandardPosition() ? "startpos" : "sfen " + startSfen);
        if (!moves.isEmpty()) {
            sb.append(" moves");
            for (RecordMove m : moves) {
                sb.append(' ').append(Move.usi(m.move()));
            }
        }
        return sb.toString();
    }
}
