package dev.joseki.selfplay;

import com.google.protobuf.ByteString;
import com.google.protobuf.Timestamp;
import dev.joseki.book.FullKey;
import dev.joseki.engine.Score;
import dev.joseki.notation.ParseException;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.play.Opening;
import dev.joseki.play.Player;
import dev.joseki.play.PlayerException;
import dev.joseki.play.Sampling;
import dev.joseki.play.SearchLimit;
import dev.joseki.records.PositionEvals;
import dev.joseki.records.proto.EvalPosition;
import dev.joseki.records.proto.EvalTask;
import dev.joseki.records.proto.EvaluatedMove;
import dev.joseki.records.proto.PositionEval;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * An eval task's positions as one engine evaluates them: each position is searched once with the
 * task's limit and MultiPV K through the play stack's {@link Player} (the built-in engine or a USI
 * engine alike), and becomes a protobuf {@link PositionEval} with a stable id. Each position starts
 * a new game for the engine ({@link Player#newGame}: the built-in engine clears its hash table), so
 * with one thread and a node limit the built-in engine gives the same moves and values for a
 * position wherever and whenever it is evaluated: a task replayed after a crash publishes the same
 * evaluations.
 */
final class TaskEvals {
    /**
     * Centipawn values are kept below the mate range, so that no engine's large score reads as a
     * mate.
     */
    static final int MAX_CP = Score.MATE_IN_MAX_PLY - 1;

    private final String workerId;
    private final String softwareVersion;

    TaskEvals(String workerId, String softwareVersion) {
        this.workerId = workerId;
        this.softwareVersion = softwareVersion;
    }

    /**
     * The records of a validated task, in position order; null if {@code stop} turned true before
     * the end.
     */
    List<PositionEval> evaluate(EvalTask task, Player engine, BooleanSupplier stop) {
        SearchLimit limit = TaskPlayers.spec(task.getLimits(), task.getEngine()).limit();
        List<PositionEval> out = new ArrayList<>(task.getPositionsCount());
        for (int i = 0; i < task.getPositionsCount(); i++) {
            if (stop.getAsBoolean()) {
                return null;
            }
            PositionEval e = evaluate(task, i, engine, limit);
            if (e == null) {
                return null;
            }
            out.add(e);
        }
        return out;
    }

    /**
     * Position {@code index} of a validated task; null when the engine wait was cancelled
     * (stopping).
     */
    PositionEval evaluate(EvalTask task, int index, Player engine, SearchLimit limit) {
        EvalPosition given = task.getPositions(index);
        Opening line =
                Opening.fromUsi(
                        given.getStartSfen(), given.getMovesList(), "positions[" + index + "]");
        Position pos = line.startPosition();
        line.moves().forEach(pos::doMove);
        String evalId = PositionEvals.evalId(task.getTaskId(), index);
        int k = Math.max(1, task.getMultipv());
        Instant started = Instant.now();
        PositionEval.Builder rec =
                PositionEval.newBuilder()
                        .setEvalId(evalId)
                        .setTaskId(task.getTaskId())
                        .setBatchId(task.getBatchId())
                        .setPosition(given)
                        .setSfen(Sfen.write(pos))
                        .setPositionKey(ByteString.copyFrom(FullKey.of(pos)))
                        .setLimits(task.getLimits())
                        .setMultipv(k)
                        .setWorkerId(workerId)
                        .setSoftwareVersion(softwareVersion);
        try {
            engine.newGame(evalId.hashCode());
            Player.Answer a = engine.move(line.startPosition(), line.moves(), limit, k);
            moves(pos, a, rec);
        } catch (PlayerException e) {
            if (e.kind() == PlayerException.Kind.CANCELLED) {
                return null;
            }
            rec.clearMoves().setNote("engine failed: " + e.getMessage());
        }
        long ms = java.time.Duration.between(started, Instant.now()).toMillis();
        Instant now = Instant.now();
        return rec.setEngine(
                        task.getEngine().toBuilder()
                                .setEngineId(engine.engineId())
                                .setEngineVersion(engine.engineVersion()))
                .setTimeMs((int) Math.min(Integer.MAX_VALUE, ms))
                .setEvaluatedAt(
                        Timestamp.newBuilder()
                                .setSeconds(now.getEpochSecond())
                                .setNanos(now.getNano()))
                .build();
    }

    /**
     * The answer's lines (or its one move when it has none) as evaluated moves. Every line of one
     * search shares its depth and nodes. A move the rules reject, or a repeated one, is left out
     * and noted.
     */
    private static void moves(Position pos, Player.Answer a, PositionEval.Builder rec) {
        List<Sampling.Line> lines = a.lines();
        if (lines.isEmpty()) {
            if (a.usi().equals("resign") || a.usi().equals("win")) {
                rec.setNote(a.usi());
                return;
            }
            if (!a.info().scored()) {
                rec.setNote("no score reported for " + a.usi());
                return;
            }
            lines = List.of(new Sampling.Line(a.usi(), a.info().mate(), a.info().score()));
        }
        Set<String> seen = new HashSet<>();
        List<String> dropped = new ArrayList<>();
        for (Sampling.Line l : lines) {
            if (!legal(pos, l.usi()) || !seen.add(l.usi())) {
                dropped.add(l.usi());
                continue;
            }
            rec.addMoves(
                    EvaluatedMove.newBuilder()
                            .setUsi(l.usi())
                            .setValue(value(l.mate(), l.score()))
                            .setMate(l.mate())
                            .setDepth(Math.max(0, a.info().depth()))
                            .setNodes(Math.max(0, a.info().nodes())));
        }
        if (!dropped.isEmpty()) {
            rec.setNote("illegal or repeated moves left out: " + String.join(" ", dropped));
        }
    }

    /**
     * A reported score in book units: centipawns clamped below the mate range, or mate in {@code
     * score} plies (negative: being mated) as {@code ±(32000 − plies)}.
     */
    static int value(boolean mate, int score) {
        if (!mate) {
            return Math.max(-MAX_CP, Math.min(MAX_CP, score));
        }
        int plies = Math.min(Score.MATE, Math.abs(score));
        return score > 0 ? Score.MATE - plies : -Score.MATE + plies;
    }

    private static boolean legal(Position pos, String usi) {
        try {
            return !Move.isSpecial(UsiMove.parse(pos, usi));
        } catch (ParseException e) {
            return false;
        }
    }
}
