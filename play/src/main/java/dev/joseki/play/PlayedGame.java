package dev.joseki.play;

import dev.joseki.notation.Sfen;
import dev.joseki.rules.Game;
import dev.joseki.rules.Result;
import dev.joseki.rules.Termination;
import java.util.List;

/**
 * A game the {@link Referee} finished: the start, every ply with what is known about it, and the
 * ending as the rules (or a forfeit) decided it. Immutable. Invariants: {@code info.size() ==
 * moves.size()}; the first {@code openingPlies} plies were played by the opening; result is not
 * UNFINISHED.
 *
 * @param crashed true when the game ended because an engine crashed (recorded as an engine crash)
 * @param clockLeftMs per ply, the mover's main time left after it (increment added); -1 for a ply
 *     without a clock (the opening, a per-move limit). Empty when neither side had a clock.
 */
public record PlayedGame(
        String startSfen,
        Game.Rules rules,
        List<Integer> moves,
        List<MoveInfo> info,
        int openingPlies,
        Result result,
        Termination termination,
        String reason,
        boolean crashed,
        Engine black,
        Engine white,
        List<Long> clockLeftMs) {

    /** A game without clocks. */
    public PlayedGame(
            String startSfen,
            Game.Rules rules,
            List<Integer> moves,
            List<MoveInfo> info,
            int openingPlies,
            Result result,
            Termination termination,
            String reason,
            boolean crashed,
            Engine black,
            Engine white) {
        this(
                startSfen,
                rules,
                moves,
                info,
                openingPlies,
                result,
                termination,
                reason,
                crashed,
                black,
                white,
                List.of());
    }

    /** Who played a side: the engine's own id and version. */
    public record Engine(String id, String version) {}

    public PlayedGame {
        moves = List.copyOf(moves);
        info = List.copyOf(info);
        clockLeftMs = List.copyOf(clockLeftMs);
        if (info.size() != moves.size()) {
            throw new IllegalArgumentException(
                    info.size() + " infos for " + moves.size() + " plies");
        }
        if (!clockLeftMs.isEmpty() && clockLeftMs.size() != moves.size()) {
            throw new IllegalArgumentException(
                    clockLeftMs.size() + " clock readings for " + moves.size() + " plies");
        }
        if (result == Result.UNFINISHED) {
            throw new IllegalArgumentException("the game is not finished");
        }
    }

    /**
     * Whether a clock ran in this game: its moves depended on time, so replaying it gives another
     * game.
     */
    public boolean clocked() {
        return !clockLeftMs.isEmpty();
    }

    public int plies() {
        return moves.size();
    }

    /**
     * The game as the rules see it: the moves replayed, then the recorded ending where the rules
     * did not end it.
     */
    public Game toGame() {
        Game g = new Game(Sfen.parse(startSfen), rules);
        for (int m : moves) {
            g.play(m);
        }
        if (!g.isOver() || g.termination() != termination || g.result() != result) {
            g.end(result, termination, reason);
        }
        return g;
    }
}
