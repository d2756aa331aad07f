package dev.joseki.cli.room;

import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.RunInfo;
import dev.joseki.selfplay.RunGames;
import dev.joseki.tournament.GameOutcome;
import dev.joseki.tournament.RunEnd;
import dev.joseki.tournament.TournamentResults;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One named run as the broker holds it: its latest {@link RunInfo} and its games, each game number
 * once (the first record of it, as the tournament counts it). Not thread-safe: {@link RoomView}
 * serialises access. The report is recomputed from the games by the tournament's own code ({@link
 * TournamentResults#of}) when asked after a change, and kept until the next change.
 */
final class RunView {
    /** A game with when it finished (epoch ms), the order of the chart. */
    record Finished(GameOutcome outcome, long finishedMs) {}

    private RunGames run;
    private final Map<Integer, Finished> games = new TreeMap<>();
    private Snapshot snapshot;

    /** The JSON of {@link #snapshot}, made on the first request after a change. */
    private com.fasterxml.jackson.databind.node.ObjectNode row;

    private String detail;

    /** What the pages show of a run at one moment; immutable. */
    record Snapshot(
            RunInfo info,
            TournamentResults results,
            List<RunSeries.Point> series,
            List<Finished> byFinish) {}

    RunView(RunInfo info) {
        this.run = new RunGames(info);
    }

    String id() {
        return run.info().getRunId();
    }

    RunInfo info() {
        return run.info();
    }

    /**
     * A newer record of the run. Another run under the same id (other players) starts afresh: the
     * games of the old one are not its games.
     */
    void update(RunInfo info) {
        boolean samePlayers = info.getPlayersList().equals(run.info().getPlayersList());
        run = new RunGames(info);
        if (!samePlayers) {
            games.clear();
        }
        snapshot = null;
    }

    /** Whether {@code gameId} names one of this run's games. */
    boolean owns(String gameId) {
        return run.gameNumber(gameId) >= 0;
    }

    /**
     * Adds a game record; false when it is not one of this run's games or its number is there
     * already. A record the rules refuse throws IllegalArgumentException.
     */
    boolean add(GameRecord rec) {
        int n = run.gameNumber(rec.getGameId());
        if (n < 0 || games.containsKey(n)) {
            return false;
        }
        GameOutcome o = run.outcome(rec);
        if (o == null) {
            return false;
        }
        long ms =
                rec.getFinishedAt().getSeconds() * 1000
                        + rec.getFinishedAt().getNanos() / 1_000_000;
        games.put(n, new Finished(o, ms));
        snapshot = null;
        return true;
    }

    int gamesSeen() {
        return games.size();
    }

    /** The game numbered {@code n}, or null. */
    GameOutcome game(int n) {
        Finished f = games.get(n);
        return f == null ? null : f.outcome();
    }

    /**
     * The report of the games that count: once the run ended, those its own report counted
     * (RunInfo.counted_games); while it runs, every game so far.
     */
    Snapshot snapshot() {
        if (snapshot == null) {
            snapshot = compute();
            row = null;
            detail = null;
        }
        return snapshot;
    }

    /** {@link RunJson#row} of the snapshot, kept until the next change; not to be modified. */
    com.fasterxml.jackson.databind.node.ObjectNode row() {
        Snapshot s = snapshot();
        if (row == null) {
            row = RunJson.row(s);
        }
        return row;
    }

    /**
     * {@link RunJson#detail} of the snapshot, serialised, kept until the next change: a run of
     * 10,000 games is recomputed and written once per change, not once per request.
     */
    String detail() {
        Snapshot s = snapshot();
        if (detail == null) {
            detail = RunJson.write(RunJson.detail(s));
        }
        return detail;
    }

    private Snapshot compute() {
        RunInfo info = run.info();
        Set<Integer> counted =
                info.getCountedGamesCount() == 0 ? null : new HashSet<>(info.getCountedGamesList());
        List<Finished> byFinish = new ArrayList<>();
        for (Map.Entry<Integer, Finished> e : games.entrySet()) {
            if (counted == null || counted.contains(e.getKey())) {
                byFinish.add(e.getValue());
            }
        }
        byFinish.sort(
                Comparator.comparingLong(Finished::finishedMs)
                        .thenComparingInt(f -> f.outcome().task().id()));
        List<GameOutcome> outcomes = byFinish.stream().map(Finished::outcome).toList();
        RunEnd end =
                switch (info.getStatus()) {
                    case RUN_STATUS_DECIDED_H0, RUN_STATUS_DECIDED_H1 -> RunEnd.SPRT_DECIDED;
                    case RUN_STATUS_STOPPED, RUN_STATUS_FAILED -> RunEnd.INTERRUPTED;
                    default -> RunEnd.COMPLETE;
                };
        TournamentResults r =
                TournamentResults.of(run.setup(), outcomes, info.getPlannedGames(), end);
        return new Snapshot(
                info, r, RunSeries.of(outcomes, run.setup().sprt()), List.copyOf(byFinish));
    }
}
