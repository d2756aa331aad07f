package dev.joseki.tournament.report;

import dev.joseki.play.EngineSpec;
import dev.joseki.play.SearchLimit;
import dev.joseki.play.TimeControl;
import dev.joseki.rules.Result;
import dev.joseki.rules.Termination;
import dev.joseki.tournament.GameOutcome;
import dev.joseki.tournament.MoveTimes;
import dev.joseki.tournament.TournamentResults;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Warnings that a pair's games measure how an engine handles the clock rather than how it plays
 * (docs/time-controls.md, "Clock warnings"): an engine that lost most of its games against an
 * opponent on time, or that for most of those games moved in under 10 % of what its clock allowed.
 * Both come from engines built for other clocks (whole seconds, network delays), not from their
 * play, and turn a pair's Elo into nonsense (+1199.83 with every game lost on time).
 *
 * <p>What the clock allows for one move, from the referee's clock before it: main time left /
 * {@value #MOVES_TO_GO} + increment + byoyomi; under a per-move {@code movetime=} or {@code
 * byoyomi=}, that time. Node and depth limits allow no time, so they are not judged.
 */
public final class ClockWarnings {
    /** The moves a main time is spread over in the allowance: a plain, generous pace. */
    static final int MOVES_TO_GO = 20;

    /** A move faster than this share of its allowance counts as fast. */
    static final int FAST_PERCENT = 10;

    /** The engine settings known to cause either warning; said once after them. */
    public static final String CAUSES =
            "the Elo measures clock handling, not play; known causes: YaneuraOu's NetworkDelay and"
                    + " NetworkDelay2 (time it keeps back every move) and RoundUpToFullSecond, GPS"
                    + " Shogi's LimitDepth (its search depth, not its clock, sets its time: about"
                    + " 1 s a move at its default, 10); see docs/time-controls.md";

    public enum Kind {
        TIME_LOSSES("time_losses"),
        FAST_MOVES("fast_moves");

        private final String id;

        Kind(String id) {
            this.id = id;
        }

        /** The results.json name. */
        public String id() {
            return id;
        }
    }

    /**
     * One engine's warning in its games against one opponent.
     *
     * @param player the engine's index in the player list
     * @param opponent the opponent's index
     * @param games games of the pair the warning is about (lost on time, or mostly fast)
     * @param pairGames all games of the pair
     * @param medianMoveMs the median time of the engine's judged moves in the pair; -1 when none
     * @param medianAllowedMs the median allowance of those moves; -1 when none
     */
    public record Warning(
            Kind kind,
            int player,
            String engine,
            int opponent,
            String opponentName,
            int games,
            int pairGames,
            long medianMoveMs,
            long medianAllowedMs) {

        /** Whether the warning is about games between {@code a} and {@code b}. */
        public boolean between(int a, int b) {
            return player == a && opponent == b || player == b && opponent == a;
        }

        /** One sentence, without the causes. */
        public String text() {
            String of = " " + games + " of " + pairGames + " games against " + opponentName;
            return switch (kind) {
                case TIME_LOSSES -> engine + " lost" + of + " on time";
                case FAST_MOVES ->
                        String.format(
                                Locale.ROOT,
                                "%s moved in under %d %% of what its clock allowed for most of"
                                        + "%s (median %d ms a move, %d ms allowed)",
                                engine,
                                FAST_PERCENT,
                                of,
                                medianMoveMs,
                                medianAllowedMs);
            };
        }
    }

    private ClockWarnings() {}

