package dev.joseki.notation;

import dev.joseki.rules.Declaration;
import dev.joseki.rules.Game;
import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import dev.joseki.rules.Termination;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects one game while a reader walks its text, replaying every move through {@link Game} so
 * that an illegal move is reported where it stands instead of being accepted. The record's terminal
 * is applied at {@link #build}: the rules judge what they can (resignation, declaration, mate,
 * repetition) and the record decides the rest (time, fouls, interruption).
 *
 * <p>No ply limit applies while replaying (a record is what happened, not a game to adjudicate),
 * and the 27-point rule judges declarations.
 */
final class RecordBuilder {
    static final Game.Rules REPLAY_RULES =
            new Game.Rules(Integer.MAX_VALUE, Declaration.Rule.POINTS_27);

    private final String source;
    private final RecordFormat format;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private String blackName = "";
    private String whiteName = "";
    private Game game;
    private final List<Integer> moves = new ArrayList<>();
    private final List<Integer> seconds = new ArrayList<>();
    private final List<List<String>> comments = new ArrayList<>();
    private final int[] legal = new int[MoveGenerator.MAX_MOVES];
    private Terminal terminal;
    private int terminalSeconds = -1;
    private Result impliedResult;
    private boolean touched;

    RecordBuilder(String source, RecordFormat format) {
        this.source = source;
        this.format = format;
        comments.add(new ArrayList<>());
    }

    String source() {
        return source;
    }

    /** True once anything (header, position, move, comment) was added. */
    boolean touched() {
        return touched;
    }

    void header(String key, String value) {
        touched = true;
        headers.put(key, value);
    }

    void blackName(String name) {
        touched = true;
        blackName = name;
    }

    void whiteName(String name) {
        touched = true;
        whiteName = name;
    }

    boolean started() {
        return game != null;
    }

    /**
     * Sets the start position, as read by {@link Sfen#parse} (which rejects impossible positions).
     */
    void start(Position pos, int line, int column) {
        if (game != null) {
            throw new ParseException(source, line, column, "a second start position");
        }
        touched = true;
        game = new Game(pos, REPLAY_RULES);
    }

    /**
     * The current position (live; do not modify). Starts the standard position if none was given.
     */
    Position position() {
        if (game == null) {
            start(Sfen.startPosition(), 1, 1);
        }
        return game.position();
    }

    /** Legal moves in the current position, in out[0..n). */
    int legalMoves(int[] out) {
        return MoveGenerator.generateLegal(position(), out, 0);
    }

    /**
     * Plays the legal move whose from, to, drop and promotion equal those of {@code candidate}.
     * {@code text} is the move as written, for the error message.
     */
    void play(int candidate, int line, int column, String text) {
        Position pos = position();
        if (terminal != null) {
            throw new ParseException(
                    source,
                    line,
                    column,
                    "move '" + Quote.cut(text) + "' after the terminal " + terminalName());
        }
        if (game.isOver()) {
            throw new ParseException(
                    source,
                    line,
                    column,
                    "move '"
                            + Quote.cut(text)
                            + "' after the game ended ("
                            + game.termination().id()
                            + ": "
                            + game.reason()
                            + ") at ply "
                            + moves.size());
        }
        int n = MoveGenerator.generateLegal(pos, legal, 0);
        int m16 = Move.move16(candidate), found = Move.NONE;
        for (int i = 0; i < n; i++) {
            if (Move.move16(legal[i]) == m16) {
                found = legal[i];
            }
        }
        if (found == Move.NONE) {
            throw new ParseException(
                    source,
                    line,
                    column,
                    "illegal move '"
                            + Quote.cut(text)
                            + "' at ply "
                            + (moves.size() + 1)
                            + " in "
                            + Sfen.write(pos));
        }
        touched = true;
        game.play(found);
        moves.add(found);
        seconds.add(-1);
        comments.add(new ArrayList<>());
    }

    int plies() {
        return moves.size();
    }

    /** Time of the last move, or of the terminal if one was read. */
    void seconds(int s, int line, int column) {
        if (terminal != null) {
            terminalSeconds = s;
        } else if (moves.isEmpty()) {
            throw new ParseException(source, line, column, "time given before any move");
        } else {
            seconds.set(seconds.size() - 1, s);
        }
    }

