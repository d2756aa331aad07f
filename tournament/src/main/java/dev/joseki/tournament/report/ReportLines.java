package dev.joseki.tournament.report;

import dev.joseki.tournament.TournamentResults;
import dev.joseki.tournament.stats.EloEstimate;
import dev.joseki.tournament.stats.Pentanomial;
import dev.joseki.tournament.stats.Sprt;
import dev.joseki.tournament.stats.SprtStatus;
import dev.joseki.tournament.stats.Trinomial;
import java.util.Locale;

/** Number formatting and the one-line Elo / SPRT summaries shared by the reports and the CLI. */
public final class ReportLines {
    private ReportLines() {
    }

    /** Fixed decimals; a value that rounds to zero prints without a sign ("0.00", never "-0.00"). */
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

    /** The standard report line: Elo ± error, nElo ± error, LOS, pentanomial and ratios (tournaments.md §4.3). */
    public static String elo(TournamentResults r) {
        EloEstimate e = r.elo();
        Pentanomial p = r.testedPairs();
        return "Elo " + signed(e.elo(), 2) + " ± " + f(e.error(), 2) + " (95%), nElo " + signed(e.nElo(), 2) + " ± "
                + f(e.nEloError(), 2) + ", LOS " + percent(e.los()) + ", score " + percent(e.score()) + ", Ptnml(0-2) ["
                + p.ll() + ", " + p.ld() + ", " + p.wlDd() + ", " + p.wd() + ", " + p.ww() + "], draw ratio "
                + percent(r.tested().drawRatio());
    }

    static String colours(TournamentResults r) {
        Trinomial c = r.byColour();
        return "By colour: Black (sente) won " + c.wins() + ", White (gote) won " + c.losses() + ", draws " + c.draws()
                + (c.games() == 0 ? "" : " (Black scored " + percent(c.points() / c.games()) + ")");
    }

    public static String sprt(SprtStatus s) {
        Sprt t = s.sprt();
        String verdict = switch (s.decision()) {
            case H1 -> "H1 accepted (elo ≥ " + f(t.elo1(), 2) + ")";
            case H0 -> "H0 accepted (elo ≤ " + f(t.elo0(), 2) + ")";
            case CONTINUE -> "undecided";
        };
        return "SPRT " + t.model().id() + " [" + f(t.elo0(), 2) + ", " + f(t.elo1(), 2) + "] α=" + t.alpha() + " β="
                + t.beta() + ": LLR " + f(s.llr(), 2) + " (" + f(s.lowerBound(), 2) + ", " + f(s.upperBound(), 2) + ") "
                + verdict;
    }
}
