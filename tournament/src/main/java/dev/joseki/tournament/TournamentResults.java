package dev.joseki.tournament;

import dev.joseki.records.DistinctGames;
import dev.joseki.rules.Termination;
import dev.joseki.tournament.stats.EloEstimate;
import dev.joseki.tournament.stats.Pentanomial;
import dev.joseki.tournament.stats.SprtStatus;
import dev.joseki.tournament.stats.Trinomial;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a tournament produced: the crosstable, the tested player's (player 0's) trinomial and
 * pentanomial counts against the field with Elo and SPRT, termination counts, average game length,
 * the running score for the chart and the games themselves (sorted by game id).
 *
 * @param sprt null when no SPRT was asked for
 * @param end complete, stopped early by the SPRT, or interrupted
 */
public record TournamentResults(
        TournamentSetup setup,
        Crosstable crosstable,
        Trinomial tested,
        Pentanomial testedPairs,
        EloEstimate elo,
        EloEstimate eloTrinomial,
        SprtStatus sprt,
        Map<Termination, Long> terminations,
        double averagePlies,
        List<ProgressPoint> progress,
        List<GameOutcome> games,
        int scheduledGames,
        RunEnd end) {

    public static final int TESTED = 0;

    /** The SPRT decided before all scheduled games were played. */
    public boolean stoppedEarly() {
        return end == RunEnd.SPRT_DECIDED;
    }

    public TournamentResults {
        terminations = Map.copyOf(terminations);
        progress = List.copyOf(progress);
        games = List.copyOf(games);
    }

    /**
     * All games from Black's side: wins = Black wins, losses = White wins (the first-move
     * advantage).
     */
    /** How many games were distinct (same start and moves: {@link DistinctGames}). */
    public DistinctGames.Count distinct() {
        return DistinctGames.count(
                games().stream()
                        .map(
                                o ->
                                        DistinctGames.key(
                                                o.record().startSfen(),
                                                o.record().moves().stream()
                                                        .map(
                                                                m ->
                                                                        dev.joseki.rules.Move.usi(
                                                                                m.move()))
                                                        .toList()))
                        .toList());
    }

    public Trinomial byColour() {
        long black = 0, white = 0, draws = 0;
        for (GameOutcome o : games) {
            switch (o.result()) {
                case BLACK_WIN -> black++;
                case WHITE_WIN -> white++;
                default -> draws++;
            }
        }
        return new Trinomial(white, draws, black);
    }

    /**
     * @param outcomes one per game id, in the order they finished
     */
    public static TournamentResults of(
            TournamentSetup setup, List<GameOutcome> outcomes, int scheduledGames, RunEnd end) {
        Crosstable table =
                Crosstable.of(
                        setup.names(), setup.format().matchups(setup.players().size()), outcomes);
        Trinomial tested = table.total(TESTED);
        Pentanomial pairs = pentanomialOf(TESTED, outcomes);
        Map<Termination, Long> terms = new EnumMap<>(Termination.class);
        long plies = 0;
        for (GameOutcome o : outcomes) {
            terms.merge(o.termination(), 1L, Long::sum);
            plies += o.plies();
        }
        List<ProgressPoint> progress = new ArrayList<>();
        Trinomial running = Trinomial.EMPTY;
        for (GameOutcome o : outcomes) {
            double p = o.pointsOf(TESTED);
            if (Double.isNaN(p)) {
                continue;
            }
            running = running.plus(Trinomial.ofGame(p));
            EloEstimate e = EloEstimate.reported(running);
            progress.add(
                    new ProgressPoint(
                            running.games(),
                            running.points() / running.games(),
                            e.elo(),
                            e.hasInterval() ? e.error() : Double.NaN));
        }
        SprtStatus sprt = setup.sprt() == null ? null : setup.sprt().status(pairs);
        List<GameOutcome> sorted = new ArrayList<>(outcomes);
        sorted.sort(Comparator.comparingInt(o -> o.task().id()));
        return new TournamentResults(
                setup,
                table,
                tested,
                pairs,
                EloEstimate.reported(pairs, pairedGamesOf(TESTED, outcomes)),
                EloEstimate.reported(tested),
                sprt,
                terms,
                outcomes.isEmpty() ? 0 : (double) plies / outcomes.size(),
                progress,
                sorted,
                scheduledGames,
                end);
    }

    /**
     * The player's games in complete pairs (those {@link #pentanomialOf} counts) as losses, draws,
     * wins.
     */
    public static Trinomial pairedGamesOf(int player, List<GameOutcome> outcomes) {
        Map<Integer, GameOutcome> firstOfPair = new HashMap<>();
        Trinomial t = Trinomial.EMPTY;
        for (GameOutcome o : outcomes) {
            if (o.task().black() != player && o.task().white() != player) {
                continue;
            }
            GameOutcome other = firstOfPair.putIfAbsent(o.task().pair(), o);
            if (other != null) {
                t =
                        t.plus(Trinomial.ofGame(other.pointsOf(player)))
                                .plus(Trinomial.ofGame(o.pointsOf(player)));
            }
        }
        return t;
    }

    /**
     * The player's pair scores over complete pairs it played (both games present). A lone game of a
     * pair is left out, so an interrupted pair never biases the pentanomial counts.
     */
    public static Pentanomial pentanomialOf(int player, List<GameOutcome> outcomes) {
        Map<Integer, GameOutcome> firstOfPair = new HashMap<>();
        Pentanomial p = Pentanomial.EMPTY;
        for (GameOutcome o : outcomes) {
            if (o.task().black() != player && o.task().white() != player) {
                continue;
            }
            GameOutcome other = firstOfPair.putIfAbsent(o.task().pair(), o);
            if (other != null) {
                p = p.plusPair(other.pointsOf(player) + o.pointsOf(player));
            }
        }
        return p;
    }
}
