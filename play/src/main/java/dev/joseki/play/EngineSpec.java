package dev.joseki.play;

import dev.joseki.notation.ParseException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One player as given by a cutechess-style {@code --engine} spec (docs/cli.md, "Tournaments"), the one
 * grammar of tournaments and self-play: {@code [name=NAME] builtin|cmd=PATH [dir=DIR] [arg=ARG]...
 * [option.NAME=VALUE]... [nodes=N | movetime=MS | byoyomi=MS | depth=D] [timeout=MS]}. Fields are separated
 * by blanks; a value may be put in double quotes to hold blanks. Immutable; {@link #toSpec()} gives a spec
 * that parses back to an equal record, which is how a spec travels to a remote worker.
 *
 * @param name      given, or "joseki" for the built-in engine and the executable's file name otherwise
 * @param command   the executable of an external USI engine, null for the built-in engine
 * @param dir       working directory of the external engine, or null
 * @param options   USI options in spec order
 * @param limit     the search limit, or null when the spec names none (the caller's default applies)
 * @param timeoutMs how long to wait for a move before the engine loses on time; 0: {@link UsiTimeouts}
 */
public record EngineSpec(String name, String command, String dir, List<String> args, Map<String, String> options,
        SearchLimit limit, long timeoutMs) {

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
    }

    public boolean builtin() {
        return command == null;
    }

    /** A built-in player with a limit and no options. */
    public static EngineSpec builtin(String name, SearchLimit limit) {
        return new EngineSpec(name, null, null, List.of(), Map.of(), limit, 0);
    }

    /** This spec with {@code limit} when it names none. */
    public EngineSpec withDefaultLimit(SearchLimit fallback) {
        return limit != null ? this : new EngineSpec(name, command, dir, args, options, fallback, timeoutMs);
    }

    /** This spec with one option added or replaced. */
    public EngineSpec withOption(String key, String value) {
        Map<String, String> o = new LinkedHashMap<>(options);
        o.put(key, value);
        return new EngineSpec(name, command, dir, args, o, limit, timeoutMs);
    }

    /**
     * Parses one spec. Errors are {@link ParseException}s with source {@code --engine}, line 1 and the
     * 1-based column of the offending field.
     */
    public static EngineSpec parse(String spec) {
        String name = null, command = null, dir = null;
        boolean builtin = false;
        SearchLimit limit = null;
        long timeout = 0;
        List<String> args = new ArrayList<>();
        Map<String, String> options = new LinkedHashMap<>();
        List<Field> fields = fields(spec);
        if (fields.isEmpty()) {
            throw new ParseException(SOURCE, 1, 1, "empty engine spec; expected 'name=NAME builtin|cmd=PATH ...'");
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
            SearchLimit.Kind kind = SearchLimit.Kind.fromKey(f.key);
            if (kind != null) {
                if (limit != null) {
                    throw error(f, "second limit '" + f.key + "': give only one of nodes, movetime, byoyomi, depth");
                }
                limit = new SearchLimit(kind, positive(f));
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
                }
                default -> throw error(f, "unknown field '" + f.key
                        + "' (name, builtin, cmd, dir, arg, option.NAME, nodes, movetime, byoyomi, depth, timeout)");
            }
        }
        if (builtin == (command != null)) {
            throw new ParseException(SOURCE, 1, 1, builtin ? "'builtin' and cmd= exclude each other"
                    : "give either 'builtin' or cmd=PATH" + (name == null ? "" : " for engine '" + name + "'"));
        }
        if (builtin && (dir != null || !args.isEmpty())) {
            throw new ParseException(SOURCE, 1, 1, "dir= and arg= are for external engines (cmd=), not 'builtin'");
        }
        if (name == null) {
            name = builtin ? "joseki" : Path.of(command).getFileName().toString();
        }
        return new EngineSpec(name, command, dir, args, options, limit, timeout);
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
        if (timeoutMs > 0) {
            sb.append(" timeout=").append(timeoutMs);
        }
        return sb.toString();
    }

    private static String quote(String v) {
        return v.contains(" ") || v.contains("\t") ? "\"" + v + "\"" : v;
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
    private record Field(String key, String value, int column) {
    }

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
            out.add(eq < 0 ? new Field(w, null, start + 1) : new Field(w.substring(0, eq), w.substring(eq + 1), start + 1));
        }
        return out;
    }
}
