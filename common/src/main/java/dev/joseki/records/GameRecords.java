package dev.joseki.records;

import dev.joseki.notation.ParseException;
import dev.joseki.notation.Quote;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.GameResult;
import dev.joseki.records.proto.MoveRecord;
import dev.joseki.rules.Declaration;
import dev.joseki.rules.Game;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import dev.joseki.rules.Termination;
import java.util.List;

/**
 * Conversions between a rules {@link Game} and a protobuf {@link GameRecord}. A record read back is
 * never trusted: {@link #replay} plays every move through the rules and checks that the recorded
 * ending is what the rules say.
 */
public final class GameRecords {
    private GameRecords() {}

    /**
     * Self-play runs' ids start with this ({@code sp-<epoch>-<random>}); tournaments are named
     * otherwise.
     */
    public static final String SELFPLAY_RUN_PREFIX = "sp-";

    /**
     * Whether a record was played for a tournament rather than for self-play: its tournament_id is
     * set and is not a self-play run id. Records with no id (written by other tools) count as
     * self-play.
     */
    public static boolean fromTournament(GameRecord g) {
        String id = g.getTournamentId();
        return !id.isEmpty() && !id.startsWith(SELFPLAY_RUN_PREFIX);
    }

    /**
     * Stable game id: replaying a task reproduces the same ids, so duplicates are visible by key.
     */
    public static String gameId(String taskId, int gameIndex) {
        if (taskId.isEmpty() || gameIndex < 0) {
            throw new IllegalArgumentException("task id must be non-empty and the game index >= 0");
        }
        return taskId + "/" + gameIndex;
    }

    /**
     * A record builder holding the game's start position, moves, result and ending. {@code
     * moveInfo} (search figures per ply, usi ignored) may be shorter than the game or empty; the
     * caller adds ids, players and timestamps.
     */
    public static GameRecord.Builder fromGame(Game game, List<MoveRecord> moveInfo) {
        GameRecord.Builder b =
                GameRecord.newBuilder()
                        .setStartSfen(Sfen.write(game.startPosition()))
                        .setMaxPlies(game.rules().maxPlies())
                        .setResult(result(game.result()))
                        .setTermination(
                                game.isOver()
                                        ? termination(game.termination())
                                        : dev.joseki.records.proto.Termination
                                                .TERMINATION_UNSPECIFIED)
                        .setTerminationDetail(game.reason());
        List<Integer> moves = game.moves();
        for (int i = 0; i < moves.size(); i++) {
            MoveRecord.Builder m =
                    i < moveInfo.size() ? moveInfo.get(i).toBuilder() : MoveRecord.newBuilder();
            b.addMoves(m.setUsi(Move.usi(moves.get(i))));
        }
        return b;
    }

    /**
     * Replays a record through the rules. Throws {@link ParseException} (source "game &lt;id&gt;",
     * line 1, column = 1-based ply) for a bad SFEN, an illegal move, moves after the end, or an
     * ending that the rules contradict (e.g. "checkmate" when the side to move has a legal move).
     */
    public static Game replay(GameRecord rec) {
        String source = "game " + rec.getGameId();
        Position start =
                rec.getStartSfen().isEmpty()
                        ? Sfen.startPosition()
                        : Sfen.parse(rec.getStartSfen(), source, 1, 1);
        int maxPlies = rec.getMaxPlies() == 0 ? Game.Rules.DEFAULT.maxPlies() : rec.getMaxPlies();
        Game game = new Game(start, new Game.Rules(maxPlies, Declaration.Rule.POINTS_27));
        for (int i = 0; i < rec.getMovesCount(); i++) {
            if (game.isOver()) {
                throw new ParseException(
                        source,
                        1,
                        i + 1,
                        "move after the end of the game (" + game.termination().id() + ")");
            }
            String usi = rec.getMoves(i).getUsi();
            int m = UsiMove.parse(game.position(), usi, source, 1, i + 1);
            if (Move.isSpecial(m)) {
                throw new ParseException(
                        source, 1, i + 1, "'" + Quote.cut(usi) + "' is not a board move");
            }
            game.play(m);
        }
        applyRecordedEnding(rec, game, source);
        return game;
    }

