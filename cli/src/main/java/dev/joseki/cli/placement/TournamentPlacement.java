package dev.joseki.cli.placement;

import dev.joseki.cli.command.Progress;
import dev.joseki.cli.kafka.KafkaOptions;
import dev.joseki.play.EngineSpec;
import dev.joseki.records.proto.RunInfo;
import dev.joseki.selfplay.KafkaExecutor;
import dev.joseki.selfplay.RunBoard;
import dev.joseki.selfplay.RunStop;
import dev.joseki.tournament.Concurrency;
import dev.joseki.tournament.LocalExecutor;
import dev.joseki.tournament.RefereedGames;
import dev.joseki.tournament.Tournament;
import dev.joseki.tournament.TournamentListener;
import dev.joseki.tournament.TournamentResults;
import dev.joseki.tournament.TournamentSetup;
import dev.joseki.tournament.stats.SprtStatus;
import dev.joseki.tournament.stats.Trinomial;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.function.BooleanSupplier;

/**
 * Plays a tournament setup where {@link GamePlacement} says (tournament and book compare). The
 * tournament id keys its games on the games topic: re-running the same id continues where it
 * stopped.
 */
public final class TournamentPlacement {
    private final GamePlacement placement;
    private final int inFlight;
    private final PrintWriter err;
    private final Path archive;

    /**
     * @param archive the file that keeps the run's games as they arrive, for {@code games load}
     *     after a lost broker (null: none)
     */
    public TournamentPlacement(
            GamePlacementOptions options,
            int inFlight,
            KafkaOptions kafka,
            PrintWriter err,
            Path archive) {
        this.placement =
                new GamePlacement(
                        options,
                        kafka,
                        err,
                        " (allowed by --allow-shared-cores: time losses and results are not"
                                + " fair)");
        this.inFlight = inFlight;
        this.err = err;
        this.archive = archive;
    }

    /**
     * Plays a setup in this process (--local) or on the workers, after the capacity check; {@link
     * #concurrencyUsed()} then says how the games shared the machine. Once {@code interrupted} says
     * so, it returns the games finished until then.
     */
    public TournamentResults play(
            TournamentSetup setup, TournamentListener listener, BooleanSupplier interrupted)
            throws IOException, InterruptedException {
        return play(setup, "tournament", List.of(), listener, interrupted);
    }

    /**
     * As {@link #play(TournamentSetup, TournamentListener, BooleanSupplier)}, the run's {@code
     * kind} ("tournament", "book-compare") and compared {@code books} written on the runs topic for
     * ./joseki serve when it plays on the workers.
     */
    public TournamentResults play(
            TournamentSetup setup,
            String kind,
            List<String> books,
            TournamentListener listener,
            BooleanSupplier interrupted)
            throws IOException, InterruptedException {
        if (placement.local()) {
            placement.checkLocal(setup.players());
        }
        try (RefereedGames player = new RefereedGames(setup.rules(), setup.name())) {
            return placement.local()
                    ? Tournament.run(
                            setup, player, new LocalExecutor(player), listener, interrupted)
                    : onWorkers(setup, new RunLabel(kind, books), player, listener, interrupted);
        }
    }

    public Concurrency concurrencyUsed() {
        return placement.concurrencyUsed();
    }

    /**
     * Plays on the Kafka workers. The checker (this process's game player) validates built-in
     * options and completes a USI handshake with each external engine before any task is sent, so a
     * typo fails here and not on every worker.
     */
    private record RunLabel(String kind, List<String> books) {}

    private TournamentResults onWorkers(
            TournamentSetup setup,
            RunLabel label,
            RefereedGames checker,
            TournamentListener listener,
            BooleanSupplier interrupted)
            throws IOException, InterruptedException {
        List<EngineSpec> players = setup.players();
        return placement.onWorkers(
                setup.name(),
                players,
                setup.rules().maxPlies(),
                inFlight,
                archive,
                embedded ->
                        "joseki: tournament " + setup.name() + resumeHint(setup.name(), embedded),
                executor -> {
                    TournamentResults r =
                            announced(setup, label, executor, checker, listener, interrupted);
                    if (executor.resumed() > 0) {
                        err.println(
                                "joseki: "
                                        + executor.resumed()
                                        + " games of tournament "
                                        + setup.name()
                                        + " were already played");
                        err.flush();
                    }
                    if (executor.requeued() > 0) {
                        err.println(
                                "joseki: "
                                        + executor.requeued()
                                        + " games were played from the tasks an earlier run had"
                                        + " queued (not sent again)");
                        err.flush();
                    }
                    return r;
                });
    }

    /**
     * Runs the tournament between its two {@link RunInfo}s on the runs topic (started, then how it
     * ended), stopping as if interrupted when a stop action retires it ({@link RunStop}).
     */
    private static TournamentResults announced(
            TournamentSetup setup,
            RunLabel label,
            KafkaExecutor executor,
            RefereedGames checker,
            TournamentListener listener,
            BooleanSupplier interrupted) {
        KafkaExecutor.Config c = executor.config();
        Instant start = Instant.now();
        RunInfo info =
                RunBoard.started(
                        setup,
                        label.kind(),
                        label.books(),
                        setup.schedule().size(),
                        start,
                        executor::pinned);
        RunBoard.publish(c.kafka(), c.topics(), info);
        try (RunStop stop = RunStop.watch(c.kafka(), c.topics(), setup.name(), start)) {
            TournamentResults r =
                    Tournament.run(
                            setup,
                            checker,
                            executor,
                            listener,
                            () -> interrupted.getAsBoolean() || stop.requested());
            RunBoard.publish(c.kafka(), c.topics(), RunBoard.ended(info, r, null, Instant.now()));
            return r;
        } catch (RuntimeException e) {
            RunBoard.publish(c.kafka(), c.topics(), RunBoard.ended(info, null, e, Instant.now()));
            throw e;
        }
    }

    /**
     * Each game to {@code progress}: games done and planned, with the tested engine's score and the
     * SPRT's LLR as the line's detail.
     */
    public static TournamentListener progressListener(Progress progress, String tested) {
        return (o, done, total, score, status) ->
                progress.update(done, total, detail(tested, score, status));
    }

    /** "A 1-0-1 (75.0%)", with " LLR 0.12 (-2.94, 2.94)" when an SPRT runs. */
    static String detail(String tested, Trinomial score, SprtStatus status) {
        String s =
                String.format(
                        Locale.ROOT,
                        "%s %d-%d-%d (%.1f%%)",
                        tested,
                        score.wins(),
                        score.losses(),
                        score.draws(),
                        score.games() == 0 ? 50.0 : 100 * score.points() / score.games());
        if (status == null) {
            return s;
        }
        // the runner's own LLR, on the pairs completed so far
        return s
                + String.format(
                        Locale.ROOT,
                        "  LLR %.2f (%.2f, %.2f)",
                        status.llr(),
                        status.lowerBound(),
                        status.upperBound());
    }

    /**
     * Games are kept by the broker: an embedded one is deleted on exit, so only a lasting broker
     * (given or the local cluster) lets a re-run continue. Telling a user otherwise costs them the
     * games already played.
     */
    static String resumeHint(String id, boolean embeddedBroker) {
        return embeddedBroker
                ? " (an embedded broker keeps its games only while this runs; to make an"
                        + " interrupted tournament resumable run it on `./joseki cluster up` or"
                        + " --bootstrap-servers)"
                : " (re-run with --name " + id + " to continue it)";
    }

    public static String newId() {
        return "t-"
                + Instant.now().getEpochSecond()
                + "-"
                + UUID.randomUUID().toString().substring(0, 6);
    }
}
