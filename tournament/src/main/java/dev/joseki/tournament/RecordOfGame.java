package dev.joseki.tournament;

import dev.joseki.notation.GameRecord;
import dev.joseki.notation.RecordFormat;
import dev.joseki.notation.RecordMove;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.Terminal;
import dev.joseki.play.MoveInfo;
import dev.joseki.rules.Game;
import dev.joseki.rules.Result;
import dev.joseki.rules.Termination;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a game the runner adjudicated into a {@link GameRecord} for the CSA/KIF writers, choosing
 * the record terminal that says the same as the rules' termination (a perpetual check is a foul by
 * the checking side; the max-ply draw is CSA's %MAX_MOVES / KIF's 持将棋).
 */
public final class RecordOfGame {
    private RecordOfGame() {}

    /**
     * The outcome of a task's game as the rules ended it, {@code info} per ply: opening plies are
     * recorded without time or comment, an engine's with its seconds and {@link
     * MoveInfo#comment()}; the same whether the game was played in this process or on a worker.
     */
    public static GameOutcome outcome(String event, GameTask task, Game game, List<MoveInfo> info) {
        return outcome(event, task, game, info, List.of());
    }

    /**
     * The same with the mover's clock left after each ply ({@code clockLeftMs}: as long as the
     * game, -1 for a ply without a clock; empty when no clock ran).
     */
    public static GameOutcome outcome(
            String event, GameTask task, Game game, List<MoveInfo> info, List<Long> clockLeftMs) {
        List<Integer> timeMs = new ArrayList<>();
        for (int i = 0; i < game.plies(); i++) {
            MoveInfo m = i < info.size() ? info.get(i) : MoveInfo.NONE;
            timeMs.add(m.byEngine() ? m.timeMs() : -1);
        }
        GameOutcome o = outcome(game, event, task, info);
        return new GameOutcome(
                o.task(),
                o.result(),
                o.termination(),
                o.reason(),
                o.record(),
                new MoveTimes(
                        timeMs, clockLeftMs.size() == game.plies() ? clockLeftMs : List.of()));
    }

    private static GameOutcome outcome(
            Game game, String event, GameTask task, List<MoveInfo> info) {
        List<RecordMove> moves = new ArrayList<>();
        for (int i = 0; i < game.plies(); i++) {
            MoveInfo m = i < info.size() ? info.get(i) : MoveInfo.NONE;
            String comment = m.comment();
            // Whole seconds, rounded down as the CSA server (floodgate) counts them: 1,999 ms is
            // T1, 999 ms T0.
            moves.add(
                    new RecordMove(
                            game.moves().get(i),
                            m.byEngine() ? m.timeMs() / 1000 : -1,
                            comment.isEmpty() ? List.of() : List.of(comment)));
        }
        return new GameOutcome(
                task,
                game.result(),
                game.termination(),
                game.reason(),
                of(game, event, task, moves));
    }

    public static GameRecord of(Game game, String event, GameTask task, List<RecordMove> moves) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("EVENT", event);
        Result r = game.result();
        Termination t = game.termination();
        return new GameRecord(
                RecordFormat.CSA,
                headers,
                task.blackSpec().name(),
                task.whiteSpec().name(),
                Sfen.write(game.startPosition()),
                moves,
                List.of(
                        "game " + task.id() + ", pair " + task.pair(),
                        "opening " + task.opening().usi()),
                terminal(t, r),
                -1,
                r,
                t,
                game.reason());
    }

    /**
     * The terminal as seen by the side to move at the end (records say who acts by whose turn it
     * is).
     */
    public static Terminal terminal(Termination t, Result r) {
        return switch (t) {
            case CHECKMATE -> Terminal.TSUMI;
            case RESIGN -> Terminal.RESIGN;
            case SENNICHITE -> Terminal.SENNICHITE;
            case PERPETUAL_CHECK ->
                    r == Result.BLACK_WIN
                            ? Terminal.WHITE_ILLEGAL_ACTION
                            : Terminal.BLACK_ILLEGAL_ACTION;
            case DECLARATION -> r == Result.DRAW ? Terminal.HIKIWAKE : Terminal.KACHI;
            case MAX_PLIES -> Terminal.MAX_MOVES;
            case ILLEGAL_MOVE ->
                    r == Result.BLACK_WIN
                            ? Terminal.WHITE_ILLEGAL_ACTION
                            : Terminal.BLACK_ILLEGAL_ACTION;
            case TIME -> Terminal.TIME_UP;
            case ABORT, UNKNOWN -> Terminal.CHUDAN;
        };
    }
}
