package dev.joseki.selfplay;

import dev.joseki.notation.CsaWriter;
import dev.joseki.notation.RecordFormat;
import dev.joseki.notation.RecordMove;
import dev.joseki.notation.Sfen;
import dev.joseki.records.DistinctGames;
import dev.joseki.records.GameRecords;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.MoveRecord;
import dev.joseki.rules.Game;
import dev.joseki.tournament.RecordOfGame;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The games of a self-play run as files ({@code selfplay --wait --out DIR}): {@code DIR/games.usi},
 * one game per line from its true start ({@code startpos moves ...} or {@code sfen ... moves ...},
 * the opening included), and {@code DIR/csa/<game id>.csa} (the id's '/' as '-'), in task order.
 */
public final class RunFiles {
    private RunFiles() {}

    /** Writes the files; returns the number of games written. */
    public static int write(Path dir, Iterable<GameRecord> games) throws IOException {
        List<GameRecord> sorted = new ArrayList<>();
        games.forEach(sorted::add);
        sorted.sort(
                Comparator.comparingLong((GameRecord g) -> taskNumber(g.getTaskId()))
                        .thenComparing(GameRecord::getTaskId)
                        .thenComparingInt(GameRecord::getGameIndex));
        Path csa = dir.resolve("csa");
        Files.createDirectories(csa);
        StringBuilder usi = new StringBuilder();
        for (GameRecord g : sorted) {
            usi.append(usiLine(g)).append('\n');
            Files.writeString(
                    csa.resolve(g.getGameId().replace('/', '-') + ".csa"),
                    CsaWriter.write(record(g)),
                    StandardCharsets.UTF_8);
        }
        Files.writeString(dir.resolve("games.usi"), usi, StandardCharsets.UTF_8);
        return sorted.size();
    }

    /** The game as a USI line from its true start. */
    public static String usiLine(GameRecord g) {
        StringBuilder sb =
                new StringBuilder(
                        g.getStartSfen().isEmpty() || g.getStartSfen().equals(Sfen.STARTPOS)
                                ? "startpos"
                                : "sfen " + g.getStartSfen());
        if (g.getMovesCount() > 0) {
            sb.append(" moves");
            for (MoveRecord m : g.getMovesList()) {
                sb.append(' ').append(m.getUsi());
            }
        }
        return sb.toString();
    }

    /** Same start and moves: see {@link DistinctGames}. */
    public static DistinctGames.Count distinct(Iterable<GameRecord> games) {
        List<String> keys = new ArrayList<>();
        for (GameRecord g : games) {
            keys.add(
                    DistinctGames.key(
                            g.getStartSfen(),
                            g.getMovesList().stream().map(MoveRecord::getUsi).toList()));
        }
        return DistinctGames.count(keys);
    }

    private static dev.joseki.notation.GameRecord record(GameRecord g) {
        Game game = GameRecords.replay(g);
        List<RecordMove> moves = new ArrayList<>();
        for (int i = 0; i < game.plies(); i++) {
            MoveRecord m = g.getMoves(i);
            boolean byEngine = i >= g.getOpeningPlies();
            moves.add(
                    new RecordMove(
                            game.moves().get(i), byEngine ? m.getTimeMs() / 1000 : -1, List.of()));
        }
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("EVENT", g.getTournamentId());
        return new dev.joseki.notation.GameRecord(
                RecordFormat.CSA,
                headers,
                g.getBlack().getName(),
                g.getWhite().getName(),
                Sfen.write(game.startPosition()),
                moves,
                List.of("game " + g.getGameId(), "opening plies " + g.getOpeningPlies()),
                RecordOfGame.terminal(game.termination(), game.result()),
                -1,
                game.result(),
                game.termination(),
                game.reason());
    }

    private static long taskNumber(String taskId) {
        try {
            return Long.parseLong(taskId.substring(taskId.lastIndexOf('-') + 1));
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }
}
