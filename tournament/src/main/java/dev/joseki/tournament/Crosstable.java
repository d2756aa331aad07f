package dev.joseki.tournament;

import dev.joseki.tournament.stats.Trinomial;
import java.util.ArrayList;
import java.util.List;

/**
 * Who scored what against whom (the paper's Table 2): per ordered pair of players the wins, losses
 * and draws of the row player, and each player's totals. Immutable once built; counts every outcome
 * given, so the caller de-duplicates (one outcome per game id).
 */
public final class Crosstable {
    private final List<String> names;

    /** results[i][j]: games of player i against player j, from i's side. */
    private final Trinomial[][] results;

    private final List<Matchup> matchups;

    private Crosstable(List<String> names, Trinomial[][] results, List<Matchup> matchups) {
        this.names = List.copyOf(names);
        this.results = results;
        this.matchups = List.copyOf(matchups);
    }

    public static Crosstable of(
            List<String> names, List<Matchup> matchups, List<GameOutcome> outcomes) {
        int n = names.size();
        Trinomial[][] r = new Trinomial[n][n];
        for (Trinomial[] row : r) {
            java.util.Arrays.fill(row, Trinomial.EMPTY);
        }
        for (GameOutcome o : outcomes) {
            int b = o.task().black(), w = o.task().white();
            Trinomial forBlack = Trinomial.ofGame(o.pointsOf(b));
            r[b][w] = r[b][w].plus(forBlack);
            r[w][b] = r[w][b].plus(forBlack.reversed());
        }
        return new Crosstable(names, r, matchups);
    }

    public List<String> names() {
        return names;
    }

    public int size() {
        return names.size();
    }

    /** Player i's results against player j (EMPTY on the diagonal). */
    public Trinomial cell(int i, int j) {
        return results[i][j];
    }

    /** Player i's results against everyone. */
    public Trinomial total(int i) {
        Trinomial t = Trinomial.EMPTY;
        for (int j = 0; j < names.size(); j++) {
            t = t.plus(results[i][j]);
        }
        return t;
    }

    public List<PlayerLine> players() {
        List<PlayerLine> out = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            Trinomial t = total(i);
            out.add(
                    new PlayerLine(
                            names.get(i), t.games(), t.wins(), t.losses(), t.draws(), t.points()));
        }
        return out;
    }

    /** One line per scheduled matchup, in schedule order. */
    public List<PairLine> pairs() {
        List<PairLine> out = new ArrayList<>();
        for (Matchup m : matchups) {
            Trinomial t = results[m.a()][m.b()];
            out.add(
                    new PairLine(
                            names.get(m.a()), names.get(m.b()), t.wins(), t.losses(), t.draws()));
        }
        return out;
    }
}
