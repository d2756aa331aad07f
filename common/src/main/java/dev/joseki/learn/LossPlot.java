package dev.joseki.learn;

import java.util.List;
import java.util.Locale;

/** Training and validation loss per epoch as a small standalone SVG line chart. */
public final class LossPlot {
    private static final int W = 640, H = 360, LEFT = 70, RIGHT = 20, TOP = 30, BOTTOM = 50;

    private LossPlot() {}

    public static String svg(String title, List<Trainer.Epoch> epochs) {
        double lo = Double.MAX_VALUE, hi = -Double.MAX_VALUE;
        for (Trainer.Epoch e : epochs) {
            lo = Math.min(lo, Math.min(e.trainLoss(), e.validationLoss()));
            hi = Math.max(hi, Math.max(e.trainLoss(), e.validationLoss()));
        }
        if (epochs.isEmpty()) {
            lo = 0;
            hi = 1;
        }
        if (hi - lo < 1e-9) {
            hi = lo + 1e-3;
        }
        double pad = (hi - lo) * 0.05;
        lo -= pad;
        hi += pad;
        int n = Math.max(1, epochs.size());
        StringBuilder sb = new StringBuilder();
        sb.append(
                String.format(
                        Locale.ROOT,
                        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                                + " font-family=\"sans-serif\" font-size=\"12\">%n",
                        W,
                        H));
        sb.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        sb.append(text(W / 2, 18, "middle", title));
        int x0 = LEFT, x1 = W - RIGHT, y0 = H - BOTTOM, y1 = TOP;
        sb.append(line(x0, y0, x1, y0)).append(line(x0, y0, x0, y1));
        for (int k = 0; k <= 4; k++) {
            double v = lo + (hi - lo) * k / 4;
            int y = (int) Math.round(y0 - (y0 - y1) * (double) k / 4);
            sb.append(text(x0 - 6, y + 4, "end", String.format(Locale.ROOT, "%.4f", v)));
        }
        for (int e = 1; e <= n; e++) {
            if (n <= 10 || e == 1 || e == n || e % Math.max(1, n / 10) == 0) {
                sb.append(text(x(e, n, x0, x1), y0 + 16, "middle", Integer.toString(e)));
            }
        }
        sb.append(text((x0 + x1) / 2, H - 12, "middle", "epoch"));
        sb.append(series(epochs, true, lo, hi, x0, x1, y0, y1, "#1f77b4"));
        sb.append(series(epochs, false, lo, hi, x0, x1, y0, y1, "#d62728"));
        sb.append(
                text(x1 - 150, y1 + 14, "start", "training loss")
                        .replace("<text", "<text fill=\"#1f77b4\""));
        sb.append(
                text(x1 - 150, y1 + 30, "start", "validation loss")
                        .replace("<text", "<text fill=\"#d62728\""));
        return sb.append("</svg>\n").toString();
    }

    private static int x(int epoch, int n, int x0, int x1) {
        return n == 1 ? (x0 + x1) / 2 : x0 + (x1 - x0) * (epoch - 1) / (n - 1);
    }

    private static String series(
            List<Trainer.Epoch> epochs,
            boolean train,
            double lo,
            double hi,
            int x0,
            int x1,
            int y0,
            int y1,
            String colour) {
        StringBuilder pts = new StringBuilder();
        for (Trainer.Epoch e : epochs) {
            double v = train ? e.trainLoss() : e.validationLoss();
            double y = y0 - (y0 - y1) * (v - lo) / (hi - lo);
            pts.append(
                    String.format(Locale.ROOT, "%d,%.1f ", x(e.epoch(), epochs.size(), x0, x1), y));
        }
        return "<polyline fill=\"none\" stroke=\""
                + colour
                + "\" stroke-width=\"2\" points=\""
                + pts.toString().strip()
                + "\"/>\n";
    }

    private static String line(int xa, int ya, int xb, int yb) {
        return String.format(
                Locale.ROOT,
                "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>%n",
                xa,
                ya,
                xb,
                yb);
    }

    private static String text(int x, int y, String anchor, String s) {
        return String.format(
                Locale.ROOT,
                "<text x=\"%d\" y=\"%d\" text-anchor=\"%s\">%s</text>%n",
                x,
                y,
                anchor,
                s.replace("&", "&amp;").replace("<", "&lt;"));
    }
}
