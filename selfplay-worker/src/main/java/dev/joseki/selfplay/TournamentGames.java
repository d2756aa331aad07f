package dev.joseki.selfplay;

import dev.joseki.play.MoveInfo;
import dev.joseki.records.GameRecords;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.MoveRecord;
import dev.joseki.records.proto.Opening;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.SelfPlayTask;
import dev.joseki.rules.Game;
import dev.joseki.rules.Move;
import dev.joseki.tournament.GameOutcome;
import dev.joseki.tournament.GameTask;
import dev.joseki.tournament.RecordOfGame;
import java.util.ArrayList;
import java.util.List;

/**
 * The translation between a tournament's games and the workers' protobuf messages: a {@link
 * GameTask} becomes a one-game {@link SelfPlayTask} (players as {@link Player}s, the opening line
 * as given moves), and the worker's {@link GameRecord} comes back as a {@link GameOutcome}. Ids are
 * stable: task {@code <tournament>-g<game>}, game {@code <tournament>-g<game>/0}, so a re-run of
 * the tournament finds the games it already has by key.
 */
public final class TournamentGames {
    private TournamentGames() {}

    public static String taskId(String tournamentId, int game) {
        return GameTask.taskId(tournamentId, game);
    }

    public static String gameId(String tournamentId, int game) {
        return GameRecords.gameId(taskId(tournamentId, game), 0);
    }

    /**
     * The id of a batch task ({@code --games-per-task}) whose first game is {@code firstGame}: not
     * a game's task id, so {@link #gameNumber} never takes it for one.
     */
    static String batchTaskId(String tournamentId, int firstGame) {
        return tournamentId + "-b" + firstGame;
    }

    /** Whether a task key is a batch task of this tournament ({@link #batchTaskId}). */
    static boolean isBatchTaskId(String tournamentId, String key) {
        return key != null && key.startsWith(tournamentId + "-b");
    }

    /**
     * Several games in one task: each game's task exactly as {@link #task(String, GameTask, int)}
     * makes it, carried by one batch task ({@link TaskBatches}); a single game is its own task.
     */
    public static SelfPlayTask task(String tournamentId, List<GameTask> games, int maxPlies) {
        return task(tournamentId, games, maxPlies, java.util.function.UnaryOperator.identity());
    }

    /** The same, each side's spec passed through {@code pin} first ({@link ArtifactPins}). */
    public static SelfPlayTask task(
            String tournamentId,
            List<GameTask> games,
            int maxPlies,
            java.util.function.UnaryOperator<dev.joseki.play.EngineSpec> pin) {
        List<SelfPlayTask> parts = new ArrayList<>(games.size());
        for (GameTask g : games) {
            parts.add(task(tournamentId, g, maxPlies, pin));
        }
        return TaskBatches.batch(
                batchTaskId(tournamentId, games.get(0).id()), tournamentId, parts, null);
    }

    /**
     * The prefix of every game id of a tournament (a game id is this plus the game number and
     * "/0").
     */
    static String gameIdPrefix(String tournamentId) {
        return tournamentId + "-g";
    }

    /** The game number of a tournament's game id, or -1 if the id is not of this tournament. */
    static int gameNumber(String tournamentId, String gameId) {
        String prefix = gameIdPrefix(tournamentId);
        if (gameId == null || !gameId.startsWith(prefix) || !gameId.endsWith("/0")) {
            return -1;
        }
        String n = gameId.substring(prefix.length(), gameId.length() - 2);
        if (n.isEmpty() || n.length() > 9 || !n.chars().allMatch(Character::isDigit)) {
            return -1;
        }
        return Integer.parseInt(n);
    }

    /**
     * One game: the task's black and white are the game's, the opening line is played before the
     * engines.
     */
    public static SelfPlayTask task(String tournamentId, GameTask t, int maxPlies) {
        return task(tournamentId, t, maxPlies, java.util.function.UnaryOperator.identity());
    }

    /**
     * The same, each side's spec passed through {@code pin} first (artifact engines pinned to a
     * hash, {@link ArtifactPins}).
     */
    public static SelfPlayTask task(
            String tournamentId,
            GameTask t,
            int maxPlies,
            java.util.function.UnaryOperator<dev.joseki.play.EngineSpec> pin) {
        // The task seed from the stable id: the worker derives the same game seed as RefereedGames.
        Opening.Builder o =
                Opening.newBuilder()
                        .setStartSfen(t.opening().startSfen())
                        .setSeed(t.taskSeed(tournamentId));
        for (int m : t.opening().moves()) {
            o.addMoves(Move.usi(m));
        }
        if (t.sampling().plies() > 0) {
            // The worker draws with the game seed RefereedGames uses: both play the same game.
            o.setSamplePlies(t.sampling().plies())
                    .setSampleWindowCp(t.sampling().windowCp())
                    .setSampleLines(t.sampling().lines());
        }
        return SelfPlayTask.newBuilder()
                .setTaskId(taskId(tournamentId, t.id()))
                .setTournamentId(tournamentId)
                .setBlack(TaskPlayers.player(pin.apply(t.blackSpec())))
                .setWhite(TaskPlayers.player(pin.apply(t.whiteSpec())))
                .setOpening(o)
                .setGames(1)
                .setMaxPlies(maxPlies)
                .build();
    }

    /**
     * The outcome of a task's game. The record is replayed through the rules (never trusted); it
     * must be between the task's players with the task's colours, else the tournament id is being
     * reused for a different tournament and this throws IllegalStateException saying so.
     */
    public static GameOutcome outcome(String event, GameTask task, GameRecord rec) {
        if (!rec.getBlack().getName().equals(task.blackSpec().name())
                || !rec.getWhite().getName().equals(task.whiteSpec().name())) {
            throw new IllegalStateException(
                    "game "
                            + rec.getGameId()
                            + " on the games topic is "
                            + rec.getBlack().getName()
                            + " vs "
                            + rec.getWhite().getName()
                            + ", but this tournament schedules "
                            + task.blackSpec().name()
                            + " vs "
                            + task.whiteSpec().name()
                            + ": the tournament id is taken by another tournament; choose another"
                            + " --name");
        }
        Game game = GameRecords.replay(rec);
        List<MoveInfo> info = new ArrayList<>(game.plies());
        List<Long> clockLeft = new ArrayList<>(game.plies());
        for (int i = 0; i < game.plies(); i++) {
            MoveRecord m = rec.getMoves(i);
            info.add(MoveRecords.info(m, i >= rec.getOpeningPlies()));
            clockLeft.add(m.hasClockLeftMs() ? m.getClockLeftMs() : -1L);
        }
        return RecordOfGame.outcome(
                event, task, game, info, rec.getClocked() ? clockLeft : List.of());
    }
}
