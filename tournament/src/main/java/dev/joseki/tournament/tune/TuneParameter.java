package dev.joseki.tournament.tune;

import java.util.Locale;

/**
 * One parameter under SPSA, in Fishtest's six-field form {@code NAME,start,min,max,c_end,r_end}:
 * c_end is the perturbation at the last iteration, r_end the learning rate at the last iteration
 * (see {@link SpsaSchedule}). A parameter whose start, min and max are whole numbers is an integer
 * option: the values sent to the engine are rounded, θ itself stays real so small steps add up.
 */
public record TuneParameter(
        String name, double start, double min, double max, double cEnd, double rEnd) {

    public TuneParameter {
        if (name == null || name.isBlank() || name.contains("=") || name.contains(" ")) {
            throw new IllegalArgumentException("a parameter needs a name without '=' or spaces");
        }
        if (!(min < max)) {
            throw new IllegalArgumentException(name + ": min must be below max");
        }
        if (start < min || start > max) {
            throw new IllegalArgumentException(name + ": start must lie within [min, max]");
        }
        if (!(cEnd > 0) || !(rEnd > 0)) {
            throw new IllegalArgumentException(name + ": c_end and r_end must be positive");
        }
    }

    public boolean integer() {
        return start == Math.rint(start) && min == Math.rint(min) && max == Math.rint(max);
    }

    public double clamp(double v) {
        return Math.max(min, Math.min(max, v));
    }

    /** The value an engine gets for θ: clamped, rounded for an integer option. */
    public String engineValue(double theta) {
        double v = clamp(theta);
        return integer() ? Long.toString(Math.round(v)) : String.format(Locale.ROOT, "%.4f", v);
    }

    /** Parses {@code NAME,start,min,max,c_end,r_end}; the message names the field that is wrong. */
    public static TuneParameter parse(String line) {
        String[] f = line.trim().split("\\s*,\\s*");
        if (f.length != 6) {
            throw new IllegalArgumentException(
                    "a parameter is NAME,start,min,max,c_end,r_end (6 fields), got '"
                            + line.trim()
                            + "'");
        }
        String[] labels = {"name", "start", "min", "max", "c_end", "r_end"};
        double[] v = new double[5];
        for (int i = 0; i < 5; i++) {
            try {
                v[i] = Double.parseDouble(f[i + 1]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        f[0] + ": " + labels[i + 1] + " is not a number: '" + f[i + 1] + "'");
            }
        }
        return new TuneParameter(f[0], v[0], v[1], v[2], v[3], v[4]);
    }

    public String toLine() {
        return name
                + ","
                + num(start)
                + ","
                + num(min)
                + ","
                + num(max)
                + ","
                + num(cEnd)
                + ","
                + num(rEnd);
    }

    private static String num(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15
                ? Long.toString((long) d)
                : Double.toString(d);
    }
}
