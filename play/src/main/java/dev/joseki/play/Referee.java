package dev.joseki.play;

import dev.joseki.notation.ParseException;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Game;
import dev.joseki.rules.Move;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Result;
import dev.joseki.rules.Termination;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * The one game loop: self-play workers, tournaments (in this process and on workers) and {@code
 * ./joseki match} all play here. The rules ({@link Game}) are the referee: every answer of a player
 * is parsed and played through them, so an illegal or malformed move, a false {@code win} claim, a
 * repetition, perpetual check or the ply limit are judged here and never taken from an engine. A
 * player that fails (crash, no answer in time) loses with the matching termination.
 *
 * <p>Clocks: a seat with a {@link TimeControl} plays on a {@link Clock} the referee keeps. Each
 * move is timed from the call to the player (which sends {@code go}) to its answer (the {@code
 * bestmove}), on the referee's time source, the same for the built-in player as for an external
 * one; the player is told both clocks ({@link ClockReading}); a move over its allowed time plus the
 * margin loses on time, whatever it was. The measured time, not the engine's claim, is the move's
 * recorded time.
 */
public final class Referee {
    /**
     * A side of the game: a name for messages, the engine, and either a per-move limit or a clock
     * ({@code timeControl} non-null: {@code limit} is then unused and may be null).
     */
    public record Seat(String name, Player player, SearchLimit limit, TimeControl timeControl) {
        public Seat {
            if (limit == null && timeControl == null) {
                throw new IllegalArgumentException(
                        "seat '" + name + "' has neither a limit nor a time control");
            }
        }

        public Seat(String name, Player player, SearchLimit limit) {
            this(name, player, limit, null);
        }
    }

    /**
     * How a game starts: the opening line, then {@code randomPlies} random plies from {@code
     * randomSeed}, then the engines, the first plies by {@code sampling}; {@code gameSeed} ({@link
     * GameSeed}) seeds the players' own random choices and the sampling draws.
     */
    public record Start(
            Opening opening,
            int randomPlies,
            long randomSeed,
            Game.Rules rules,
            long gameSeed,
            Sampling sampling) {
        public Start(
                Opening opening,
                int randomPlies,
                long randomSeed,
                Game.Rules rules,
                long gameSeed) {
            this(opening, randomPlies, randomSeed, rules, gameSeed, Sampling.OFF);
        }

        public static Start of(Opening opening, Game.Rules rules, long gameSeed) {
            return new Start(opening, 0, 0, rules, gameSeed);
        }
    }

    private Referee() {}

    /**
     * Plays one game to its end; null if {@code stop} turned true first (nothing is to be recorded
     * then).
     */
    public static PlayedGame play(Start start, Seat black, Seat white, BooleanSupplier stop) {
        return play(start, black, white, stop, System::nanoTime);
    }

