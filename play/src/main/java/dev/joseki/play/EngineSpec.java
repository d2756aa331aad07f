package dev.joseki.play;

import dev.joseki.notation.ParseException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One player as given by a cutechess-style {@code --engine} spec (docs/cli.md, "Tournaments"), the
 * one grammar of tournaments and self-play: {@code [name=NAME] builtin|cmd=PATH [dir=DIR]
 * [arg=ARG]... [option.NAME=VALUE]... [nodes=N | movetime=MS | byoyomi=MS | depth=D | tc=MAIN[+INC]
 * [byoyomi=MS]] [timemargin=MS] [clock=fischer|byoyomi|noinc] [timeout=MS]}; {@code tc} makes a
 * clocked game, {@code clock} says how an external engine is told it (docs/time-controls.md).
 * Fields are separated by blanks; a value may be put in double quotes to hold blanks. Immutable;
 * {@link #toSpec()} gives a spec that parses back to an equal record, which is how a spec travels
 * to a remote worker.
 *
 * @param name given, or "joseki" for the built-in engine and the executable's file name otherwise
 * @param command the executable of an external USI engine, null for the built-in engine
 * @param dir working directory of the external engine, or null
 * @param options USI options in spec order
 * @param limit the search limit, or null when the spec names none (the caller's default applies)
 * @param timeoutMs how long to wait for a move before the engine loses on time; 0: {@link
 *     UsiTimeouts}
 * @param timeControl the clock of a clocked game, or null; never together with {@code limit}
 * @param clockAdapter how an external engine is told the clock; {@link ClockAdapter#FISCHER} for
 *     the built-in engine
 */
public record EngineSpec(
        String name,
        String command,
        String dir,
        List<String> args,
        Map<String, String> options,
        SearchLimit limit,
        long timeoutMs,
        TimeControl timeControl,
        ClockAdapter clockAdapter) {

    private static final String SOURCE = "--engine";

    public EngineSpec {
        args = List.copyOf(args);
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("engine without a name");
        }
        if (timeoutMs < 0) {
            throw new IllegalArgumentException("timeout must not be negative");
        }
        if (limit != null && timeControl != null) {
            throw new IllegalArgumentException(
                    "engine '" + name + "': a per-move limit and a time control");
        }
        if (clockAdapter == null) {
            throw new IllegalArgumentException("engine '" + name + "': no clock adapter");
        }
        if (command == null && clockAdapter != ClockAdapter.FISCHER) {
            throw new IllegalArgumentException(
                    "engine '" + name + "': clock= is for external engines (cmd=)");
        }
    }

    /** A spec whose engine takes the clock as it stands ({@code clock=fischer}). */
    public EngineSpec(
            String name,
            String command,
            String dir,
            List<String> args,
            Map<String, String> options,
            SearchLimit limit,
            long timeoutMs,
            TimeControl timeControl) {
        this(
                name,
                command,
                dir,
                args,
                options,
                limit,
                timeoutMs,
                timeControl,
                ClockAdapter.FISCHER);
    }

    /** A spec without a clock. */
    public EngineSpec(
            String name,
            String command,
            String dir,
            List<String> args,
            Map<String, String> options,
            SearchLimit limit,
            long timeoutMs) {
        this(name, command, dir, args, options, limit, timeoutMs, null);
    }

    /** Whether this player plays on a clock. */
    public boolean clocked() {
        return timeControl != null;
    }

    public boolean builtin() {
        return command == null;
    }

    /** A built-in player with a limit and no options. */
    public static EngineSpec builtin(String name, SearchLimit limit) {
        return new EngineSpec(name, null, null, List.of(), Map.of(), limit, 0);
    }

    /** This spec with {@code limit} when it names neither a limit nor a time control. */
    public EngineSpec withDefaultLimit(SearchLimit fallback) {
        return limit != null || timeControl != null
                ? this
                : new EngineSpec(
                        name, command, dir, args, options, fallback, timeoutMs, null, clockAdapter);
    }

    /** This spec with {@code tc} when it names neither a limit nor a time control. */
    public EngineSpec withDefaultTimeControl(TimeControl tc) {
        return limit != null || timeControl != null || tc == null
                ? this
                : new EngineSpec(
                        name, command, dir, args, options, null, timeoutMs, tc, clockAdapter);
    }

    /** This spec's clock with the referee's margin {@code ms}; unchanged without a clock. */
    public EngineSpec withTimeMargin(long ms) {
        return timeControl == null
                ? this
                : new EngineSpec(
                        name,
                        command,
                        dir,
                        args,
                        options,
                        null,
                        timeoutMs,
                        timeControl.withMargin(ms),
                        clockAdapter);
    }

    /** This spec with one option added or replaced. */
    public EngineSpec withOption(String key, String value) {
        Map<String, String> o = new LinkedHashMap<>(options);
        o.put(key, value);
        return new EngineSpec(
                name, command, dir, args, o, limit, timeoutMs, timeControl, clockAdapter);
    }

    /**
     * Parses the n-th (1-based) of several --engine options: an error's source is {@code --engine
     * #n}, so that the user knows which of them to fix.
     */
    public static EngineSpec parse(String spec, int n) {
        try {
            return parse(spec);
        } catch (ParseException e) {
            throw new ParseException(SOURCE + " #" + n, e.line(), e.column(), e.reason());
        }
    }

    /**
     * Parses one spec. Errors are {@link ParseException}s with source {@code --engine}, line 1 and
     * the 1-based column of the offending field.
     */
    public static EngineSpec parse(String spec) {
        String name = null, command = null, dir = null;
        boolean builtin = false;
        SearchLimit limit = null;
        long timeout = 0;
        Field tc = null, byoyomi = null, margin = null, timeoutField = null, perMove = null;
        Field clock = null;
        List<String> args = new ArrayList<>();
        Map<String, String> options = new LinkedHashMap<>();
        List<Field> fields = fields(spec);
        if (fields.isEmpty()) {
            throw new ParseException(
                    SOURCE, 1, 1, "empty engine spec; expected 'name=NAME builtin|cmd=PATH ...'");
        }
        for (Field f : fields) {
            if (f.key.equals("builtin") && f.value == null) {
                if (builtin) {
                    throw error(f, "'builtin' given twice");
                }
                builtin = true;
                continue;
            }
            if (f.value == null) {
                throw error(f, "expected KEY=VALUE or 'builtin', got '" + f.key + "'");
            }
            if (f.value.isEmpty()) {
                throw error(f, "empty value for '" + f.key + "'");
            }
            if (f.key.startsWith("option.")) {
                String opt = f.key.substring("option.".length());
                if (opt.isEmpty()) {
                    throw error(f, "option without a name: expected option.NAME=VALUE");
                }
                if (options.put(opt, f.value) != null) {
                    throw error(f, "option '" + opt + "' given twice");
                }
                continue;
            }
            if (f.key.equals("byoyomi")) {
                if (byoyomi != null) {
                    throw error(f, "'byoyomi' given twice");
                }
                byoyomi = f;
                positive(f);
                if (limit != null) {
                    throw error(
                            f,
                            "second limit '"
                                    + f.key
                                    + "': give only one of nodes, movetime, byoyomi, depth");
                }
                continue;
            }
            if (f.key.equals("tc")) {
                tc = once(f, tc);
                continue;
            }
            if (f.key.equals("timemargin")) {
                margin = once(f, margin);
                if (!f.value.matches("\\d{1,9}")) {
                    throw error(
                            f,
                            "timemargin must be milliseconds (0 or more), got '" + f.value + "'");
                }
                continue;
            }
            if (f.key.equals("clock")) {
                clock = once(f, clock);
                if (ClockAdapter.fromKey(f.value) == null) {
                    throw error(
                            f, "clock must be fischer, byoyomi or noinc, got '" + f.value + "'");
                }
                continue;
            }
            SearchLimit.Kind kind = SearchLimit.Kind.fromKey(f.key);
            if (kind != null) {
                if (byoyomi != null) {
                    throw error(
                            f,
                            "second limit '"
                                    + f.key
                                    + "': give only one of nodes, movetime, byoyomi, depth");
                }
                if (limit != null) {
                    throw error(
                            f,
                            "second limit '"
                                    + f.key
                                    + "': give only one of nodes, movetime, byoyomi, depth");
                }
                limit = new SearchLimit(kind, positive(f));
                perMove = f;
                continue;
            }
            switch (f.key) {
                case "name" -> name = once(f, name);
                case "cmd" -> command = once(f, command);
                case "dir" -> dir = once(f, dir);
                case "arg" -> args.add(f.value);
                case "timeout" -> {
                    if (timeout != 0) {
                        throw error(f, "'timeout' given twice");
                    }
                    timeout = positive(f);
                    timeoutField = f;
                }
                default ->
                        throw error(
                                f,
                                "unknown field '"
                                        + f.key
                                        + "' (name, builtin, cmd, dir, arg, option.NAME, nodes,"
                                        + " movetime, byoyomi, depth, tc, timemargin, clock,"
                                        + " timeout)");
            }
        }
        if (builtin == (command != null)) {
            throw new ParseException(
                    SOURCE,
                    1,
                    1,
                    builtin
                            ? "'builtin' and cmd= exclude each other"
                            : "give either 'builtin' or cmd=PATH"
                                    + (name == null ? "" : " for engine '" + name + "'"));
        }
        if (builtin && (dir != null || !args.isEmpty())) {
            throw new ParseException(
                    SOURCE, 1, 1, "dir= and arg= are for external engines (cmd=), not 'builtin'");
        }
        if (builtin && clock != null) {
            throw error(
                    clock,
                    "clock= is for external engines (cmd=): the built-in engine reads every clock");
        }
        if (name == null) {
            name = builtin ? "joseki" : Path.of(command).getFileName().toString();
        }
        TimeControl timeClock = timeControl(tc, byoyomi, margin, perMove, timeoutField);
        if (timeClock == null && byoyomi != null) {
            limit = new SearchLimit(SearchLimit.Kind.BYOYOMI, positive(byoyomi));
        }
        ClockAdapter adapter =
                clock == null ? ClockAdapter.FISCHER : ClockAdapter.fromKey(clock.value);
        return new EngineSpec(
                name, command, dir, args, options, limit, timeout, timeClock, adapter);
    }

    /** The spec text, fields in canonical order; parses back to an equal record. */
    public String toSpec() {
        StringBuilder sb = new StringBuilder("name=").append(quote(name));
        if (builtin()) {
            sb.append(" builtin");
        } else {
            sb.append(" cmd=").append(quote(command));
            if (dir != null) {
                sb.append(" dir=").append(quote(dir));
            }
            for (String a : args) {
                sb.append(" arg=").append(quote(a));
            }
        }
        options.forEach((k, v) -> sb.append(" option.").append(k).append('=').append(quote(v)));
        if (limit != null) {
            sb.append(' ').append(limit);
        }
        if (timeControl != null) {
            sb.append(' ')
                    .append(timeControl)
                    .append(" timemargin=")
                    .append(timeControl.marginMs());
        }
        if (clockAdapter != ClockAdapter.FISCHER) {
            sb.append(" clock=").append(clockAdapter.key());
        }
        if (timeoutMs > 0) {
            sb.append(" timeout=").append(timeoutMs);
        }
        return sb.toString();
    }

    /**
     * The clock of {@code tc=} (with {@code byoyomi=}, {@code timemargin=}), or null without tc;
     * errors name the field that breaks the rule, at its column.
     */
    private static TimeControl timeControl(
            Field tc, Field byoyomi, Field margin, Field perMove, Field timeout) {
        if (tc == null) {
            if (margin != null) {
                throw error(margin, "timemargin= is for clocked games: give tc=MAIN[+INC]");
            }
            return null;
        }
        if (perMove != null) {
            Field later = perMove.column > tc.column ? perMove : tc;
            throw error(
                    later,
                    "tc= and "
                            + perMove.key
                            + "= exclude each other: a clocked game has no per-move "
                            + "limit");
        }
        if (timeout != null) {
            Field later = timeout.column > tc.column ? timeout : tc;
            throw error(
                    later,
                    "tc= and timeout= exclude each other: a clocked move waits until its flag"
                            + " falls");
        }
        long[] mainInc;
        try {
            mainInc = TimeControl.parseMainPlusIncrement(tc.value);
        } catch (IllegalArgumentException e) {
            throw error(
                    tc, "tc: " + e.getMessage() + " (tc=MAIN[+INC] in seconds, e.g. tc=10+0.1)");
        }
        long byo = byoyomi == null ? 0 : positive(byoyomi);
        if (byo > 0 && mainInc[1] > 0) {
            throw error(
                    byoyomi.column > tc.column ? byoyomi : tc,
                    "tc with an increment and byoyomi= exclude each other: give tc=MAIN byoyomi=MS"
                            + " or tc=MAIN+INC");
        }
        long m = margin == null ? TimeControl.DEFAULT_MARGIN_MS : Long.parseLong(margin.value);
        return new TimeControl(mainInc[0], mainInc[1], byo, m);
    }

    private static String quote(String v) {
        return v.contains(" ") || v.contains("\t") ? "\"" + v + "\"" : v;
    }

    private static Field once(Field f, Field previous) {
        if (previous != null) {
            throw error(f, "'" + f.key + "' given twice");
        }
        return f;
    }

    private static String once(Field f, String previous) {
        if (previous != null) {
            throw error(f, "'" + f.key + "' given twice");
        }
        return f.value;
    }

    private static long positive(Field f) {
        try {
            long v = Long.parseLong(f.value);
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw error(f, f.key + " must be a positive integer, got '" + f.value + "'");
    }

    private static ParseException error(Field f, String reason) {
        return new ParseException(SOURCE, 1, f.column, reason);
    }

    /** key, value (null for a bare word) and the 1-based column where the field starts. */
    private record Field(String key, String value, int column) {}

    /** Splits on blanks; a double-quoted stretch may hold blanks (the quotes are removed). */
    private static List<Field> fields(String spec) {
        List<Field> out = new ArrayList<>();
        int i = 0, n = spec.length();
        while (i < n) {
            while (i < n && Character.isWhitespace(spec.charAt(i))) {
                i++;
            }
            if (i >= n) {
                break;
            }
            int start = i;
            StringBuilder word = new StringBuilder();
            boolean quoted = false;
            int quoteAt = -1;
            while (i < n && (quoted || !Character.isWhitespace(spec.charAt(i)))) {
                char c = spec.charAt(i);
                if (c == '"') {
                    quoted = !quoted;
                    quoteAt = i;
                } else {
                    word.append(c);
                }
                i++;
            }
            if (quoted) {
                throw new ParseException(SOURCE, 1, quoteAt + 1, "unterminated quote");
            }
            String w = word.toString();
            int eq = w.indexOf('=');
            if (eq == 0) {
                throw new ParseException(SOURCE, 1, start + 1, "field without a key: '" + w + "'");
            }
            out.add(
                    eq < 0
                            ? new Field(w, null, start + 1)
                            : new Field(w.substring(0, eq), w.substring(eq + 1), start + 1));
        }
        return out;
    }
}
