package dev.joseki.selfplay;

import com.google.protobuf.Timestamp;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.play.EngineSpec;
import dev.joseki.records.proto.EngineArtifact;
import dev.joseki.records.proto.ParameterTrack;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.RunInfo;
import dev.joseki.records.proto.RunStatus;
import dev.joseki.tournament.GameOutcome;
import dev.joseki.tournament.RunEnd;
import dev.joseki.tournament.TournamentResults;
import dev.joseki.tournament.TournamentSetup;
import dev.joseki.tournament.stats.SprtDecision;
import dev.joseki.tournament.tune.SpsaState;
import dev.joseki.tournament.tune.TuneParameter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.UnaryOperator;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a named run on the workers says about itself on the runs topic ({@link Topics#runs()}): a
 * {@link RunInfo} when it starts and another when it ends. A reader of the broker rebuilds the
 * run's report from it and the run's games ({@link RunGames}). Failing to write one never stops the
 * run: the run page is a view, the games are the product.
 */
public final class RunBoard {
    private static final Logger LOG = LoggerFactory.getLogger(RunBoard.class);
    private static final long TIMEOUT_SECONDS = 15;

    /** The most values a tune's parameter track holds besides its start ({@link #withTracks}). */
    static final int TRACK_POINTS = 500;

    private RunBoard() {}

    /**
     * The run as it starts.
     *
     * @param kind "tournament" or "book-compare"
     * @param books the compared books' directories (empty for a tournament)
     * @param pin pins an artifact engine to its hash, as the run's tasks carry it ({@link
     *     ArtifactPins})
     */
    public static RunInfo started(
            TournamentSetup setup,
            String kind,
            List<String> books,
            int plannedGames,
            Instant now,
            UnaryOperator<EngineSpec> pin) {
        RunInfo.Builder b =
                RunInfo.newBuilder()
                        .setRunId(setup.name())
                        .setKind(kind)
                        .setFormat(setup.format().id())
                        .setRounds(setup.rounds())
                        .setPlannedGames(plannedGames)
                        .setTimeControl(timeControl(setup.players().get(0)))
                        .setSprt(setup.sprt() == null ? "" : setup.sprt().toString())
                        .setMaxPlies(setup.rules().maxPlies())
                        .setStatus(RunStatus.RUN_STATUS_RUNNING)
                        .setStartedAt(timestamp(now))
                        .setUpdatedAt(timestamp(now))
                        .setHost(host())
                        .addAllBooks(books);
        for (EngineSpec p : setup.players()) {
            b.addPlayers(TaskPlayers.player(pin.apply(p)));
        }
        return b.build();
    }

    /**
     * A player as the runs topic shows it. An artifact engine not pinned yet (the run pins it when
     * it makes its tasks) goes by its name alone: the page names engines, the tasks carry hashes.
     */
    static Player described(EngineSpec p) {
        if (p.artifact() != null && p.artifactHash() == null) {
            return Player.newBuilder()
                    .setName(p.name())
                    .putAllOptions(p.options())
                    .setArtifact(
                            EngineArtifact.newBuilder()
                                    .setName(p.artifactName())
                                    .addAllArgs(p.args()))
                    .build();
        }
        return TaskPlayers.player(p);
    }

    /**
     * A run without a report (self-play, training data, evaluation) as it starts: its players
     * (distinct, in seat order), limit or clock, and the games and positions it plans (0: none).
     *
     * @param kind "selfplay", "train-data" or "evaluate"
     */
    public static RunInfo started(
            String runId,
            String kind,
            List<EngineSpec> players,
            String limit,
            int plannedGames,
            long plannedPositions,
            Instant now) {
        RunInfo.Builder b =
                RunInfo.newBuilder()
                        .setRunId(runId)
                        .setKind(kind)
                        .setPlannedGames(plannedGames)
                        .setPlannedPositions(plannedPositions)
                        .setTimeControl(limit)
                        .setStatus(RunStatus.RUN_STATUS_RUNNING)
                        .setStartedAt(timestamp(now))
                        .setUpdatedAt(timestamp(now))
                        .setHost(host());
        for (EngineSpec p : players.stream().distinct().toList()) {
            b.addPlayers(described(p));
        }
        return b.build();
    }

    /**
     * A run without a report as it ended: failed with {@code error}'s message, else finished when
     * everything planned was done and stopped when not (./joseki run stop, Ctrl-C).
     */
    public static RunInfo ended(
            RunInfo started, int doneGames, long donePositions, Throwable error, Instant now) {
        RunInfo.Builder b =
                started.toBuilder()
                        .setUpdatedAt(timestamp(now))
                        .setDoneGames(doneGames)
                        .setDonePositions(donePositions);
        boolean complete =
                doneGames >= started.getPlannedGames()
                        && donePositions >= started.getPlannedPositions();
        if (error != null) {
            return b.setStatus(RunStatus.RUN_STATUS_FAILED)
                    .setDetail(String.valueOf(error.getMessage()))
                    .build();
        }
        return b.setStatus(complete ? RunStatus.RUN_STATUS_FINISHED : RunStatus.RUN_STATUS_STOPPED)
                .build();
    }

    /**
     * A run that ended in its own way (mining: its budget spent, its frontier empty) as finished,
     * with {@code why} as its detail.
     */
    public static RunInfo finished(RunInfo last, String why, Instant now) {
        return last.toBuilder()
                .setStatus(RunStatus.RUN_STATUS_FINISHED)
                .setDetail(why)
                .setUpdatedAt(timestamp(now))
                .build();
    }

    /**
     * A tune's record as it stands: {@code info} with its updates done and each parameter's θ at
     * the start and after every update so far ({@link SpsaState#history}), every step-th one when
     * there are more than {@link #TRACK_POINTS}, and the current one last.
     */
    public static RunInfo withTracks(RunInfo info, SpsaState state) {
        RunInfo.Builder b = info.toBuilder().clearTracks().setIterationsDone(state.iteration());
        List<TuneParameter> ps = state.parameterList();
        List<List<Double>> history = state.history();
        int last = history.size() - 1;
        // at most TRACK_POINTS + 1 values a parameter: a record of 10 parameters stays ~50 KB
        int step = Math.max(1, (last + TRACK_POINTS - 1) / TRACK_POINTS);
        for (int i = 0; i < ps.size(); i++) {
            ParameterTrack.Builder t =
                    ParameterTrack.newBuilder().setName(ps.get(i).name()).setStep(step);
            for (int k = 0; k <= last; k += step) {
                t.addValues(history.get(k).get(i));
            }
            if (last % step != 0) {
                t.addValues(history.get(last).get(i));
            }
            b.addTracks(t);
        }
        return b.build();
    }

    /** The tested player's clock ("10+0.1") or per-move limit ("nodes=20000"). */
    public static String timeControl(EngineSpec p) {
        return p.timeControl() != null
                ? p.timeControl().toString()
                : p.limit() != null ? p.limit().toString() : "";
    }

    /** The run as it ended: decided, finished, stopped, or failed ({@code error} not null). */
    public static RunInfo ended(
            RunInfo started, TournamentResults results, Throwable error, Instant now) {
        RunInfo.Builder b = started.toBuilder().setUpdatedAt(timestamp(now));
        if (error != null) {
            return b.setStatus(RunStatus.RUN_STATUS_FAILED)
                    .setDetail(String.valueOf(error.getMessage()))
                    .build();
        }
        for (GameOutcome o : results.games()) { // sorted by game number
            b.addCountedGames(o.task().id());
        }
        return b.setStatus(status(results)).build();
    }

    /** The status a run's results give it. */
    static RunStatus status(TournamentResults r) {
        if (r.end() == RunEnd.INTERRUPTED) {
            return RunStatus.RUN_STATUS_STOPPED;
        }
        if (r.end() == RunEnd.SPRT_DECIDED && r.sprt() != null) {
            return r.sprt().decision() == SprtDecision.H1
                    ? RunStatus.RUN_STATUS_DECIDED_H1
                    : RunStatus.RUN_STATUS_DECIDED_H0;
        }
        return RunStatus.RUN_STATUS_FINISHED;
    }

    /** Writes {@code info} keyed by its run id; a failure is logged, not thrown. */
    public static void publish(KafkaSettings kafka, Topics topics, RunInfo info) {
        try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(kafka.producer(null))) {
            p.send(new ProducerRecord<>(topics.runs(), info.getRunId(), info.toByteArray()))
                    .get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("run {}: could not write it on {}: {}", info.getRunId(), topics.runs(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public static Timestamp timestamp(Instant t) {
        return Timestamp.newBuilder().setSeconds(t.getEpochSecond()).setNanos(t.getNano()).build();
    }

    static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "unknown";
        }
    }
}
