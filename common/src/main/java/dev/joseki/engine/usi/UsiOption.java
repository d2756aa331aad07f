package dev.joseki.engine.usi;

import java.util.List;
import java.util.function.Consumer;

/**
 * One {@code setoption} the engine advertises. Other modules (the opening book) add theirs through
 * {@link UsiEngine#addOption}. {@code apply} receives the raw value and throws
 * {@link IllegalArgumentException} with a message for a bad one.
 */
public record UsiOption(String name, String type, String defaultValue, long min, long max, List<String> vars,
        Consumer<String> apply) {

    public static UsiOption spin(String name, long def, long min, long max, Consumer<Long> apply) {
        return new UsiOption(name, "spin", Long.toString(def), min, max, List.of(), v -> {
            long n;
            try {
                n = Long.parseLong(v.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("option " + name + ": not a number '" + v + "'");
            }
            if (n < min || n > max) {
                throw new IllegalArgumentException("option " + name + ": " + n + " outside " + min + ".." + max);
            }
            apply.accept(n);
        });
    }

    public static UsiOption check(String name, boolean def, Consumer<Boolean> apply) {
        return new UsiOption(name, "check", Boolean.toString(def), 0, 0, List.of(), v -> {
            if (!v.equals("true") && !v.equals("false")) {
                throw new IllegalArgumentException("option " + name + ": expected true or false, got '" + v + "'");
            }
            apply.accept(Boolean.parseBoolean(v));
        });
    }

    public static UsiOption combo(String name, String def, List<String> vars, Consumer<String> apply) {
        return new UsiOption(name, "combo", def, 0, 0, vars, v -> {
            if (!vars.contains(v)) {
                throw new IllegalArgumentException("option " + name + ": '" + v + "' is not one of " + vars);
            }
            apply.accept(v);
        });
    }

    public static UsiOption string(String name, String def, Consumer<String> apply) {
        return new UsiOption(name, "string", def, 0, 0, List.of(), apply);
    }

    /** The "option name ..." line of the usi reply. */
    public String describe() {
        StringBuilder sb = new StringBuilder("option name ").append(name).append(" type ").append(type);
        sb.append(" default ").append(defaultValue.isEmpty() ? "<empty>" : defaultValue);
        if (type.equals("spin")) {
            sb.append(" min ").append(min).append(" max ").append(max);
        }
        for (String v : vars) {
            sb.append(" var ").append(v);
        }
        return sb.toString();
    }
}
