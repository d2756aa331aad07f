package dev.joseki.tournament.report;

import dev.joseki.play.Sampling;
import dev.joseki.records.DistinctGames;
import dev.joseki.tournament.TournamentResults;
import dev.joseki.tournament.stats.EloEstimate;
import dev.joseki.tournament.stats.Pentanomial;
import dev.joseki.tournament.stats.Sprt;
import dev.joseki.tournament.stats.SprtStatus;
import dev.joseki.tournament.stats.Trinomial;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/** Number formatting and the one-line Elo / SPRT summaries shared by the reports and the CLI. */
public final class ReportLines {
    private ReportLines() {}

    /**
     * Fixed decimals; a value that rounds to zero prints without a sign ("0.00", never "-0.00").
     */
    public static String f(double v, int decimals) {
        String s = String.format(Locale.ROOT, "%." + decimals + "f", v);
        return s.startsWith("-") && s.matches("-0\\.?0*") ? s.substring(1) : s;
    }

    static String signed(double v, int decimals) {
        String s = f(v, decimals);
        return s.startsWith("-") ? s : "+" + s;
    }

    static String percent(double share) {
        return f(100 * share, 2) + " %";
    }

    /** "W-L-D" of a row player, or "-" without games. */
    static String wld(Trinomial t) {
        return t.games() == 0 ? "-" : t.wins() + "-" + t.losses() + "-" + t.draws();
    }

    static String points(double p) {
        return p == Math.rint(p) ? Long.toString((long) p) : f(p, 1);
    }

    /**
     * The standard report line: Elo ± error, nElo ± error, LOS, pentanomial and ratios
     * (tournaments.md §4.3). Without a meaningful interval ({@link EloEstimate#noInterval}): "Elo
     * +0.00 ± n/a (fewer than 15 pairs), nElo n/a", since nElo divides by the same unreliable
     * deviation. When a pair of the tested player draws a {@link ClockWarnings clock warning}, the
     * line ends with it: " — warning: B lost 20 of 20 games against A on time; ...".
     */
    public static String elo(TournamentResults r) {
        EloEstimate e = r.elo();
        Pentanomial p = r.testedPairs();
        return "Elo "
                + signed(e.elo(), 2)
                + " ± "
                + interval(e)
                + ", LOS "
                + percent(e.los())
                + ", score "
                + percent(e.score())
                + ", Ptnml(0-2) ["
                + p.ll()
                + ", "
                + p.ld()
                + ", "
                + p.wlDd()
                + ", "
                + p.wd()
                + ", "
                + p.ww()
                + "], draw ratio "
                + percent(r.tested().drawRatio())
                + warnings(ClockWarnings.ofTested(r));
    }

    private static String warnings(List<ClockWarnings.Warning> w) {
        return w.isEmpty() ? "" : " — " + ClockWarnings.summary(w);
    }

    /** "12.34 (95%), nElo +5.67 ± 8.90", or "n/a (REASON), nElo n/a". */
    static String interval(EloEstimate e) {
        if (!e.hasInterval()) {
            return "n/a (" + e.noInterval() + "), nElo n/a";
        }
        return f(e.error(), 2)
                + " (95%), nElo "
                + signed(e.nElo(), 2)
                + " ± "
                + f(e.nEloError(), 2);
    }

    /**
     * Below this share of distinct games the report warns: the games repeat, so the figures mean
     * little.
     */
    public static final double DISTINCT_WARNING = 0.95;

    /**
     * "Distinct games: D of N (sampled plies: ...)", with a warning when fewer than 95% are
     * distinct.
     */
    public static String distinct(TournamentResults r) {
        return distinct(r.distinct(), r.setup().sampling());
    }

    /**
     * The line with the sampling it was played under, and advice that fits it: without sampled
     * plies, to sample some; with them, why they did not separate the games. A player's book move
     * is played as its book gives it, not drawn among lines, so a book that covers the sampled
     * plies replays its lines, and engines that play alike after it repeat their games.
     */
    static String distinct(DistinctGames.Count c, Sampling sampling) {
        String s =
                "Distinct games: "
                        + c.distinct()
                        + " of "
                        + c.games()
                        + (sampling.plies() == 0
                                ? " (no sampled plies)"
                                : " (sampled plies: "
                                        + sampling.plies()
                                        + " within "
                                        + sampling.windowCp()
                                        + " cp)");
        if (c.games() > 0 && c.distinctShare() < DISTINCT_WARNING) {
            s +=
                    " — warning: fewer than 95% of the games are distinct, so the results above"
                            + " count repeated games"
                            + (sampling.plies() == 0
                                    ? " (use more openings or --sample-plies 8)"
                                    : " (the sampled plies did not separate them: full-match book"
                                            + " moves are not sampled, so a book that covers those"
                                            + " plies replays its lines; use more openings, or more"
                                            + " --sample-plies than the book is deep)");
        }
        return s;
    }

    static String colours(TournamentResults r) {
        Trinomial c = r.byColour();
        return "By colour: Black (sente) won "
                + c.wins()
                + ", White (gote) won "
                + c.losses()
                + ", draws "
                + c.draws()
                + (c.games() == 0 ? "" : " (Black scored " + percent(c.points() / c.games()) + ")");
    }

    public static String sprt(SprtStatus s) {
        Sprt t = s.sprt();
        String verdict =
                switch (s.decision()) {
                    case H1 -> "H1 accepted (elo ≥ " + f(t.elo1(), 2) + ")";
                    case H0 -> "H0 accepted (elo ≤ " + f(t.elo0(), 2) + ")";
                    case CONTINUE -> "undecided" + toDecision(s);
                };
        return "SPRT "
                + t.model().id()
                + " ["
                + f(t.elo0(), 2)
                + ", "
                + f(t.elo1(), 2)
                + "] α="
                + t.alpha()
                + " β="
                + t.beta()
                + ": LLR "
                + f(s.llr(), 2)
                + " ("
                + f(s.lowerBound(), 2)
                + ", "
                + f(s.upperBound(), 2)
                + ") "
                + verdict;
    }

    /** "; at the pair scores so far, H1 after 3,798 more games", or "" without a projection. */
    private static String toDecision(SprtStatus s) {
        OptionalLong n = s.gamesToDecision();
        return n.isEmpty()
                ? ""
                : String.format(
                        Locale.ROOT,
                        "; at the pair scores so far, %s after %,d more games",
                        s.heading().id(),
                        n.getAsLong());
    }
}
