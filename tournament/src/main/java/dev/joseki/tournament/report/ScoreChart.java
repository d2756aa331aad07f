package dev.joseki.tournament.report;

import dev.joseki.tournament.ProgressPoint;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Inline SVG line charts of the tested player's running score and Elo (with its 95% band) over
 * games. Plain SVG elements only, no script, so report.html stays self-contained.
 */
public final class ScoreChart {
    private static final int W = 640, H = 220, LEFT = 56, RIGHT = 16, TOP = 24, BOTTOM = 32;

    private ScoreChart() {}

    static String score(List<ProgressPoint> points) {
        return chart(
                "Score of the tested player",
                points,
                ProgressPoint::score,
                null,
                0,
                1,
                0.5,
                "%.2f");
    }

    /**
     * Elo with the ±error band, the y range clamped to ±800 so that early wild values do not
     * flatten the rest. The band starts at the first point with a meaningful interval (error not
     * NaN, see IntervalFloor).
     */
    static String elo(List<ProgressPoint> points) {
        double lo = 0, hi = 0;
        for (ProgressPoint p : points) {
            double err = Double.isNaN(p.error()) ? 0 : p.error();
            lo = Math.min(lo, p.elo() - err);
            hi = Math.max(hi, p.elo() + err);
        }
        lo = Math.max(-800, Math.floor(lo / 50) * 50 - 50);
        hi = Math.min(800, Math.ceil(hi / 50) * 50 + 50);
        return chart(
                "Elo of the tested player (per game, 95% band)",
                points, ProgressPoint::elo, ProgressPoint::error, lo, hi, 0, "%.0f");
    }

    /** The opening svg tag of a w × h chart, its title, and the title written at the top left. */
    public static void open(StringBuilder sb, int w, int h, int left, String title) {
        sb.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(w)
                .append("\" height=\"")
                .append(h)
                .append("\" viewBox=\"0 0 ")
                .append(w)
                .append(' ')
                .append(h)
                .append("\" role=\"img\">\n");
        sb.append("<title>").append(HtmlReport.escape(title)).append("</title>\n");
        sb.append("<text x=\"")
                .append(left)
                .append("\" y=\"16\" font-size=\"13\">")
                .append(HtmlReport.escape(title))
                .append("</text>\n");
    }

    private static String chart(
            String title,
            List<ProgressPoint> points,
            ToDoubleFunction<ProgressPoint> y,
            ToDoubleFunction<ProgressPoint> band,
            double yMin,
            double yMax,
            double reference,
            String yFormat) {
        StringBuilder sb = new StringBuilder();
        open(sb, W, H, LEFT, title);
        sb.append("<rect x=\"")
                .append(LEFT)
                .append("\" y=\"")
                .append(TOP)
                .append("\" width=\"")
                .append(W - LEFT - RIGHT)
                .append("\" height=\"")
                .append(H - TOP - BOTTOM)
                .append("\" fill=\"none\" stroke=\"#888\"/>\n");
        long n = points.isEmpty() ? 1 : points.get(points.size() - 1).games();
        double[] ticks = {yMin, reference, yMax};
        for (double t : ticks) {
            sb.append("<text x=\"")
                    .append(LEFT - 6)
                    .append("\" y=\"")
                    .append(ReportLines.f(py(t, yMin, yMax) + 4, 1))
                    .append("\" font-size=\"11\" text-anchor=\"end\">")
                    .append(String.format(java.util.Locale.ROOT, yFormat, t))
                    .append("</text>\n");
        }
        sb.append("<line x1=\"")
                .append(LEFT)
                .append("\" x2=\"")
                .append(W - RIGHT)
                .append("\" y1=\"")
                .append(ReportLines.f(py(reference, yMin, yMax), 1))
                .append("\" y2=\"")
                .append(ReportLines.f(py(reference, yMin, yMax), 1))
                .append("\" stroke=\"#bbb\" stroke-dasharray=\"4 3\"/>\n");
        sb.append("<text x=\"")
                .append(W - RIGHT)
                .append("\" y=\"")
                .append(H - 10)
                .append("\" font-size=\"11\" text-anchor=\"end\">games: ")
                .append(n)
                .append("</text>\n");
        int first = 0;
        while (band != null
                && first < points.size()
                && Double.isNaN(band.applyAsDouble(points.get(first)))) {
            first++;
        }
        if (band != null && first < points.size()) {
            StringBuilder poly = new StringBuilder();
            for (ProgressPoint p : points.subList(first, points.size())) {
                poly.append(
                                xy(
                                        p.games(),
                                        n,
                                        y.applyAsDouble(p) + band.applyAsDouble(p),
                                        yMin,
                                        yMax))
                        .append(' ');
            }
            for (int i = points.size() - 1; i >= first; i--) {
                ProgressPoint p = points.get(i);
                poly.append(
                                xy(
                                        p.games(),
                                        n,
                                        y.applyAsDouble(p) - band.applyAsDouble(p),
                                        yMin,
                                        yMax))
                        .append(' ');
            }
            sb.append("<polygon points=\"")
                    .append(poly.toString().strip())
                    .append("\" fill=\"#9ecae1\" fill-opacity=\"0.5\" stroke=\"none\"/>\n");
        }
        if (!points.isEmpty()) {
            sb.append("<polyline fill=\"none\" stroke=\"#08519c\" stroke-width=\"1.5\" points=\"");
            for (int i = 0; i < points.size(); i++) {
                ProgressPoint p = points.get(i);
                sb.append(i == 0 ? "" : " ")
                        .append(xy(p.games(), n, y.applyAsDouble(p), yMin, yMax));
            }
            sb.append("\"/>\n");
        }
        return sb.append("</svg>\n").toString();
    }

    private static String xy(long games, long n, double v, double yMin, double yMax) {
        double x = LEFT + (W - LEFT - RIGHT) * (double) games / n;
        return ReportLines.f(x, 1) + "," + ReportLines.f(py(v, yMin, yMax), 1);
    }

    /** y pixel of a value, clamped into the plot area. */
    private static double py(double v, double yMin, double yMax) {
        double c = Math.max(yMin, Math.min(yMax, v));
        return TOP + (H - TOP - BOTTOM) * (1 - (c - yMin) / (yMax - yMin));
    }
}