    /** Every pair's warnings, by engine, then opponent, time losses first. */
    public static List<Warning> of(TournamentResults r) {
        int n = r.setup().players().size();
        Tally[] tallies = new Tally[n * n];
        for (GameOutcome o : r.games()) {
            for (boolean black : new boolean[] {true, false}) {
                int p = black ? o.task().black() : o.task().white();
                int q = black ? o.task().white() : o.task().black();
                Tally t = tallies[p * n + q];
                if (t == null) {
                    t = tallies[p * n + q] = new Tally();
                }
                t.add(o, black);
            }
        }
        List<String> names = r.setup().names();
        List<Warning> out = new ArrayList<>();
        for (int i = 0; i < tallies.length; i++) {
            Tally t = tallies[i];
            if (t == null) {
                continue;
            }
            int p = i / n, q = i % n;
            long move = median(t.moveMs), allowed = median(t.allowedMs);
            if (2 * t.timeLosses > t.games) {
                out.add(
                        new Warning(
                                Kind.TIME_LOSSES,
                                p,
                                names.get(p),
                                q,
                                names.get(q),
                                t.timeLosses,
                                t.games,
                                move,
                                allowed));
            }
            if (2 * t.fastGames > t.games) {
                out.add(
                        new Warning(
                                Kind.FAST_MOVES,
                                p,
                                names.get(p),
                                q,
                                names.get(q),
                                t.fastGames,
                                t.games,
                                move,
                                allowed));
            }
        }
        return out;
    }

    /** The warnings of the pairs of the tested player (player 0): those its Elo line carries. */
    public static List<Warning> ofTested(TournamentResults r) {
        return of(r).stream()
                .filter(
                        w ->
                                w.player() == TournamentResults.TESTED
                                        || w.opponent() == TournamentResults.TESTED)
                .toList();
    }

    /**
     * "warning: W1; W2; the Elo measures clock handling, not play; known causes: ...", or ""
     * without warnings.
     */
    public static String summary(List<Warning> warnings) {
        if (warnings.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("warning: ");
        for (Warning w : warnings) {
            sb.append(w.text()).append("; ");
        }
        return sb.append(CAUSES).toString();
    }

    /**
     * What {@code spec}'s clock allows for a move when {@code mainLeftMs} of main time is left, or
     * 0 when it allows no time (nodes, depth, no limit).
     */
    static long allowanceMs(EngineSpec spec, long mainLeftMs) {
        TimeControl tc = spec.timeControl();
        if (tc != null) {
            return mainLeftMs / MOVES_TO_GO + tc.incrementMs() + tc.byoyomiMs();
        }
        SearchLimit l = spec.limit();
        boolean timed =
                l != null
                        && (l.kind() == SearchLimit.Kind.MOVETIME
                                || l.kind() == SearchLimit.Kind.BYOYOMI);
        return timed ? l.value() : 0;
    }

    /** The median (the mean of the middle two for an even count, rounded down); -1 when empty. */
    static long median(List<Long> values) {
        if (values.isEmpty()) {
            return -1;
        }
        long[] v = values.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(v);
        int m = v.length / 2;
        return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
    }

    /** One engine's figures in its games against one opponent. */
    private static final class Tally {
        int games, timeLosses, fastGames;
        final List<Long> moveMs = new ArrayList<>(), allowedMs = new ArrayList<>();

        /** The game {@code o} from the side of Black ({@code black}) or White. */
        void add(GameOutcome o, boolean black) {
            games++;
            Result lost = black ? Result.WHITE_WIN : Result.BLACK_WIN;
            if (o.termination() == Termination.TIME && o.result() == lost) {
                timeLosses++;
            }
            EngineSpec spec = black ? o.task().blackSpec() : o.task().whiteSpec();
            TimeControl tc = spec.timeControl();
            long mainLeft = tc == null ? 0 : tc.mainMs();
            MoveTimes t = o.times();
            boolean blackFirst = !o.record().startSfen().contains(" w ");
            int judged = 0, fast = 0;
            for (int i = 0; i < t.timeMs().size(); i++) {
                boolean byBlack = (i % 2 == 0) == blackFirst;
                if (byBlack != black || t.timeMs().get(i) < 0) {
                    continue;
                }
                long allowed = allowanceMs(spec, mainLeft);
                long used = t.timeMs().get(i);
                if (allowed > 0) {
                    judged++;
                    if (used * 100 < allowed * FAST_PERCENT) {
                        fast++;
                    }
                    moveMs.add(used);
                    allowedMs.add(allowed);
                }
                if (t.clocked() && t.clockLeftMs().get(i) >= 0) {
                    mainLeft = t.clockLeftMs().get(i);
                }
            }
            if (judged > 0 && 2 * fast > judged) {
                fastGames++;
            }
        }
    }
}
