package dev.joseki.tournament;

import dev.joseki.engine.HandcraftedEvaluator;
import dev.joseki.engine.Limits;
import dev.joseki.engine.Search;
import dev.joseki.engine.SearchListener;
import dev.joseki.engine.SearchResult;
import dev.joseki.rules.Declaration;
import dev.joseki.rules.Game;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.util.Arrays;
import java.util.Map;

/**
 * Our own search in this process. Options: {@code USI_Hash} (MB, default 16) and {@code Threads} (default 1),
 * as the USI front end names them. Book options are refused until the book module provides them. A
 * position that is a valid 27-point declaration is declared, as the USI front end does.
 */
final class BuiltinContestant implements Contestant {
    private final Search search;
    private final Limits limits;
    private final Declaration.Rule declarationRule;

    BuiltinContestant(EngineSpec spec, Declaration.Rule declarationRule) {
        check(spec);
        this.search = new Search(new HandcraftedEvaluator(), Integer.parseInt(spec.options().getOrDefault("USI_Hash", "16")));
        search.setThreads(Integer.parseInt(spec.options().getOrDefault("Threads", "1")));
        this.limits = spec.limit().toLimits();
        this.declarationRule = declarationRule;
    }

    static void check(EngineSpec spec) {
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
    public void newGame() {
        search.clear();
    }

    @Override
    public Choice choose(Game game, boolean[] checks) {
        Position root = game.position().copy();
        if (!root.inCheck() && Declaration.judge(root, declarationRule) == Declaration.Verdict.WIN) {
            return Choice.move(Move.WIN, "declaration");
        }
        SearchResult r = search.go(root, Arrays.copyOf(checks, game.plies() + 1), limits, SearchListener.NONE);
        return Choice.move(r.bestMove(), "score " + r.score() + " depth " + r.depth() + " nodes " + r.nodes());
    }

    @Override
    public void close() {
        // nothing outside the heap
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
        throw new IllegalArgumentException("engine '" + spec.name() + "': option." + o.getKey()
                + " must be an integer in " + min + ".." + max + ", got '" + o.getValue() + "'");
    }
}
