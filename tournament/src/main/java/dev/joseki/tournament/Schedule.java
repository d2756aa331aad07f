package dev.joseki.tournament;

import dev.joseki.play.EngineSpec;
import dev.joseki.play.Opening;
import dev.joseki.play.Sampling;
import java.util.ArrayList;
import java.util.List;

/**
 * The games of a tournament in playing order: round r (r = 0 … rounds−1) plays one game pair for
 * every matchup, all pairs of a round from the same opening (the r-th of the suite) so that every
 * player meets the same positions. Pair p = r·matchups + m; its game 0 gives the matchup's first
 * player Black, game 1 swaps colours. Every game gets the tournament's {@link Sampling}.
 */
public final class Schedule {
    private Schedule() {}

    public static List<GameTask> build(
            List<EngineSpec> players, TournamentFormat format, int rounds, OpeningSuite openings) {
        return build(players, format, rounds, openings, Sampling.OFF);
    }

    public static List<GameTask> build(
            List<EngineSpec> players,
            TournamentFormat format,
            int rounds,
            OpeningSuite openings,
            Sampling sampling) {
        if (rounds < 1) {
            throw new IllegalArgumentException("rounds must be at least 1, got " + rounds);
        }
        List<Matchup> matchups = format.matchups(players.size());
        List<GameTask> tasks = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            Opening opening = openings.opening(r);
            for (int m = 0; m < matchups.size(); m++) {
                Matchup mu = matchups.get(m);
                int pair = r * matchups.size() + m;
                tasks.add(
                        new GameTask(
                                2 * pair,
                                pair,
                                r,
                                mu.a(),
                                mu.b(),
                                players.get(mu.a()),
                                players.get(mu.b()),
                                opening,
                                sampling));
                tasks.add(
                        new GameTask(
                                2 * pair + 1,
                                pair,
                                r,
                                mu.b(),
                                mu.a(),
                                players.get(mu.b()),
                                players.get(mu.a()),
                                opening,
                                sampling));
            }
        }
        return tasks;
    }
}
