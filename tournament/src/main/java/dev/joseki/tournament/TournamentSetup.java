package dev.joseki.tournament;

import dev.joseki.play.EngineSpec;
import dev.joseki.play.Sampling;
import dev.joseki.rules.Game;
import dev.joseki.tournament.stats.Sprt;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Everything that defines a tournament: players (the first is the tested engine: Elo, LOS and SPRT
 * are its results against the field), format, rounds (game pairs per matchup), openings, an
 * optional SPRT (null: play every game), the adjudication rules and the sampled plies after each
 * opening (OFF: the engines' own moves throughout).
 */
public record TournamentSetup(
        String name,
        List<EngineSpec> players,
        TournamentFormat format,
        int rounds,
        OpeningSuite openings,
        Sprt sprt,
        Game.Rules rules,
        Sampling sampling) {

    /** Without sampled plies. */
    public TournamentSetup(
            String name,
            List<EngineSpec> players,
            TournamentFormat format,
            int rounds,
            OpeningSuite openings,
            Sprt sprt,
            Game.Rules rules) {
        this(name, players, format, rounds, openings, sprt, rules, Sampling.OFF);
    }

    public TournamentSetup {
        if (sampling == null) {
            throw new IllegalArgumentException("sampling missing (Sampling.OFF for none)");
        }
        players = List.copyOf(players);
        if (players.size() < 2) {
            throw new IllegalArgumentException(
                    "a tournament needs at least two --engine players, got " + players.size());
        }
        Set<String> names = new HashSet<>();
        for (EngineSpec p : players) {
            if (!names.add(p.name())) {
                throw new IllegalArgumentException("two players are named '" + p.name() + "'");
            }
        }
        if (rounds < 1) {
            throw new IllegalArgumentException("rounds must be at least 1, got " + rounds);
        }
    }

    public List<String> names() {
        return players.stream().map(EngineSpec::name).toList();
    }

    public List<GameTask> schedule() {
        return Schedule.build(players, format, rounds, openings, sampling);
    }
}
