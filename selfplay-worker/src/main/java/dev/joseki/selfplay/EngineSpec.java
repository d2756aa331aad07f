package dev.joseki.selfplay;

import dev.joseki.records.proto.BuiltinEngine;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.UsiCommand;

/**
 * Reads an engine given on the command line (docs/cli.md), one shell word of space-separated
 * cutechess-style fields: {@code name=NAME builtin|cmd=PATH [dir=DIR] [arg=ARG]... [option.NAME=VALUE]...
 * [nodes=N | movetime=MS | byoyomi=MS | depth=D] [timeout=MS]}. {@code timeout} is how long the runner
 * waits for a move before the engine loses on time.
 *
 * <p>Only {@code ./joseki selfplay} reads specs with this class. It is a second parser next to the
 * tournament's {@link dev.joseki.tournament.EngineSpec} (which tournaments use on both executors, converted
 * to a {@link Player} by {@link TournamentGames#player}); the two differ on purpose where self-play needs
 * more ({@code timeout=}, a default name, no limit meaning the run's limit) and by omission in one place
 * (no double-quoted values here). Merging them means giving the tournament record a move time-out and
 * optional name/limit; until then a change to the shared grammar must be made in both.
 */
public final class EngineSpec {
    private EngineSpec() {
    }

    /** Throws IllegalArgumentException naming the bad field. */
    public static Player parse(String spec) {
        Player.Builder p = Player.newBuilder();
        UsiCommand.Builder cmd = UsiCommand.newBuilder();
        String command = null;
        java.util.List<String> args = new java.util.ArrayList<>();
        Limits.Builder limits = Limits.newBuilder();
        boolean builtin = false, hasLimits = false;
        String[] fields = spec.trim().split("\\s+");
        for (int i = 0; i < fields.length; i++) {
            String f = fields[i];
            if (f.isEmpty()) {
                continue;
            }
            if (f.equals("builtin")) {
                builtin = true;
                continue;
            }
            int eq = f.indexOf('=');
            if (eq <= 0) {
                throw bad(spec, i, f, "expected KEY=VALUE or 'builtin'");
            }
            String key = f.substring(0, eq), value = f.substring(eq + 1);
            switch (key) {
                case "name" -> p.setName(value);
                case "cmd" -> {
                    if (command != null) {
                        throw bad(spec, i, f, "a second 'cmd='");
                    }
                    command = value;
                }
                case "arg" -> args.add(value);
                case "dir" -> cmd.setWorkingDir(value);
                case "nodes" -> {
                    limits.setNodes(number(spec, i, f, value));
                    hasLimits = true;
                }
                case "movetime" -> {
                    limits.setMovetimeMs((int) number(spec, i, f, value));
                    hasLimits = true;
                }
                case "byoyomi" -> {
                    limits.setByoyomiMs((int) number(spec, i, f, value));
                    hasLimits = true;
                }
                case "depth" -> {
                    limits.setDepth((int) number(spec, i, f, value));
                    hasLimits = true;
                }
                case "timeout" -> limits.setMoveTimeoutMs((int) number(spec, i, f, value));
                default -> {
                    if (key.startsWith("option.") && key.length() > "option.".length()) {
                        p.putOptions(key.substring("option.".length()), value);
                    } else {
                        throw bad(spec, i, f, "unknown field '" + key + "'");
                    }
                }
            }
        }
        boolean hasCmd = command != null;
        if (builtin == hasCmd) {
            throw new IllegalArgumentException("engine '" + spec + "': give exactly one of 'builtin' or 'cmd=PATH'");
        }
        if (hasCmd && command.isEmpty()) {
            throw new IllegalArgumentException("engine '" + spec + "': 'cmd=' needs a path");
        }
        if (hasCmd) {
            cmd.addArgv(command).addAllArgv(args);
        } else if (!args.isEmpty() || !cmd.getWorkingDir().isEmpty()) {
            throw new IllegalArgumentException("engine '" + spec + "': 'arg=' and 'dir=' need 'cmd='");
        }
        if (builtin) {
            p.setBuiltin(BuiltinEngine.getDefaultInstance());
        } else {
            p.setUsiCommand(cmd);
        }
        if (hasLimits || limits.getMoveTimeoutMs() > 0) {
            if (!hasLimits) {
                throw new IllegalArgumentException("engine '" + spec + "': 'timeout=' needs a search limit too");
            }
            p.setLimits(limits);
        }
        if (p.getName().isEmpty()) {
            p.setName(builtin ? "joseki" : java.nio.file.Path.of(cmd.getArgv(0)).getFileName().toString());
        }
        return p.build();
    }

    private static long number(String spec, int i, String field, String value) {
        try {
            long v = Long.parseLong(value);
            if (v <= 0) {
                throw bad(spec, i, field, "must be a positive number");
            }
            return v;
        } catch (NumberFormatException e) {
            throw bad(spec, i, field, "not a number");
        }
    }

    private static IllegalArgumentException bad(String spec, int index, String field, String why) {
        return new IllegalArgumentException("engine '" + spec + "', field " + (index + 1) + " '" + field + "': " + why);
    }
}
