package dev.joseki.tournament;

import dev.joseki.play.BuiltinOptions;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.PlayedGame;
import dev.joseki.play.Player;
import dev.joseki.play.PlayerException;
import dev.joseki.play.Referee;
import dev.joseki.play.SearchLimit;
import dev.joseki.rules.Game;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A tournament's games played in this process by the one {@link Referee}. Each player's engine is
 * made at its first game and kept until {@link #close}. Also the pre-flight check of every
 * tournament: the built-in options against the one {@link BuiltinOptions} table, and a USI
 * handshake with each external engine, before any game is played here or sent to a worker.
 */
public final class RefereedGames implements GameTaskPlayer {
    private final Game.Rules rules;
    private final String tournamentId;
    private final Map<String, Player> engines = new LinkedHashMap<>();

    /**
     * @param tournamentId the event name and the prefix of the game ids (which seed the players)
     */
    public RefereedGames(Game.Rules rules, String tournamentId) {
        this.rules = rules;
        this.tournamentId = tournamentId;
    }

    /**
     * Throws IllegalArgumentException naming the engine when it cannot play: a bad option, no
     * handshake.
     */
    @Override
    public void check(EngineSpec spec) {
        if (spec.builtin()) {
            String problem = BuiltinOptions.problem(spec.options());
            if (problem != null) {
                throw new IllegalArgumentException("engine '" + spec.name() + "': " + problem);
            }
            return; // the same table as the workers': nothing else to try before a game
        }
        if (spec.artifact() != null) {
            // A published engine runs on the workers only, which fetch it and check its hashes;
            // the run pins its name to a hash on the broker before the first task.
            return;
        }
        Player p = engine(spec);
        try {
            p.newGame(0);
        } catch (PlayerException e) {
            throw new IllegalArgumentException(
                    "engine '" + spec.name() + "' (" + spec.command() + "): " + e.getMessage(), e);
        } finally {
            // The checked process goes: on workers the games never come here, and an idle engine
            // would hold its hash table for the whole tournament. A local game starts it again
            // (once).
            engines.remove(spec.name());
            p.close();
        }
    }

    @Override
    public GameOutcome play(GameTask task) {
        Referee.Start start =
                new Referee.Start(
                        task.opening(), 0, 0, rules, task.gameSeed(tournamentId), task.sampling());
        PlayedGame g =
                Referee.play(start, seat(task.blackSpec()), seat(task.whiteSpec()), () -> false);
        return RecordOfGame.outcome(tournamentId, task, g.toGame(), g.info(), g.clockLeftMs());
    }

    @Override
    public void close() {
        for (Player p : engines.values()) {
            p.close();
        }
        engines.clear();
    }

    private Referee.Seat seat(EngineSpec spec) {
        if (spec.clocked()) {
            return new Referee.Seat(spec.name(), engine(spec), null, spec.timeControl());
        }
        SearchLimit limit = spec.limit() != null ? spec.limit() : SearchLimit.TOURNAMENT_DEFAULT;
        return new Referee.Seat(spec.name(), engine(spec), limit);
    }

    private Player engine(EngineSpec spec) {
        Player p = engines.get(spec.name());
        if (p == null) {
            try {
                p = Player.of(spec, () -> false);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "engine '" + spec.name() + "': " + e.getMessage(), e);
            }
            engines.put(spec.name(), p);
        }
        return p;
    }
}
