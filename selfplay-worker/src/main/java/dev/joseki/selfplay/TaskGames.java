package dev.joseki.selfplay;

import com.google.protobuf.Timestamp;
import dev.joseki.play.MoveInfo;
import dev.joseki.play.Opening;
import dev.joseki.play.PlayedGame;
import dev.joseki.play.RandomPlies;
import dev.joseki.play.Referee;
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
 * A task's games as the {@link Referee} plays them: the task's opening (given moves, then random plies
 * seeded per game), its rules, and the result as a protobuf {@link GameRecord} with stable ids. The game
 * id also seeds the players' own random choices (book moves), so a replayed task plays the same games.
 */
final class TaskGames {
    /** A side of the game: the engine and how the task described it. */
    record Seat(dev.joseki.play.Player player, Player spec) {
    }

    private final String workerId;
    private final String softwareVersion;

    TaskGames(String workerId, String softwareVersion) {
        this.workerId = workerId;
        this.softwareVersion = softwareVersion;
    }

    /** Game {@code index} of a validated task; null if {@code stop} turned true before it ended. */
    GameRecord play(SelfPlayTask task, int index, Seat black, Seat white, BooleanSupplier stop) {
        Instant started = Instant.now();
        Opening opening = Opening.fromUsi(task.getOpening().getStartSfen(), task.getOpening().getMovesList(),
                "opening.moves");
        int maxPlies = task.getMaxPlies() == 0 ? Game.Rules.DEFAULT.maxPlies() : task.getMaxPlies();
        // A colour-swapped pair shares one opening; otherwise each game has its own.
        int openingIndex = task.getCountCase() == SelfPlayTask.CountCase.COLOR_SWAPPED_PAIR ? 0 : index;
        String gameId = GameRecords.gameId(task.getTaskId(), index);
        Referee.Start start = new Referee.Start(opening, task.getOpening().getRandomPlies(),
                RandomPlies.seedFor(task.getOpening().getSeed(), openingIndex),
                new Game.Rules(maxPlies, Declaration.Rule.POINTS_27), Referee.seedOf(gameId));
        PlayedGame g = Referee.play(start, seat(task, black), seat(task, white), stop);
        if (g == null) {
            return null;
        }
        List<MoveRecord> info = new ArrayList<>(g.plies());
        for (MoveInfo m : g.info()) {
            info.add(MoveRecords.record(m));
        }
        GameRecord.Builder rec = GameRecords.fromGame(g.toGame(), info)
                .setGameId(gameId)
                .setTaskId(task.getTaskId())
                .setTournamentId(task.getTournamentId())
                .setGameIndex(index)
                .setBlack(recorded(black.spec(), g.black()))
                .setWhite(recorded(white.spec(), g.white()))
                .setOpeningPlies(g.openingPlies())
                .setStartedAt(timestamp(started))
                .setFinishedAt(timestamp(Instant.now()))
                .setWorkerId(workerId)
                .setSoftwareVersion(softwareVersion);
        if (g.crashed()) {
            rec.setTermination(Termination.TERMINATION_ENGINE_CRASH);
        }
        return rec.build();
    }

    private static Referee.Seat seat(SelfPlayTask task, Seat s) {
        return new Referee.Seat(s.spec().getName(), s.player(), TaskPlayers.spec(task, s.spec()).limit());
    }

    private static Player recorded(Player spec, PlayedGame.Engine e) {
        return spec.toBuilder().setEngineId(e.id()).setEngineVersion(e.version()).build();
    }

    private static Timestamp timestamp(Instant t) {
        return Timestamp.newBuilder().setSeconds(t.getEpochSecond()).setNanos(t.getNano()).build();
    }
}
