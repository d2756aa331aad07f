package dev.joseki.selfplay;

import dev.joseki.play.ClockAdapter;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.SearchLimit;
import dev.joseki.play.TimeControl;
import dev.joseki.records.proto.BuiltinEngine;
import dev.joseki.records.proto.EngineArtifact;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.SelfPlayTask;
import dev.joseki.records.proto.UsiCommand;
import java.util.List;

/**
 * Between an engine {@link EngineSpec} (the one spec grammar) and the protobuf {@link Player} and
 * {@link Limits} of a task: a spec travels to the workers as a Player and comes back as the same
 * spec.
 */
public final class TaskPlayers {
    /** What a task without any limit plays with: the selfplay default (docs/selfplay.md). */
    static final SearchLimit DEFAULT_LIMIT = SearchLimit.nodes(10_000);

    private TaskPlayers() {}

    /**
     * A spec as the workers read it; its limit and time-out, when given, become the player's
     * limits.
     */
    public static Player player(EngineSpec spec) {
        Player.Builder p = Player.newBuilder().setName(spec.name()).putAllOptions(spec.options());
        if (spec.builtin()) {
            p.setBuiltin(BuiltinEngine.getDefaultInstance());
        } else if (spec.artifact() != null) {
            if (spec.artifactHash() == null) {
                // ArtifactPins pins every spec before its tasks are made
                throw new IllegalStateException(
                        "engine '"
                                + spec.name()
                                + "': artifact "
                                + spec.artifact()
                                + " not pinned");
            }
            EngineArtifact.Builder a =
                    EngineArtifact.newBuilder()
                            .setName(spec.artifactName())
                            .setHash(spec.artifactHash())
                            .addAllArgs(spec.args());
            if (spec.clockAdapter() != ClockAdapter.FISCHER) {
                a.setClock(spec.clockAdapter().key());
            }
            p.setArtifact(a);
        } else {
            UsiCommand.Builder c =
                    UsiCommand.newBuilder().addArgv(spec.command()).addAllArgv(spec.args());
            if (spec.dir() != null) {
                c.setWorkingDir(spec.dir());
            }
            if (spec.clockAdapter() != ClockAdapter.FISCHER) {
                c.setClock(spec.clockAdapter().key());
            }
            p.setUsiCommand(c);
        }
        if (spec.limit() != null) {
            p.setLimits(
                    limits(spec.limit()).toBuilder()
                            .setMoveTimeoutMs((int) Math.min(Integer.MAX_VALUE, spec.timeoutMs())));
        } else if (spec.timeControl() != null) {
            p.setLimits(limits(spec.timeControl()));
        }
        return p.build();
    }

    /** A clock as task limits: main time, increment or byoyomi, the referee's margin. */
    public static Limits limits(TimeControl tc) {
        return Limits.newBuilder()
                .setMainTimeMs(ms(tc.mainMs()))
                .setIncrementMs(ms(tc.incrementMs()))
                .setByoyomiMs(ms(tc.byoyomiMs()))
                .setTimeMarginMs(ms(tc.marginMs()))
                .build();
    }

    /** The clock of task limits, or null when they are not clocked (no main time). */
    static TimeControl timeControl(Limits l) {
        if (l.getMainTimeMs() == 0) {
            return null;
        }
        return new TimeControl(
                l.getMainTimeMs(), l.getIncrementMs(), l.getByoyomiMs(), l.getTimeMarginMs());
    }

    private static int ms(long v) {
        return (int) Math.min(Integer.MAX_VALUE, v);
    }

    public static Limits limits(SearchLimit l) {
        Limits.Builder b = Limits.newBuilder();
        int v = (int) Math.min(Integer.MAX_VALUE, l.value());
        switch (l.kind()) {
            case NODES -> b.setNodes(l.value());
            case MOVETIME -> b.setMovetimeMs(v);
            case BYOYOMI -> b.setByoyomiMs(v);
            case DEPTH -> b.setDepth(v);
        }
        return b.build();
    }

    /**
     * The one limit of a protobuf Limits (nodes, then depth, movetime, byoyomi), or null when it
     * sets none or is a clock.
     */
    static SearchLimit limit(Limits l) {
        if (l.getMainTimeMs() > 0) {
            return null;
        } else if (l.getNodes() > 0) {
            return SearchLimit.nodes(l.getNodes());
        } else if (l.getDepth() > 0) {
            return SearchLimit.depth(l.getDepth());
        } else if (l.getMovetimeMs() > 0) {
            return SearchLimit.movetime(l.getMovetimeMs());
        } else if (l.getByoyomiMs() > 0) {
            return new SearchLimit(SearchLimit.Kind.BYOYOMI, l.getByoyomiMs());
        }
        return null;
    }

    /** A task's seat as a spec, with the limits it plays under (its own, else the task's). */
    static EngineSpec spec(SelfPlayTask task, Player p) {
        return spec(task.getLimits(), p);
    }

    /** A player as a spec, with the limits it plays under: its own, else {@code taskLimits}. */
    public static EngineSpec spec(Limits taskLimits, Player p) {
        Limits l = p.hasLimits() ? p.getLimits() : taskLimits;
        SearchLimit limit = limit(l);
        TimeControl clock = timeControl(l);
        String command = null;
        List<String> args = List.of();
        String dir = null;
        ClockAdapter adapter = ClockAdapter.FISCHER;
        if (p.hasUsiCommand()) {
            List<String> argv = p.getUsiCommand().getArgvList();
            command = argv.get(0);
            args = argv.subList(1, argv.size());
            dir =
                    p.getUsiCommand().getWorkingDir().isEmpty()
                            ? null
                            : p.getUsiCommand().getWorkingDir();
            adapter = clockAdapter(p.getUsiCommand().getClock());
        }
        String artifact = null;
        if (p.hasArtifact()) {
            EngineArtifact a = p.getArtifact();
            artifact = (a.getName().isEmpty() ? "engine" : a.getName()) + "@" + a.getHash();
            args = a.getArgsList();
            adapter = clockAdapter(a.getClock());
        }
        String name =
                !p.getName().isEmpty()
                        ? p.getName()
                        : command != null ? command : artifact != null ? artifact : "joseki";
        if (clock != null) {
            return new EngineSpec(
                    name, command, dir, args, p.getOptionsMap(), null, 0, clock, adapter, artifact);
        }
        return new EngineSpec(
                name,
                command,
                dir,
                args,
                p.getOptionsMap(),
                limit != null ? limit : DEFAULT_LIMIT,
                l.getMoveTimeoutMs(),
                null,
                adapter,
                artifact);
    }

    /**
     * The adapter a task's {@code usi_command.clock} names (empty: fischer); an unknown name is an
     * IllegalArgumentException (TaskValidator refuses such a task before).
     */
    static ClockAdapter clockAdapter(String key) {
        ClockAdapter a = key.isEmpty() ? ClockAdapter.FISCHER : ClockAdapter.fromKey(key);
        if (a == null) {
            throw new IllegalArgumentException(
                    "usi_command.clock must be fischer, byoyomi or noinc, got '" + key + "'");
        }
        return a;
    }
}
