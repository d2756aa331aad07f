package dev.joseki.tournament;

import dev.joseki.book.Book;
import dev.joseki.notation.RecordMove;
import dev.joseki.rules.Game;
import dev.joseki.rules.Result;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Plays games in this thread between any players: built-in searches and external USI engines go through
 * the same loop, with {@link Game} as the referee. Each player's engine is started once (on {@link #check}
 * or its first game) and kept until {@link #close}; every game starts with {@code newGame}.
 */
public final class EngineGamePlayer implements GamePlayer {
    private final Game.Rules rules;
    private final String event;
    private final Map<String, Contestant> engines = new LinkedHashMap<>();
    private final Function<Path, Book> bookOpener;

    public EngineGamePlayer(Game.Rules rules, String event) {
        this(rules, event, null);
    }

    /** @param bookOpener opens a built-in player's option.BookDir (the cli passes the RocksDB store) */
    public EngineGamePlayer(Game.Rules rules, String event, Function<Path, Book> bookOpener) {
        this.rules = rules;
        this.event = event;
        this.bookOpener = bookOpener;
    }

    /** Validates a builtin spec's options, or starts an external engine and completes its handshake. */
    @Override
    public void check(EngineSpec spec) {
        engine(spec);
    }

    @Override
    public GameOutcome play(GameTask task) {
        Contestant[] players = {engine(task.blackSpec()), engine(task.whiteSpec())};
        for (Contestant c : players) {
            c.newGame();
        }
        Game game = new Game(task.opening().startPosition(), rules);
        List<RecordMove> moves = new ArrayList<>();
        boolean[] checks = new boolean[16];
        checks[0] = game.position().inCheck();
        // Step 1. The opening moves: played by nobody, recorded without time.
        for (int m : task.opening().moves()) {
            if (game.isOver()) {
                break;
            }
            game.play(m);
            checks = note(game, checks);
            moves.add(new RecordMove(game.moves().get(game.plies() - 1), -1, List.of()));
        }
        // Step 2. The engines, until the referee ends the game.
        while (!game.isOver()) {
            int side = game.position().sideToMove();
            long startNs = System.nanoTime();
            Contestant.Choice c = players[side].choose(game, checks);
            int seconds = (int) ((System.nanoTime() - startNs) / 1_000_000_000L);
            if (c.forfeit() != null) {
                game.end(Result.loser(side), c.forfeit(), c.reason());
                break;
            }
            int before = game.plies();
            game.play(c.move());
            if (game.plies() > before) {
                checks = note(game, checks);
                moves.add(new RecordMove(game.moves().get(before), seconds,
                        c.comment().isEmpty() ? List.of() : List.of(c.comment())));
            }
        }
        return new GameOutcome(task, game.result(), game.termination(), game.reason(),
                RecordOfGame.of(game, event, task, moves));
    }

    @Override
    public void close() {
        for (Contestant c : engines.values()) {
            c.close();
        }
        engines.clear();
    }

    private Contestant engine(EngineSpec spec) {
        Contestant c = engines.get(spec.name());
        if (c == null) {
            c = spec.builtin() ? new BuiltinContestant(spec, rules.declarationRule(), bookOpener) : new UsiContestant(spec);
            engines.put(spec.name(), c);
        }
        return c;
    }

    /** Records whether the side to move is in check after the last move (grows the array as needed). */
    private static boolean[] note(Game game, boolean[] checks) {
        boolean[] c = game.plies() < checks.length ? checks : Arrays.copyOf(checks, checks.length * 2);
        c[game.plies()] = game.position().inCheck();
        return c;
    }
}