    // The rules decide checkmate, repetition and max plies by themselves; resign, declaration
    // (judged by the rules) and the endings the board cannot show (time, illegal move, crash,
    // abort) come from the record.
    private static void applyRecordedEnding(GameRecord rec, Game game, String source) {
        int col = rec.getMovesCount() + 1;
        dev.joseki.records.proto.Termination t = rec.getTermination();
        if (!game.isOver()) {
            switch (t) {
                case TERMINATION_RESIGN -> game.play(Move.RESIGN);
                case TERMINATION_DECLARATION -> game.play(Move.WIN);
                case TERMINATION_TIME,
                        TERMINATION_ILLEGAL_MOVE,
                        TERMINATION_ENGINE_CRASH,
                        TERMINATION_ABORT ->
                        game.end(
                                result(rec.getResult()),
                                termination(t),
                                rec.getTerminationDetail());
                case TERMINATION_UNSPECIFIED -> {
                    if (rec.getResult() != GameResult.GAME_RESULT_UNFINISHED
                            && rec.getResult() != GameResult.GAME_RESULT_UNSPECIFIED) {
                        throw new ParseException(source, 1, col, "a result without a termination");
                    }
                    return;
                }
                default ->
                        throw new ParseException(
                                source,
                                1,
                                col,
                                "record says " + t + " but the rules do not end the game there");
            }
        } else if (termination(game.termination()) != t) {
            throw new ParseException(
                    source,
                    1,
                    col,
                    "record says " + t + " but the rules say " + game.termination().id());
        }
        if (result(game.result()) != rec.getResult()) {
            throw new ParseException(
                    source,
                    1,
                    col,
                    "record says " + rec.getResult() + " but the rules give " + game.result().id());
        }
    }

    public static GameResult result(Result r) {
        return switch (r) {
            case BLACK_WIN -> GameResult.GAME_RESULT_BLACK_WIN;
            case WHITE_WIN -> GameResult.GAME_RESULT_WHITE_WIN;
            case DRAW -> GameResult.GAME_RESULT_DRAW;
            case UNFINISHED -> GameResult.GAME_RESULT_UNFINISHED;
        };
    }

    /** UNSPECIFIED reads as unfinished. */
    public static Result result(GameResult r) {
        return switch (r) {
            case GAME_RESULT_BLACK_WIN -> Result.BLACK_WIN;
            case GAME_RESULT_WHITE_WIN -> Result.WHITE_WIN;
            case GAME_RESULT_DRAW -> Result.DRAW;
            default -> Result.UNFINISHED;
        };
    }

    public static dev.joseki.records.proto.Termination termination(Termination t) {
        return switch (t) {
            case CHECKMATE -> dev.joseki.records.proto.Termination.TERMINATION_CHECKMATE;
            case RESIGN -> dev.joseki.records.proto.Termination.TERMINATION_RESIGN;
            case SENNICHITE -> dev.joseki.records.proto.Termination.TERMINATION_SENNICHITE;
            case PERPETUAL_CHECK ->
                    dev.joseki.records.proto.Termination.TERMINATION_PERPETUAL_CHECK;
            case DECLARATION -> dev.joseki.records.proto.Termination.TERMINATION_DECLARATION;
            case MAX_PLIES -> dev.joseki.records.proto.Termination.TERMINATION_MAX_PLIES;
            case ILLEGAL_MOVE -> dev.joseki.records.proto.Termination.TERMINATION_ILLEGAL_MOVE;
            case TIME -> dev.joseki.records.proto.Termination.TERMINATION_TIME;
            case ABORT -> dev.joseki.records.proto.Termination.TERMINATION_ABORT;
            case UNKNOWN -> dev.joseki.records.proto.Termination.TERMINATION_UNSPECIFIED;
        };
    }

    /**
     * The rules' termination for a record's. The rules have no "engine crash": it maps to ABORT
     * (the record keeps the precise reason).
     */
    public static Termination termination(dev.joseki.records.proto.Termination t) {
        return switch (t) {
            case TERMINATION_CHECKMATE -> Termination.CHECKMATE;
            case TERMINATION_RESIGN -> Termination.RESIGN;
            case TERMINATION_SENNICHITE -> Termination.SENNICHITE;
            case TERMINATION_PERPETUAL_CHECK -> Termination.PERPETUAL_CHECK;
            case TERMINATION_DECLARATION -> Termination.DECLARATION;
            case TERMINATION_MAX_PLIES -> Termination.MAX_PLIES;
            case TERMINATION_ILLEGAL_MOVE -> Termination.ILLEGAL_MOVE;
            case TERMINATION_TIME -> Termination.TIME;
            case TERMINATION_ENGINE_CRASH, TERMINATION_ABORT -> Termination.ABORT;
            default -> Termination.UNKNOWN;
        };
    }
}
