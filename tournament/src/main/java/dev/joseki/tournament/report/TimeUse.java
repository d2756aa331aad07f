package dev.joseki.tournament.report;

import dev.joseki.play.CoreCapacity;
import dev.joseki.rules.Result;
import dev.joseki.rules.Termination;
import dev.joseki.tournament.Concurrency;
import dev.joseki.tournament.GameOutcome;
import dev.joseki.tournament.MoveTimes;
import dev.joseki.tournament.TournamentResults;
import java.util.List;

/**
 * The report's time use per engine, from the referee's measurements: mean time per move by game
 * phase (plies 1-30, 31-60, 61-90, 91+, counted from the game's start position), mean clock left at
 * the end of clocked games (the last reading of the engine's clock in each), and games lost on
 * time.
 */
public final class TimeUse {
    /** Phases by ply number: 1-30, 31-60, 61-90, 91 on. */
    static final int[] PHASE_STARTS = {1, 31, 61, 91};

    /** One engine's figures; means are NaN when there is nothing to average. */
    record Row(
            String name,
            int threads,
            long moves,
            double[] meanMsByPhase,
            double meanClockLeftAtEndMs,
            int timeLosses) {}

    private TimeUse() {}

    static List<Row> rows(TournamentResults r) {
        List<String> names = r.setup().names();
        return java.util.stream.IntStream.range(0, names.size())
                .mapToObj(
                        p ->
                                row(
                                        r.games(),
                                        p,
                                        names.get(p),
                                        CoreCapacity.threads(r.setup().players().get(p))))
                .toList();
    }

    private static Row row(List<GameOutcome> games, int player, String name, int threads) {
        long[] sum = new long[PHASE_STARTS.length], count = new long[PHASE_STARTS.length];
        long moves = 0, leftSum = 0, leftGames = 0;
        int losses = 0;
        for (GameOutcome o : games) {
            boolean black = o.task().black() == player;
            if (!black && o.task().white() != player) {
                continue;
            }
            Result lost = black ? Result.WHITE_WIN : Result.BLACK_WIN;
            if (o.termination() == Termination.TIME && o.result() == lost) {
                losses++;
            }
            MoveTimes t = o.times();
            boolean blackFirst = !o.record().startSfen().contains(" w ");
            long lastLeft = -1;
            for (int i = 0; i < t.timeMs().size(); i++) {
                boolean byBlack = (i % 2 == 0) == blackFirst;
                if (byBlack != black || t.timeMs().get(i) < 0) {
                    continue;
                }
                int phase = phase(i + 1);
                sum[phase] += t.timeMs().get(i);
                count[phase]++;
                moves++;
                if (t.clocked() && t.clockLeftMs().get(i) >= 0) {
                    lastLeft = t.clockLeftMs().get(i);
                }
            }
            if (lastLeft >= 0) {
                leftSum += lastLeft;
                leftGames++;
            }
        }
        double[] mean = new double[PHASE_STARTS.length];
        for (int k = 0; k < mean.length; k++) {
            mean[k] = count[k] == 0 ? Double.NaN : (double) sum[k] / count[k];
        }
        double left = leftGames == 0 ? Double.NaN : (double) leftSum / leftGames;
        return new Row(name, threads, moves, mean, left, losses);
    }

    static int phase(int ply) {
        int k = 0;
        while (k + 1 < PHASE_STARTS.length && ply >= PHASE_STARTS[k + 1]) {
            k++;
        }
        return k;
    }

    /**
     * The report.md section; {@code concurrency} null when not known (the section then omits it).
     */
    public static String markdown(TournamentResults r, Concurrency concurrency) {
        StringBuilder sb = new StringBuilder("\n## Time use\n\n");
        if (concurrency != null) {
            sb.append("Concurrency: ").append(concurrency.describe()).append(".\n\n");
        }
        sb.append("Times as the referee measured them (go to bestmove), mean ms per move by plies")
                .append(" of the game.\n\n")
                .append(
                        "| engine | threads | moves | 1-30 | 31-60 | 61-90 | 91+ | clock left at"
                                + " end (ms) |")
                .append(" time losses |\n")
                .append("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Row row : rows(r)) {
            sb.append("| ")
                    .append(row.name())
                    .append(" | ")
                    .append(row.threads())
                    .append(" | ")
                    .append(row.moves());
            for (double m : row.meanMsByPhase()) {
                sb.append(" | ").append(ms(m));
            }
            sb.append(" | ")
                    .append(ms(row.meanClockLeftAtEndMs()))
                    .append(" | ")
                    .append(row.timeLosses())
                    .append(" |\n");
        }
        return sb.toString();
    }

    /** The same table for report.html, inserted before its end. */
    public static String html(TournamentResults r, Concurrency concurrency) {
        StringBuilder sb = new StringBuilder("<h2>Time use</h2>\n");
        if (concurrency != null) {
            sb.append("<p>Concurrency: ")
                    .append(HtmlReport.escape(concurrency.describe()))
                    .append(".</p>\n");
        }
        sb.append(
                        "<table>\n"
                            + "<tr><th>engine</th><th>threads</th><th>moves</th><th>1-30</th><th>31-60</th>")
                .append("<th>61-90</th><th>91+</th>")
                .append("<th>clock left at end (ms)</th><th>time losses</th></tr>\n");
        for (Row row : rows(r)) {
            sb.append("<tr><td>")
                    .append(HtmlReport.escape(row.name()))
                    .append("</td><td>")
                    .append(row.threads())
                    .append("</td><td>")
                    .append(row.moves());
            for (double m : row.meanMsByPhase()) {
                sb.append("</td><td>").append(ms(m));
            }
            sb.append("</td><td>")
                    .append(ms(row.meanClockLeftAtEndMs()))
                    .append("</td><td>")
                    .append(row.timeLosses())
                    .append("</td></tr>\n");
        }
        return sb.append("</table>\n").toString();
    }

    private static String ms(double v) {
        return Double.isNaN(v) ? "-" : ReportLines.f(v, 0);
    }
}
