package dev.joseki.book.builder;

import dev.joseki.notation.GameRecord;
import dev.joseki.notation.ParseException;
import dev.joseki.notation.RecordReader;
import dev.joseki.rules.Move;
import java.util.ArrayList;
import java.util.List;

/**
 * CSA / KIF / KI2 files as game inputs. The notation readers replay and judge every game; its
 * game_id is a hash of the moves, result and player names, so the same record found twice counts
 * once.
 */
final class RecordFiles {
    private RecordFiles() {}

    static List<GameInput> parse(String source, byte[] bytes) {
        List<GameInput> out = new ArrayList<>();
        List<GameRecord> games;
        try {
            games = RecordReader.read(bytes, source, null);
        } catch (ParseException | IllegalArgumentException e) {
            out.add(
                    GameInput.rejected(
                            "bad:" + UsiGameLines.sha256(source + ":" + e.getMessage()),
                            source,
                            e.getMessage()));
            return out;
        }
        for (int i = 0; i < games.size(); i++) {
            GameRecord g = games.get(i);
            int[] moves = g.moveArray();
            String[] usi = new String[moves.length];
            for (int j = 0; j < moves.length; j++) {
                usi[j] = Move.usi(moves[j]);
            }
            String black = g.blackName() == null ? "" : g.blackName();
            String white = g.whiteName() == null ? "" : g.whiteName();
            String id =
                    "rec:"
                            + UsiGameLines.sha256(
                                    g.usi() + "|" + g.result().id() + "|" + black + "|" + white);
            out.add(
                    new GameInput(
                            id,
                            g.startSfen(),
                            usi,
                            g.result(),
                            black,
                            white,
                            source + (games.size() > 1 ? "#" + (i + 1) : "")));
        }
        return out;
    }
}
