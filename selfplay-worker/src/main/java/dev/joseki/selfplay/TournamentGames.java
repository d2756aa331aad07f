package dev.joseki.selfplay;

import dev.joseki.notation.RecordMove;
import dev.joseki.records.GameRecords;
import dev.joseki.records.proto.BookSource;
import dev.joseki.records.proto.BuiltinEngine;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.MoveRecord;
import dev.joseki.records.proto.Opening;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.SelfPlayTask;
import dev.joseki.records.proto.UsiCommand;
import dev.joseki.rules.Game;
import dev.joseki.rules.Move;
import dev.joseki.tournament.EngineLimit;
import dev.joseki.tournament.EngineSpec;
import dev.joseki.tournament.GameOutcome;
import dev.joseki.tournament.GameTask;
import dev.joseki.tournament.RecordOfGame;
import java.util.ArrayList;
import java.util.List;

/**
 * The translation between a tournament's games and the workers' protobuf messages: a {@link GameTask}
 * becomes a one-game {@link SelfPlayTask} (players as {@link Player}s, the opening line as given moves),
 * and the worker's {@link GameRecord} comes back as a {@link GameOutcome}. Ids are stable: task
 * {@code <tournament>-g<game>}, game {@code <tournament>-g<game>/0}, so a re-run of the tournament
 * finds the games it already has by key.
 */
public final class TournamentGames {
    private TournamentGames() {
    }

    public static String taskId(String tournamentId, int game) {
        return tournamentId + "-g" + game;
    }

    public static String gameId(String tournamentId, int game) {
        return GameRecords.gameId(taskId(tournamentId, game), 0);
    }

    /** The prefix of every game id of a tournament (a game id is this plus the game number and "/0"). */
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
     * A tournament player as the workers read it; the spec's one limit becomes the player's limits. A
     * built-in player gets the tournament's book defaults spelled out (BookSeed 1, BookMode in capitals),
     * so that it chooses book moves as the in-process player does whatever the worker's own defaults are.
     */
    public static Player player(EngineSpec spec) {
        Player.Builder p = Player.newBuilder().setName(spec.name()).putAllOptions(spec.options());
        if (spec.builtin()) {
            p.setBuiltin(BuiltinEngine.getDefaultInstance());
            if (spec.options().containsKey("BookMode")) {
                p.putOptions("BookMode", spec.options().get("BookMode").toUpperCase(java.util.Locale.ROOT));
            }
            if (spec.options().containsKey("BookDir") && !spec.options().containsKey("BookSeed")) {
                p.putOptions("BookSeed", "1");
            }
        } else {
            UsiCommand.Builder c = UsiCommand.newBuilder().addArgv(spec.command()).addAllArgv(spec.args());
            if (spec.dir() != null) {
                c.setWorkingDir(spec.dir());
            }
            p.setUsiCommand(c);
        }
        return p.setLimits(limits(spec.limit())).build();
    }

    static Limits limits(EngineLimit l) {
        Limits.Builder b = Limits.newBuilder();
        int v = (int) Math.min(Integer.MAX_VALUE, l.value());
        switch (l.kind()) {
            case NODES -> b.setNodes(l.value());
            case MOVETIME -> b.setMovetimeMs(v);
            case BYOYOMI -> b.setByoyomiMs(v);
            case DEPTH -> b.setDepth(v);
        }
        return b.build();
    }

    /** One game: the task's black and white are the game's, the opening line is played before the engines. */
    public static SelfPlayTask task(String tournamentId, GameTask t, int maxPlies) {
        Opening.Builder o = Opening.newBuilder().setStartSfen(t.opening().startSfen());
        for (int m : t.opening().moves()) {
            o.addMoves(Move.usi(m));
        }
        return SelfPlayTask.newBuilder()
                .setTaskId(taskId(tournamentId, t.id()))
                .setTournamentId(tournamentId)
                .setBlack(player(t.blackSpec()))
                .setWhite(player(t.whiteSpec()))
                .setOpening(o)
                .setGames(1)
                .setMaxPlies(maxPlies)
                .build();
    }

    /**
     * The outcome of a task's game. The record is replayed through the rules (never trusted); it must be
     * between the task's players with the task's colours, else the tournament id is being reused for a
     * different tournament and this throws IllegalStateException saying so.
     */
    public static GameOutcome outcome(String event, GameTask task, GameRecord rec) {
        if (!rec.getBlack().getName().equals(task.blackSpec().name()) || !rec.getWhite().getName().equals(task.whiteSpec().name())) {
            throw new IllegalStateException("game " + rec.getGameId() + " on the games topic is " + rec.getBlack().getName()
                    + " vs " + rec.getWhite().getName() + ", but this tournament schedules " + task.blackSpec().name()
                    + " vs " + task.whiteSpec().name() + ": the tournament id is taken by another tournament; choose another --name");
        }
        Game game = GameRecords.replay(rec);
        List<RecordMove> moves = new ArrayList<>();
        for (int i = 0; i < game.plies(); i++) {
            MoveRecord m = rec.getMoves(i);
            boolean byEngine = i >= rec.getOpeningPlies();
            moves.add(new RecordMove(game.moves().get(i), byEngine ? m.getTimeMs() / 1000 : -1,
                    byEngine ? comment(m) : List.of()));
        }
        return new GameOutcome(task, game.result(), game.termination(), game.reason(), RecordOfGame.of(game, event, task, moves));
    }

    /** What the in-process player writes too: "book" for a full-match book move, else the search figures. */
    private static List<String> comment(MoveRecord m) {
        if (m.getBookSource() == BookSource.BOOK_SOURCE_FULL) {
            return List.of("book");
        }
        if (m.getDepth() == 0 && m.getNodes() == 0) {
            return List.of();
        }
        String score = m.hasScoreMate() ? "mate " + m.getScoreMate() : m.hasScoreCp() ? "score " + m.getScoreCp() : "";
        return List.of((score + " depth " + m.getDepth() + " nodes " + m.getNodes()).trim());
    }
}