    /** Comment on the last move (or on the game before the first move). */
    void comment(String text) {
        touched = true;
        comments.get(comments.size() - 1).add(text);
    }

    /**
     * The record's ending. The same terminal twice is accepted (a real CSA file writes %KACHI
     * twice); a different second terminal is an error.
     */
    void terminal(Terminal t, int line, int column) {
        position();
        if (terminal != null && terminal != t) {
            throw new ParseException(
                    source, line, column, "second terminal after " + terminalName());
        }
        touched = true;
        terminal = t;
    }

    Terminal terminal() {
        return terminal;
    }

    /** A result stated elsewhere (a KIF result line), used when the record has no terminal. */
    void impliedResult(Result r) {
        impliedResult = r;
    }

    private String terminalName() {
        return terminal.csa() != null ? terminal.csa() : terminal.kif();
    }

    GameRecord build() {
        Position pos = position();
        int us = pos.sideToMove();
        if (!game.isOver() && terminal != null) {
            switch (terminal) {
                case RESIGN -> game.play(Move.RESIGN);
                case KACHI -> game.play(Move.WIN);
                case SENNICHITE ->
                        game.end(
                                Result.DRAW,
                                Termination.SENNICHITE,
                                "repetition stated by the record; the replay has no fourth"
                                        + " occurrence");
                case TIME_UP -> game.end(Result.loser(us), Termination.TIME, "time up");
                case ILLEGAL_MOVE ->
                        game.end(
                                Result.loser(us),
                                Termination.ILLEGAL_MOVE,
                                "foul by the side to move");
                case ILLEGAL_WIN ->
                        game.end(
                                Result.winner(us),
                                Termination.ILLEGAL_MOVE,
                                "foul by the opponent");
                case BLACK_ILLEGAL_ACTION ->
                        game.end(Result.WHITE_WIN, Termination.ILLEGAL_MOVE, "foul by Black");
                case WHITE_ILLEGAL_ACTION ->
                        game.end(Result.BLACK_WIN, Termination.ILLEGAL_MOVE, "foul by White");
                case JISHOGI -> game.end(Result.DRAW, Termination.DECLARATION, "impasse (jishogi)");
                case HIKIWAKE -> game.end(Result.DRAW, Termination.DECLARATION, "declared draw");
                case TSUMI ->
                        game.end(
                                Result.loser(us),
                                Termination.CHECKMATE,
                                "mate stated by the record; the replay finds legal moves");
                case MAX_MOVES ->
                        game.end(
                                Result.DRAW,
                                Termination.MAX_PLIES,
                                "ply limit stated by the record");
                case CHUDAN -> game.end(Result.UNFINISHED, Termination.ABORT, "suspended");
                case SEALED ->
                        game.end(Result.UNFINISHED, Termination.ABORT, "sealed move (adjourned)");
                case MATTA, FUZUMI, ERROR ->
                        game.end(
                                Result.UNFINISHED,
                                Termination.UNKNOWN,
                                terminal.name().toLowerCase(java.util.Locale.ROOT));
                default -> throw new IllegalStateException(terminal.name());
            }
        } else if (!game.isOver() && impliedResult != null && impliedResult != Result.UNFINISHED) {
            game.end(
                    impliedResult,
                    impliedResult == Result.DRAW ? Termination.UNKNOWN : Termination.RESIGN,
                    "result line of the record");
        }
        Result r = game.isOver() ? game.result() : Result.UNFINISHED;
        Termination t = game.isOver() ? game.termination() : Termination.UNKNOWN;
        String why = game.isOver() ? game.reason() : "no terminal in the record";
        List<RecordMove> list = new ArrayList<>(moves.size());
        for (int i = 0; i < moves.size(); i++) {
            list.add(new RecordMove(moves.get(i), seconds.get(i), comments.get(i + 1)));
        }
        return new GameRecord(
                format,
                headers,
                blackName,
                whiteName,
                Sfen.write(game.startPosition()),
                list,
                comments.get(0),
                terminal,
                terminalSeconds,
                r,
                t,
                why);
    }
}
