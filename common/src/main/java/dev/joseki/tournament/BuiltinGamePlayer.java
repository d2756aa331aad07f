package dev.joseki.tournament;

import dev.joseki.engine.HandcraftedEvaluator;
import dev.joseki.engine.Search;
import dev.joseki.engine.SearchListener;
import dev.joseki.engine.SearchResult;
import dev.joseki.notation.RecordMove;
import dev.joseki.rules.Declaration;
import dev.joseki.rules.Game;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Plays games between built-in engine configurations in this thread: a fresh {@link Search} per player and
 * game (no knowledge carried between games), the spec's limit per move, {@link Game} as the referee. A
 * player whose position is a valid 27-point declaration declares, as the USI front end does.
 *
 * <p>Supported options: {@code USI_Hash} (MB, default 16) and {@code Threads} (default 1). Book options
 * ({@code BookMode}, {@code BookDir}) are refused until the book module provides them.
 */
public final class BuiltinGamePlayer implements GamePlayer {
    private final Game.Rules rules;
    private final String event;

    public BuiltinGamePlayer(Game.Rules rules, String event) {
        this.rules = rules;
        this.event = event;
    }

    @Override
    public void check(EngineSpec spec) {
        if (!spec.builtin()) {
            throw new IllegalArgumentException("engine '" + spec.name() + "' is external (cmd=" + spec.command()
                    + "); this runner plays built-in engines only");
        }
        for (Map.Entry<String, String> o : spec.options().entrySet()) {
            switch (o.getKey()) {
                case "USI_Hash" -> intOption(spec, o, 1, 4096);
                case "Threads" -> intOption(spec, o, 1, 64);
                case "BookMode", "BookDir" -> throw new IllegalArgumentException("engine '" + spec.name()
                        + "': option." + o.getKey() + " needs the opening book, which this build does not have yet");
                default -> throw new IllegalArgumentException("engine '" + spec.name() + "': unknown option '"
                        + o.getKey() + "' (built-in options: USI_Hash, Threads)");
            }
        }
    }

    @Override
    public GameOutcome play(GameTask task) {
        Search[] engines = {engine(task.blackSpec()), engine(task.whiteSpec())};
        EngineSpec[] specs = {task.blackSpec(), task.whiteSpec()};
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
            Position root = game.position().copy();
            int side = root.sideToMove();
            int move;
            String comment;
            long startNs = System.nanoTime();
            if (!root.inCheck() && Declaration.judge(root, rules.declarationRule()) == Declaration.Verdict.WIN) {
                move = Move.WIN;
                comment = "declaration";
            } else {
                SearchResult r = engines[side].go(root, Arrays.copyOf(checks, game.plies() + 1),
                        specs[side].limit().toLimits(), SearchListener.NONE);
                move = r.bestMove();
                comment = "score " + r.score() + " depth " + r.depth() + " nodes " + r.nodes();
            }
            int seconds = (int) ((System.nanoTime() - startNs) / 1_000_000_000L);
            int before = game.plies();
            game.play(move);
            if (game.plies() > before) {
                checks = note(game, checks);
                moves.add(new RecordMove(game.moves().get(before), seconds, List.of(comment)));
            }
        }
        return new GameOutcome(task, game.result(), game.termination(), game.reason(),
                RecordOfGame.of(game, event, task, moves));
    }

    /** Records whether the side to move is in check after the last move (grows the array as needed). */
    private static boolean[] note(Game game, boolean[] checks) {
        boolean[] c = game.plies() < checks.length ? checks : Arrays.copyOf(checks, checks.length * 2);
        c[game.plies()] = game.position().inCheck();
        return c;
    }

    private static Search engine(EngineSpec spec) {
        int hash = Integer.parseInt(spec.options().getOrDefault("USI_Hash", "16"));
        Search s = new Search(new HandcraftedEvaluator(), hash);
        s.setThreads(Integer.parseInt(spec.options().getOrDefault("Threads", "1")));
        return s;
    }

    private static void intOption(EngineSpec spec, Map.Entry<String, String> o, int min, int max) {
        try {
            int v = Integer.parseInt(o.getValue());
            if (v >= min && v <= max) {
                return;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("engine '" + spec.name() + "': option." + o.getKey() + " must be an integer in "
                + min + ".." + max + ", got '" + o.getValue() + "'");
    }
}
