package dev.joseki.selfplay;

import com.google.protobuf.Timestamp;
import dev.joseki.play.GameSeed;
import dev.joseki.play.Opening;
import dev.joseki.play.PlayedGame;
import dev.joseki.play.RandomPlies;
import dev.joseki.play.Referee;
import dev.joseki.play.Sampling;
import dev.joseki.records.GameRecords;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.MoveRecord;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.SelfPlayTask;
import dev.joseki.records.proto.Termination;
import dev.joseki.rules.Declaration;
import dev.joseki.rules.Game;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * A task's games as the {@link Referee} plays them: the task's opening (given moves, then random
 * plies), its sampled plies, its rules, and the result as a protobuf {@link GameRecord} with stable
 * ids. Game i's seed ({@link GameSeed#game} of the task seed and i) seeds every random choice,
 * including the players' book draws, so a replayed task plays the same games.
 */
final class TaskGames {
    /** A side of the game: the engine and how the task described it. */
    record Seat(dev.joseki.play.Player player, Player spec) {}

    private final String workerId;
    private final String softwareVersion;

    TaskGames(String workerId, String softwareVersion) {
        this.workerId = workerId;
        this.softwareVersion = softwareVersion;
    }

    /** Game {@code index} of a validated task; null if {@code stop} turned true before it ended. */
    GameRecord play(SelfPlayTask task, int index, Seat black, Seat white, BooleanSupplier stop) {
        Instant started = Instant.now();
        Opening opening =
                Opening.fromUsi(
                        task.getOpening().getStartSfen(),
                        task.getOpening().getMovesList(),
                        "opening.moves");
        int maxPlies = task.getMaxPlies() == 0 ? Game.Rules.DEFAULT.maxPlies() : task.getMaxPlies();
        // Every random choice of the game comes from its seed; a colour-swapped pair shares its
        // random plies.
        long taskSeed = task.getOpening().getSeed();
        long gameSeed = GameSeed.game(taskSeed, index);
        boolean pair = task.getCountCase() == SelfPlayTask.CountCase.COLOR_SWAPPED_PAIR;
        String gameId = GameRecords.gameId(task.getTaskId(), index);
        Referee.Start start =
                new Referee.Start(
                        opening,
                        task.getOpening().getRandomPlies(),
                        RandomPlies.seedOf(pair ? taskSeed : gameSeed),
                        new Game.Rules(maxPlies, Declaration.Rule.POINTS_27),
                        gameSeed,
                        sampling(task.getOpening()));
        PlayedGame g = Referee.play(start, seat(task, black), seat(task, white), stop);
        if (g == null) {
            return null;
        }
        List<MoveRecord> info = new ArrayList<>(g.plies());
        for (int i = 0; i < g.plies(); i++) {
            MoveRecord m = MoveRecords.record(g.info().get(i));
            long left = g.clocked() ? g.clockLeftMs().get(i) : -1;
            info.add(
                    left < 0
                            ? m
                            : m.toBuilder()
                                    .setClockLeftMs((int) Math.min(Integer.MAX_VALUE, left))
                                    .build());
        }
        GameRecord.Builder rec =
                GameRecords.fromGame(g.toGame(), info)
                        .setGameId(gameId)
                        .setTaskId(task.getTaskId())
                        .setTournamentId(task.getTournamentId())
                        .setGameIndex(index)
                        .setBlack(recorded(black.spec(), g.black()))
                        .setWhite(recorded(white.spec(), g.white()))
                        .setOpeningPlies(g.openingPlies())
                        .setClocked(g.clocked())
                        .setStartedAt(timestamp(started))
                        .setFinishedAt(timestamp(Instant.now()))
                        .setWorkerId(workerId)
                        .setSoftwareVersion(softwareVersion);
        if (g.crashed()) {
            rec.setTermination(Termination.TERMINATION_ENGINE_CRASH);
        }
        return rec.build();
    }

    /** The task's sampling (validated: {@link TaskValidator}); off when sample_plies is zero. */
    static Sampling sampling(dev.joseki.records.proto.Opening o) {
        if (o.getSamplePlies() == 0) {
            return Sampling.OFF;
        }
        return new Sampling(
                o.getSamplePlies(), o.getSampleWindowCp(), Math.max(2, o.getSampleLines()));
    }

    private static Referee.Seat seat(SelfPlayTask task, Seat s) {
        dev.joseki.play.EngineSpec spec = TaskPlayers.spec(task, s.spec());
        return new Referee.Seat(s.spec().getName(), s.player(), spec.limit(), spec.timeControl());
    }

    private static Player recorded(Player spec, PlayedGame.Engine e) {
        return spec.toBuilder().setEngineId(e.id()).setEngineVersion(e.version()).build();
    }

    private static Timestamp timestamp(Instant t) {
        return Timestamp.newBuilder().setSeconds(t.getEpochSecond()).setNanos(t.getNano()).build();
    }
}