    /**
     * The same with moves timed by {@code nanoTime} (a monotonic time in nanoseconds, as System's).
     */
    public static PlayedGame play(
            Start start, Seat black, Seat white, BooleanSupplier stop, LongSupplier nanoTime) {
        Game game = new Game(start.opening().startPosition(), start.rules());
        List<MoveInfo> info = new ArrayList<>();
        // Step 1. The opening: played by nobody.
        int openingPlies = start.opening().playIn(game);
        int random = RandomPlies.play(game, start.randomPlies(), start.randomSeed());
        for (int i = 0; i < openingPlies + random; i++) {
            info.add(i < openingPlies ? MoveInfo.OPENING_LINE : MoveInfo.RANDOM_OPENING);
        }
        boolean crashed = false;
        Clock blackClock = black.timeControl() == null ? null : new Clock(black.timeControl());
        Clock whiteClock = white.timeControl() == null ? null : new Clock(white.timeControl());
        boolean clocked = blackClock != null || whiteClock != null;
        List<Long> clockLeft = new ArrayList<>();
        for (int i = 0; clocked && i < info.size(); i++) {
            clockLeft.add(-1L);
        }
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
            Clock clock = us == Piece.BLACK ? blackClock : whiteClock;
            Player.Answer a;
            boolean sampled = start.sampling().covers(game.plies() - openingPlies - random);
            MoveLimit limit = clock == null ? seat.limit() : reading(blackClock, whiteClock, clock);
            long started = nanoTime.getAsLong();
            try {
                a =
                        seat.player()
                                .move(
                                        game.startPosition(),
                                        game.moves(),
                                        limit,
                                        sampled ? start.sampling().lines() : 1);
            } catch (PlayerException e) {
                if (e.kind() == PlayerException.Kind.CANCELLED) {
                    return null;
                }
                long used = elapsedMs(nanoTime, started);
                if (clock != null && !clock.inTime(used)) {
                    // The player gave up waiting at the flag (and may have waited for a late answer
                    // to stop since): what counts is that no move came within the allowed time.
                    game.end(
                            Result.loser(us),
                            Termination.TIME,
                            side(us, seat)
                                    + " exceeded its time: no move within "
                                    + clock.flagMs()
                                    + " ms ("
                                    + clock.allowedMs()
                                    + " ms left + margin "
                                    + clock.control().marginMs()
                                    + ")");
                } else {
                    crashed |= fail(game, us, e);
                }
                break;
            }
            long used = elapsedMs(nanoTime, started);
            if (clock != null) {
                if (!clock.inTime(used)) {
                    lostOnTime(game, us, seat, clock, used);
                    break;
                }
                clock.charge(used);
            }
            a =
                    new Player.Answer(
                            a.usi(),
                            a.info().withTimeMs((int) Math.min(Integer.MAX_VALUE, used)),
                            a.lines());
            if (sampled) {
                a = sample(a, start, game.plies());
            }
            int move;
            try {
                move = UsiMove.parseSyntax(game.position(), a.usi(), "engine", 1, 1);
            } catch (ParseException e) {
                game.end(
                        Result.loser(us),
                        Termination.ILLEGAL_MOVE,
                        "unreadable move '"
                                + a.usi()
                                + "' from '"
                                + seat.name()
                                + "': "
                                + e.reason());
                break;
            }
            int before = game.plies();
            game.play(move);
            if (game.plies() > before) {
                info.add(a.info());
                if (clocked) {
                    clockLeft.add(clock == null ? -1L : clock.leftMs());
                }
            } else if (move != Move.RESIGN && move != Move.WIN && !game.isOver()) {
                throw new IllegalStateException("the rules neither played nor rejected " + a.usi());
            }
        }
        // Whatever ended the game, a stopping caller records nothing: the game is played again
        // elsewhere.
        if (stop.getAsBoolean()) {
            return null;
        }
        return new PlayedGame(
                Sfen.write(game.startPosition()),
                start.rules(),
                game.moves(),
                info,
                openingPlies + random,
                game.result(),
                game.termination(),
                game.reason(),
                crashed,
                engine(black),
                engine(white),
                clockLeft);
    }

    /** Both clocks as the mover is told them; an unclocked opponent shows an empty clock. */
    private static ClockReading reading(Clock black, Clock white, Clock mover) {
        return new ClockReading(
                black == null ? 0 : black.leftMs(),
                white == null ? 0 : white.leftMs(),
                black == null ? 0 : black.control().incrementMs(),
                white == null ? 0 : white.control().incrementMs(),
                mover.control().byoyomiMs(),
                mover.flagMs());
    }

    private static long elapsedMs(LongSupplier nanoTime, long started) {
        return Math.max(0, nanoTime.getAsLong() - started) / 1_000_000;
    }

    private static String side(int us, Seat seat) {
        return (us == Piece.BLACK ? "black" : "white") + " (" + seat.name() + ")";
    }

    private static void lostOnTime(Game game, int us, Seat seat, Clock clock, long used) {
        game.end(
                Result.loser(us),
                Termination.TIME,
                side(us, seat)
                        + " exceeded its time: used "
                        + used
                        + " ms with "
                        + clock.allowedMs()
                        + " ms left + margin "
                        + clock.control().marginMs());
    }

    /**
     * The answer with its move drawn among the near-best lines; unchanged when there is nothing to
     * draw.
     */
    private static Player.Answer sample(Player.Answer a, Start start, int ply) {
        Sampling.Line l = start.sampling().choose(a.lines(), start.gameSeed(), ply);
        if (l == null) {
            return a;
        }
        MoveInfo m = a.info();
        return new Player.Answer(
                l.usi(),
                new MoveInfo(
                        MoveInfo.Source.SAMPLED,
                        m.depth(),
                        m.nodes(),
                        true,
                        l.mate(),
                        l.score(),
                        m.timeMs()),
                a.lines());
    }

    private static PlayedGame.Engine engine(Seat s) {
        return new PlayedGame.Engine(s.player().engineId(), s.player().engineVersion());
    }

    /**
     * Ends the game as a loss for {@code color}; true if it was a crash (the rules call it an
     * abort).
     */
    private static boolean fail(Game game, int color, PlayerException e) {
        if (e.kind() == PlayerException.Kind.TIME) {
            game.end(Result.loser(color), Termination.TIME, e.getMessage());
            return false;
        }
        game.end(Result.loser(color), Termination.ABORT, "engine crash: " + e.getMessage());
        return true;
    }
}
