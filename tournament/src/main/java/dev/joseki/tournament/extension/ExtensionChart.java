package dev.joseki.tournament.extension;

import dev.joseki.tournament.report.HtmlReport;
import dev.joseki.tournament.report.ReportLines;
import dev.joseki.tournament.report.ScoreChart;
import java.util.List;

/**
 * One game per column, as the paper's Figures 3–6: three overlaid bars up to the last ply of
 * quarter (light), half (middle) and full (dark) matching. Plain SVG elements only, no script, so
 * the file is self-contained.
 */
public final class ExtensionChart {
    private static final int H = 260, LEFT = 44, RIGHT = 16, TOP = 40, BOTTOM = 36, MIN_W = 320;
    private static final String FULL = "#08519c", HALF = "#6baed6", QUARTER = "#c6dbef";

    private ExtensionChart() {}

    public static String svg(String title, List<GameExtension> games) {
        int n = Math.max(1, games.size());
        int step = Math.max(6, Math.min(24, 900 / n));
        int w = Math.max(MIN_W, LEFT + RIGHT + step * n);
        int top = 0;
        for (GameExtension g : games) {
            top = Math.max(top, g.lastQuarter());
        }
        int yMax = Math.max(10, (top + 9) / 10 * 10);
        StringBuilder sb = new StringBuilder();
        ScoreChart.open(sb, w, H, LEFT, title);
        legend(sb, LEFT, "full", FULL);
        legend(sb, LEFT + 70, "half", HALF);
        legend(sb, LEFT + 140, "quarter", QUARTER);
        sb.append("<rect x=\"")
                .append(LEFT)
                .append("\" y=\"")
                .append(TOP)
                .append("\" width=\"")
                .append(w - LEFT - RIGHT)
                .append("\" height=\"")
                .append(H - TOP - BOTTOM)
                .append("\" fill=\"none\" stroke=\"#888\"/>\n");
        for (int t = 0; t <= yMax; t += yMax <= 50 ? 10 : 20) {
            double y = py(t, yMax);
            sb.append("<line x1=\"")
                    .append(LEFT)
                    .append("\" x2=\"")
                    .append(w - RIGHT)
                    .append("\" y1=\"")
                    .append(ReportLines.f(y, 1))
                    .append("\" y2=\"")
                    .append(ReportLines.f(y, 1))
                    .append("\" stroke=\"#ddd\"/>\n");
            sb.append("<text x=\"")
                    .append(LEFT - 6)
                    .append("\" y=\"")
                    .append(ReportLines.f(y + 4, 1))
                    .append("\" font-size=\"11\" text-anchor=\"end\">")
                    .append(t)
                    .append("</text>\n");
        }
        for (int i = 0; i < games.size(); i++) {
            GameExtension g = games.get(i);
            double x = LEFT + step * i + step * 0.15, bw = step * 0.7;
            bar(
                    sb,
                    x,
                    bw,
                    g.lastQuarter(),
                    yMax,
                    QUARTER,
                    g.game() + ": quarter to ply " + g.lastQuarter());
            bar(sb, x, bw, g.lastHalf(), yMax, HALF, g.game() + ": half to ply " + g.lastHalf());
            bar(sb, x, bw, g.lastFull(), yMax, FULL, g.game() + ": full to ply " + g.lastFull());
        }
        sb.append("<text x=\"")
                .append(LEFT)
                .append("\" y=\"")
                .append(H - 10)
                .append("\" font-size=\"11\">ply (move number) by game</text>\n");
        sb.append("<text x=\"")
                .append(w - RIGHT)
                .append("\" y=\"")
                .append(H - 10)
                .append("\" font-size=\"11\" text-anchor=\"end\">games: ")
                .append(games.size())
                .append("</text>\n");
        return sb.append("</svg>\n").toString();
    }

    private static void legend(StringBuilder sb, int x, String label, String colour) {
        sb.append("<rect x=\"")
                .append(x)
                .append("\" y=\"24\" width=\"10\" height=\"10\" fill=\"")
                .append(colour)
                .append("\"/><text x=\"")
                .append(x + 14)
                .append("\" y=\"33\" font-size=\"11\">")
                .append(label)
                .append("</text>\n");
    }

    private static void bar(
            StringBuilder sb, double x, double bw, int ply, int yMax, String colour, String tip) {
        if (ply <= 0) {
            return;
        }
        double y = py(ply, yMax);
        sb.append("<rect x=\"")
                .append(ReportLines.f(x, 1))
                .append("\" y=\"")
                .append(ReportLines.f(y, 1))
                .append("\" width=\"")
                .append(ReportLines.f(bw, 1))
                .append("\" height=\"")
                .append(ReportLines.f(py(0, yMax) - y, 1))
                .append("\" fill=\"")
                .append(colour)
                .append("\"><title>")
                .append(HtmlReport.escape(tip))
                .append("</title></rect>\n");
    }

    private static double py(double v, int yMax) {
        return TOP + (H - TOP - BOTTOM) * (1 - Math.max(0, Math.min(yMax, v)) / yMax);
    }
}
