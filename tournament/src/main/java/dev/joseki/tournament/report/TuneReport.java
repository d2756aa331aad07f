package dev.joseki.tournament.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.joseki.tournament.tune.SpsaState;
import dev.joseki.tournament.tune.TuneParameter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The end of a tune: DIR/tune.json ({@code {"name", "iterations", "seed", "alpha", "gamma", "A",
 * "parameters": [{"name", "start", "min", "max", "c_end", "r_end", "final", "value", "trajectory":
 * [θ after 0, 1, … iterations]}], "results": [r per iteration]}}, "value" being what the engine
 * gets) and DIR/tune.html (one chart of θ over the iterations per parameter).
 */
public final class TuneReport {
    private static final ObjectMapper MAPPER =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final int W = 640, H = 200, LEFT = 64, RIGHT = 16, TOP = 24, BOTTOM = 32;

    private TuneReport() {}

    public static void write(SpsaState s, Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("tune.json"), json(s));
        Files.writeString(dir.resolve("tune.html"), html(s));
    }

    /** The final values as a spec's option list: {@code option.NAME=V ...}. */
    public static String optionList(SpsaState s) {
        List<TuneParameter> params = s.parameterList();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < params.size(); i++) {
            sb.append(i == 0 ? "" : " ")
                    .append("option.")
                    .append(params.get(i).name())
                    .append('=')
                    .append(params.get(i).engineValue(s.theta().get(i)));
        }
        return sb.toString();
    }

    static String json(SpsaState s) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("name", s.name())
                .put("iterations", s.iteration())
                .put("planned", s.iterations())
                .put("seed", s.seed())
                .put("alpha", s.alpha())
                .put("gamma", s.gamma())
                .put("A", s.bigA());
        ArrayNode ps = root.putArray("parameters");
        List<TuneParameter> params = s.parameterList();
        for (int i = 0; i < params.size(); i++) {
            TuneParameter p = params.get(i);
            ObjectNode n =
                    ps.addObject()
                            .put("name", p.name())
                            .put("start", p.start())
                            .put("min", p.min())
                            .put("max", p.max())
                            .put("c_end", p.cEnd())
                            .put("r_end", p.rEnd())
                            .put("final", s.theta().get(i))
                            .put("value", p.engineValue(s.theta().get(i)));
            ArrayNode t = n.putArray("trajectory");
            for (List<Double> theta : s.history()) {
                t.add(theta.get(i));
            }
        }
        ArrayNode rs = root.putArray("results");
        s.results().forEach(rs::add);
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise the tune report", e);
        }
    }

    static String html(SpsaState s) {
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<title>Tune ")
                .append(HtmlReport.escape(s.name()))
                .append("</title>\n<style>\nbody{font-family:sans-serif;margin:2em;max-width:70em}")
                .append("code{font-size:90%}\n</style>\n</head>\n<body>\n<h1>Tune ")
                .append(HtmlReport.escape(s.name()))
                .append("</h1>\n<p>")
                .append(s.iteration())
                .append(" of ")
                .append(s.iterations())
                .append(" iterations (one game pair each); SPSA alpha ")
                .append(s.alpha())
                .append(", gamma ")
                .append(s.gamma())
                .append(", A ")
                .append(s.bigA())
                .append(", seed ")
                .append(s.seed())
                .append(".</p>\n<p>Final values: <code>")
                .append(HtmlReport.escape(optionList(s)))
                .append("</code></p>\n");
        List<TuneParameter> params = s.parameterList();
        for (int i = 0; i < params.size(); i++) {
            sb.append("<p>\n");
            chart(sb, params.get(i), s.history(), i);
            sb.append("</p>\n");
        }
        return sb.append("</body>\n</html>\n").toString();
    }

    /** θ_i over the iterations between the parameter's bounds, the start as a dashed line. */
    private static void chart(
            StringBuilder sb, TuneParameter p, List<List<Double>> history, int i) {
        ScoreChart.open(
                sb,
                W,
                H,
                LEFT,
                p.name()
                        + " (start "
                        + num(p.start())
                        + ", final "
                        + num(history.get(history.size() - 1).get(i))
                        + ")");
        sb.append(
                String.format(
                        Locale.ROOT,
                        "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\""
                                + " stroke=\"#888\"/>\n",
                        LEFT,
                        TOP,
                        W - LEFT - RIGHT,
                        H - TOP - BOTTOM));
        for (double t : new double[] {p.min(), p.max()}) {
            sb.append(
                    String.format(
                            Locale.ROOT,
                            "<text x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">%s"
                                    + "</text>\n",
                            LEFT - 6,
                            y(t, p) + 4,
                            num(t)));
        }
        sb.append(
                String.format(
                        Locale.ROOT,
                        "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#bbb\""
                                + " stroke-dasharray=\"4 3\"/>\n",
                        LEFT,
                        W - RIGHT,
                        y(p.start(), p),
                        y(p.start(), p)));
        int n = Math.max(1, history.size() - 1);
        sb.append(
                String.format(
                        Locale.ROOT,
                        "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\">iterations:"
                                + " %d</text>\n",
                        W - RIGHT,
                        H - 10,
                        history.size() - 1));
        sb.append("<polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1.5\" points=\"");
        for (int k = 0; k < history.size(); k++) {
            double x = LEFT + (W - LEFT - RIGHT) * (double) k / n;
            sb.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y(history.get(k).get(i), p)));
        }
        sb.append("\"/>\n</svg>\n");
    }

    private static double y(double v, TuneParameter p) {
        return TOP + (H - TOP - BOTTOM) * (p.max() - v) / (p.max() - p.min());
    }

    private static String num(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15
                ? Long.toString((long) d)
                : String.format(Locale.ROOT, "%.3f", d);
    }
}
