package dev.joseki.play;

import dev.joseki.notation.ParseException;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Game;
import dev.joseki.rules.Move;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Result;
import dev.joseki.rules.Termination;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The one game loop: self-play workers, tournaments (in this process and on workers) and
 * {@code ./joseki match} all play here. The rules ({@link Game}) are the referee: every answer of a player
 * is parsed and played through them, so an illegal or malformed move, a false {@code win} claim, a
 * repetition, perpetual check or the ply limit are judged here and never taken from an engine. A player
 * that fails (crash, no answer in time) loses with the matching termination.
 */
public final class Referee {
    /** A side of the game: a name for messages, the engine, and its limit. */
    public record Seat(String name, Player player, SearchLimit limit) {
    }

    /**
     * How a game starts: the opening line, then {@code randomPlies} random plies from {@code randomSeed};
     * {@code gameSeed} seeds the players' own random choices (see {@link #seedOf}).
     */
    public record Start(Opening opening, int randomPlies, long randomSeed, Game.Rules rules, long gameSeed) {
        public static Start of(Opening opening, Game.Rules rules, long gameSeed) {
            return new Start(opening, 0, 0, rules, gameSeed);
        }
    }

    private Referee() {
    }

    /** A stable 64-bit seed from a game id (FNV-1a over its UTF-8 bytes): the same id, the same seed anywhere. */
    public static long seedOf(String gameId) {
        long h = 0xcbf29ce484222325L;
        for (byte b : gameId.getBytes(StandardCharsets.UTF_8)) {
            h = (h ^ (b & 0xff)) * 0x100000001b3L;
        }
        return h;
    }

    /** Plays one game to its end; null if {@code stop} turned true first (nothing is to be recorded then). */
    public static PlayedGame play(Start start, Seat black, Seat white, BooleanSupplier stop) {
        Game game = new Game(start.opening().startPosition(), start.rules());
        List<MoveInfo> info = new ArrayList<>();
        // Step 1. The opening: played by nobody.
        int openingPlies = start.opening().playIn(game);
        int random = RandomPlies.play(game, start.randomPlies(), start.randomSeed());
        for (int i = 0; i < openingPlies + random; i++) {
            info.add(i < openingPlies ? MoveInfo.OPENING_LINE : MoveInfo.RANDOM_OPENING);
        }
        boolean crashed = false;
        // Step 2. New game for both engines.
        for (int color : new int[] {Piece.BLACK, Piece.WHITE}) {
            if (!game.isOver()) {
                try {
                    (color == Piece.BLACK ? black : white).player().newGame(start.gameSeed());
                } catch (PlayerException e) {
                    if (e.kind() == PlayerException.Kind.CANCELLED) {
                        return null;
                    }
                    crashed |= fail(game, color, e);
                }
            }
        }
        // Step 3. The engines, until the rules end the game.
        while (!game.isOver()) {
            if (stop.getAsBoolean()) {
                return null;
            }
            int us = game.position().sideToMove();
            Seat seat = us == Piece.BLACK ? black : white;
            Player.Answer a;
            try {
                a = seat.player().move(game.startPosition(), game.moves(), seat.limit());
            } catch (PlayerException e) {
                if (e.kind() == PlayerException.Kind.CANCELLED) {
                    return null;
                }
                crashed |= fail(game, us, e);
                break;
            }
            int move;
            try {
                move = UsiMove.parseSyntax(game.position(), a.usi(), "engine", 1, 1);
            } catch (ParseException e) {
                game.end(Result.loser(us), Termination.ILLEGAL_MOVE, "unreadable move '" + a.usi() + "' from '"
                        + seat.name() + "': " + e.reason());
                break;
            }
            int before = game.plies();
            game.play(move);
            if (game.plies() > before) {
                info.add(a.info());
            } else if (move != Move.RESIGN && move != Move.WIN && !game.isOver()) {
                throw new IllegalStateException("the rules neither played nor rejected " + a.usi());
            }
        }
        // Whatever ended the game, a stopping caller records nothing: the game is played again elsewhere.
        if (stop.getAsBoolean()) {
            return null;
        }
        return new PlayedGame(Sfen.write(game.startPosition()), start.rules(), game.moves(), info, openingPlies + random,
                game.result(), game.termination(), game.reason(), crashed, engine(black), engine(white));
    }

    private static PlayedGame.Engine engine(Seat s) {
        return new PlayedGame.Engine(s.player().engineId(), s.player().engineVersion());
    }

    /** Ends the game as a loss for {@code color}; true if it was a crash (the rules call it an abort). */
    private static boolean fail(Game game, int color, PlayerException e) {
        if (e.kind() == PlayerException.Kind.TIME) {
            game.end(Result.loser(color), Termination.TIME, e.getMessage());
            return false;
        }
        game.end(Result.loser(color), Termination.ABORT, "engine crash: " + e.getMessage());
        return true;
    }
}
