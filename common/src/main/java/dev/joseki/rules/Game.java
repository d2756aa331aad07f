package dev.joseki.rules;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A game over a move history, with the rules that only a history decides: checkmate, sennichite
 * (the same board, hands and side to move for the fourth time: draw), perpetual check (if one side
 * gave check with every move of the repetition, that side loses), entering-king declaration, the
 * max-ply draw and illegal moves (the mover loses). Rules follow the Japan Shogi Association's
 * rules and floodgate's (CSA) conventions; the game never trusts a player's claim: {@code win} is
 * judged by {@link Declaration}.
 */
public final class Game {
    /** Adjudication settings. {@code maxPlies} counts plies played from the start position. */
    public record Rules(int maxPlies, Declaration.Rule declarationRule) {
        public static final Rules DEFAULT = new Rules(256, Declaration.Rule.POINTS_27);
    }

    private final Position start;
    private final Position pos;
    private final Rules rules;
    private final List<Integer> moves = new ArrayList<>();

    /** givesCheck.get(i): after move i the side to move was in check. */
    private final List<Boolean> givesCheck = new ArrayList<>();

    private final int[] buffer = new int[MoveGenerator.MAX_MOVES];
    private Result result = Result.UNFINISHED;
    private Termination termination = null;
    private String reason = "";

    public Game(Position start, Rules rules) {
        this.start = start.copy();
        this.pos = start.copy();
        this.rules = rules;
        if (MoveGenerator.generateLegal(pos, buffer, 0) == 0) {
            end(
                    Result.loser(pos.sideToMove()),
                    Termination.CHECKMATE,
                    "no legal move in the start position");
        }
    }

    public Game(Position start) {
        this(start, Rules.DEFAULT);
    }

    /**
     * Plays a move (or {@link Move#RESIGN} / {@link Move#WIN}); afterwards {@link #isOver()} says
     * whether it ended the game. An illegal move ends the game as a loss for the mover and is not
     * played on the board.
     */
    public void play(int move) {
        if (isOver()) {
            throw new IllegalStateException("game is over: " + termination.id());
        }
        final int us = pos.sideToMove();
        if (move == Move.RESIGN) {
            end(Result.loser(us), Termination.RESIGN, "resigned");
            return;
        }
        if (move == Move.WIN) {
            Declaration.Verdict v = Declaration.judge(pos, rules.declarationRule());
            String why = Declaration.failedCondition(pos);
            switch (v) {
                case WIN -> end(Result.winner(us), Termination.DECLARATION, "valid declaration");
                case DRAW ->
                        end(Result.DRAW, Termination.DECLARATION, "declaration with 24..30 points");
                default ->
                        end(
                                Result.loser(us),
                                Termination.ILLEGAL_MOVE,
                                "invalid declaration: "
                                        + (why != null
                                                ? why
                                                : "not enough points ("
                                                        + Declaration.points(pos)
                                                        + ")"));
            }
            return;
        }
        int legal = legalVersion(move);
        if (legal == Move.NONE) {
            end(Result.loser(us), Termination.ILLEGAL_MOVE, "illegal move " + Move.usi(move));
            return;
        }
        pos.doMove(legal);
        moves.add(legal);
        boolean check = pos.inCheck();
        givesCheck.add(check);
        adjudicate(us);
    }

    /** Ends the game from outside (time, abort, a result read from a record). */
    public void end(Result r, Termination t, String why) {
        result = r;
        termination = t;
        reason = why;
    }

    private int legalVersion(int move) {
        if (Move.isSpecial(move)) {
            return Move.NONE;
        }
        int n = MoveGenerator.generateLegal(pos, buffer, 0);
        int m16 = Move.move16(move);
        for (int i = 0; i < n; i++) {
            if (Move.move16(buffer[i]) == m16) {
                return buffer[i];
            }
        }
        return Move.NONE;
    }

    // Step 1. mate; 2. fourth repetition (perpetual check decides who loses); 3. max plies.
    private void adjudicate(int mover) {
        if (MoveGenerator.generateLegal(pos, buffer, 0) == 0) {
            end(Result.winner(mover), Termination.CHECKMATE, "no legal move");
            return;
        }
        long k = pos.key();
        int seen = 1, firstAgo = 0;
        for (int ago = 4; ago <= pos.historyLength(); ago += 2) {
            if (pos.keyAt(ago) == k) {
                seen++;
                firstAgo = ago;
            }
        }
        if (seen >= 4) {
            if (allChecks(firstAgo, 0)) {
                end(
                        Result.loser(mover),
                        Termination.PERPETUAL_CHECK,
                        "perpetual check by the mover");
            } else if (allChecks(firstAgo, 1)) {
                end(
                        Result.winner(mover),
                        Termination.PERPETUAL_CHECK,
                        "perpetual check by the opponent");
            } else {
                end(Result.DRAW, Termination.SENNICHITE, "fourth repetition");
            }
            return;
        }
        if (moves.size() >= rules.maxPlies()) {
            end(Result.DRAW, Termination.MAX_PLIES, "reached " + rules.maxPlies() + " plies");
        }
    }

    /**
     * Did every move in the last {@code span} plies made by the mover (offset 0) or the other side
     * (1) give check?
     */
    private boolean allChecks(int span, int offset) {
        int n = givesCheck.size();
        for (int i = n - 1 - offset; i >= n - span; i -= 2) {
            if (!givesCheck.get(i)) {
                return false;
            }
        }
        return true;
    }

    public boolean isOver() {
        return termination != null;
    }

    public Result result() {
        return result;
    }

    /** Null while the game goes on. */
    public Termination termination() {
        return termination;
    }

    public String reason() {
        return reason;
    }

    public Position startPosition() {
        return start.copy();
    }

    /** The current position (a live view: do not modify). */
    public Position position() {
        return pos;
    }

    public List<Integer> moves() {
        return Collections.unmodifiableList(moves);
    }

    public int plies() {
        return moves.size();
    }

    public Rules rules() {
        return rules;
    }
}
