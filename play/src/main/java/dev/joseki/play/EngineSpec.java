package dev.joseki.play;

import static dev.joseki.play.SpecFields.error;
import static dev.joseki.play.SpecFields.once;
import static dev.joseki.play.SpecFields.positive;

import dev.joseki.notation.ParseException;
import dev.joseki.play.SpecFields.Field;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One player as given by a cutechess-style {@code --engine} spec (docs/cli.md, "Tournaments"), the
 * one grammar of tournaments and self-play: {@code [name=NAME]
 * builtin|cmd=PATH|artifact=NAME[@HASH] [dir=DIR] [arg=ARG]... [option.NAME=VALUE]... [nodes=N |
 * movetime=MS | byoyomi=MS | depth=D | tc=MAIN[+INC] [byoyomi=MS]] [timemargin=MS]
 * [clock=fischer|byoyomi|noinc] [timeout=MS]}; {@code tc} makes a clocked game, {@code clock} says
 * how an external engine is told it (docs/time-controls.md). Fields are separated by blanks; a
 * value may be put in double quotes to hold blanks. Immutable; {@link #toSpec()} gives a spec that
 * parses back to an equal record, which is how a spec travels to a remote worker.
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
 * @param artifact {@code NAME} or {@code NAME@HASH} of an engine published on the broker
 *     (docs/engines.md), in place of a command; null otherwise. A task carries it with the hash.
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
        ClockAdapter clockAdapter,
        String artifact) {

    private static final String SOURCE = "--engine";
    private static final String ARTIFACT_NAME = "[A-Za-z0-9][A-Za-z0-9._-]{0,99}";
    private static final String ARTIFACT_FORM = ARTIFACT_NAME + "(@[0-9a-f]{64})?";

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
        if (command != null && artifact != null) {
            throw new IllegalArgumentException("engine '" + name + "': a command and an artifact");
        }
        if (artifact != null && !artifact.matches(ARTIFACT_FORM)) {
            throw new IllegalArgumentException("engine '" + name + "': bad artifact " + artifact);
        }
        if (command == null && artifact == null && clockAdapter != ClockAdapter.FISCHER) {
            throw new IllegalArgumentException(
                    "engine '" + name + "': clock= is for external engines (cmd=)");
        }
    }

    /** A spec of a built-in or command-line engine (no artifact). */
    public EngineSpec(
            String name,
            String command,
            String dir,
            List<String> args,
            Map<String, String> options,
            SearchLimit limit,
            long timeoutMs,
            TimeControl timeControl,
            ClockAdapter clockAdapter) {
        this(name, command, dir, args, options, limit, timeoutMs, timeControl, clockAdapter, null);
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
        this(name, command, dir, args, options, limit, timeoutMs, null, ClockAdapter.FISCHER);
    }

    /** Whether this player plays on a clock. */
    public boolean clocked() {
        return timeControl != null;
    }

    public boolean builtin() {
        return command == null && artifact == null;
    }

    /** Whether {@code name} may name a published engine: letters, digits, . _ -, at most 100. */
    public static boolean isArtifactName(String name) {
        return name != null && name.matches(ARTIFACT_NAME);
    }

    /** The published name of an artifact engine, or null. */
    public String artifactName() {
        return artifact == null ? null : artifact.split("@", 2)[0];
    }

    /** The exact artifact hash this spec asks for, or null (none, or the name's latest). */
    public String artifactHash() {
        int at = artifact == null ? -1 : artifact.indexOf('@');
        return at < 0 ? null : artifact.substring(at + 1);
    }

    /** This artifact spec pinned to {@code hash} (what the enqueuing command does). */
    public EngineSpec withArtifactHash(String hash) {
        return withEngine(command, dir, artifactName() + "@" + hash);
    }

    /** This artifact spec as the command {@code executable} run in {@code directory}. */
    public EngineSpec withInstalledArtifact(String executable, String directory) {
        return withEngine(executable, directory, null);
    }

    /** A built-in player with a limit and no options. */
    public static EngineSpec builtin(String name, SearchLimit limit) {
        return new EngineSpec(name, null, null, List.of(), Map.of(), limit, 0);
    }

    /** This spec with {@code limit} when it names neither a limit nor a time control. */
    public EngineSpec withDefaultLimit(SearchLimit fallback) {
        return limit != null || timeControl != null ? this : withLimits(fallback, null);
    }

    /** This spec with {@code tc} when it names neither a limit nor a time control. */
    public EngineSpec withDefaultTimeControl(TimeControl tc) {
        return limit != null || timeControl != null || tc == null ? this : withLimits(null, tc);
    }

    /** This spec's clock with the referee's margin {@code ms}; unchanged without a clock. */
    public EngineSpec withTimeMargin(long ms) {
        return timeControl == null ? this : withLimits(null, timeControl.withMargin(ms));
    }

    /** This spec searching under {@code newLimit} or on {@code newClock} (at most one given). */
    private EngineSpec withLimits(SearchLimit newLimit, TimeControl newClock) {
        return new EngineSpec(
                name,
                command,
                dir,
                args,
                options,
                newLimit,
                timeoutMs,
                newClock,
                clockAdapter,
                artifact);
    }

    /**
     * This spec run as {@code newCommand} in {@code newDir}, or as the artifact {@code
     * newArtifact}.
     */
    private EngineSpec withEngine(String newCommand, String newDir, String newArtifact) {
        return new EngineSpec(
                name,
                newCommand,
                newDir,
                args,
                options,
                limit,
                timeoutMs,
                timeControl,
                clockAdapter,
                newArtifact);
    }

    /** This spec with one option added or replaced. */
    public EngineSpec withOption(String key, String value) {
        Map<String, String> o = new LinkedHashMap<>(options);
        o.put(key, value);
        return new EngineSpec(
                name, command, dir, args, o, limit, timeoutMs, timeControl, clockAdapter, artifact);
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
        String name = null, command = null, dir = null, artifact = null;
        boolean builtin = false;
        SearchLimit limit = null;
        long timeout = 0;
        Field tc = null, byoyomi = null, margin = null, timeoutField = null, perMove = null;
        Field clock = null;
        List<String> args = new ArrayList<>();
        Map<String, String> options = new LinkedHashMap<>();
        List<Field> fields = SpecFields.split(spec, SOURCE);
        if (fields.isEmpty()) {
            throw new ParseException(
                    SOURCE, 1, 1, "empty engine spec; expected 'name=NAME builtin|cmd=PATH ...'");
        }
        for (Field f : fields) {
            if (f.key().equals("builtin") && f.value() == null) {
                if (builtin) {
                    throw error(f, "'builtin' given twice");
                }
                builtin = true;
                continue;
            }
            if (f.value() == null) {
                throw error(f, "expected KEY=VALUE or 'builtin', got '" + f.key() + "'");
            }
            if (f.value().isEmpty()) {
                throw error(f, "empty value for '" + f.key() + "'");
            }
            if (f.key().startsWith("option.")) {
                String opt = f.key().substring("option.".length());
                if (opt.isEmpty()) {
                    throw error(f, "option without a name: expected option.NAME=VALUE");
                }
                if (options.put(opt, f.value()) != null) {
                    throw error(f, "option '" + opt + "' given twice");
                }
                continue;
            }
            if (f.key().equals("byoyomi")) {
                if (byoyomi != null) {
                    throw error(f, "'byoyomi' given twice");
                }
                byoyomi = f;
                positive(f);
                if (limit != null) {
                    throw secondLimit(f);
                }
                continue;
            }
            if (f.key().equals("tc")) {
                tc = once(f, tc);
                continue;
            }
            if (f.key().equals("timemargin")) {
                margin = once(f, margin);
                if (!f.value().matches("\\d{1,9}")) {
                    throw error(
                            f,
                            "timemargin must be milliseconds (0 or more), got '" + f.value() + "'");
                }
                continue;
            }
            if (f.key().equals("clock")) {
                clock = once(f, clock);
                if (ClockAdapter.fromKey(f.value()) == null) {
                    throw error(
                            f, "clock must be fischer, byoyomi or noinc, got '" + f.value() + "'");
                }
                continue;
            }
            SearchLimit.Kind kind = SearchLimit.Kind.fromKey(f.key());
            if (kind != null) {
                if (byoyomi != null || limit != null) {
                    throw secondLimit(f);
                }
                limit = new SearchLimit(kind, positive(f));
                perMove = f;
                continue;
            }
            switch (f.key()) {
                case "name" -> name = once(f, name);
                case "cmd" -> command = once(f, command);
                case "artifact" -> {
                    artifact = once(f, artifact);
                    if (!artifact.matches(ARTIFACT_FORM)) {
                        throw error(
                                f,
                                "artifact must be NAME or NAME@HASH (letters, digits, . _ -; HASH"
                                        + " 64 lower-case hex digits), got '"
                                        + artifact
                                        + "'");
                    }
                }
                case "dir" -> dir = once(f, dir);
                case "arg" -> args.add(f.value());
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
                                        + f.key()
                                        + "' (name, builtin, cmd, artifact, dir, arg, option.NAME,"
                                        + " nodes, movetime, byoyomi, depth, tc, timemargin, clock,"
                                        + " timeout)");
            }
        }
        checkEngine(builtin, command, artifact, dir, args, clock, name);
        if (name == null) {
            name =
                    builtin
                            ? "joseki"
                            : artifact != null
                                    ? artifact.split("@", 2)[0]
                                    : Path.of(command).getFileName().toString();
        }
        TimeControl timeClock = SpecFields.clock(tc, byoyomi, margin, perMove, timeoutField);
        if (timeClock == null && byoyomi != null) {
            limit = new SearchLimit(SearchLimit.Kind.BYOYOMI, positive(byoyomi));
        }
        ClockAdapter adapter =
                clock == null ? ClockAdapter.FISCHER : ClockAdapter.fromKey(clock.value());
        return new EngineSpec(
                name, command, dir, args, options, limit, timeout, timeClock, adapter, artifact);
    }

    private static ParseException secondLimit(Field f) {
        return error(
                f,
                "second limit '" + f.key() + "': give only one of nodes, movetime, byoyomi, depth");
    }

    /** Exactly one of builtin, cmd=, artifact=, and only the fields that go with it. */
    private static void checkEngine(
            boolean builtin,
            String command,
            String artifact,
            String dir,
            List<String> args,
            Field clock,
            String name) {
        int engines = (builtin ? 1 : 0) + (command != null ? 1 : 0) + (artifact != null ? 1 : 0);
        if (engines != 1) {
            throw new ParseException(
                    SOURCE,
                    1,
                    1,
                    engines > 1
                            ? "'builtin', cmd= and artifact= exclude each other"
                            : "give 'builtin', cmd=PATH or artifact=NAME"
                                    + (name == null ? "" : " for engine '" + name + "'"));
        }
        if (artifact != null && dir != null) {
            throw new ParseException(
                    SOURCE,
                    1,
                    1,
                    "dir= is not for artifact= engines: they run in their own directory");
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
    }

    /** The spec text, fields in canonical order; parses back to an equal record. */
    public String toSpec() {
        StringBuilder sb = new StringBuilder("name=").append(quote(name));
        if (builtin()) {
            sb.append(" builtin");
        } else if (artifact != null) {
            sb.append(" artifact=").append(artifact);
            for (String a : args) {
                sb.append(" arg=").append(quote(a));
            }
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

    private static String quote(String v) {
        return v.contains(" ") || v.contains("\t") ? "\"" + v + "\"" : v;
    }
}
