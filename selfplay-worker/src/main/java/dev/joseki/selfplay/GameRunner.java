package dev.joseki.selfplay;

import com.google.protobuf.Timestamp;
import dev.joseki.notation.ParseException;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.records.GameRecords;
import dev.joseki.records.proto.BookSource;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.MoveRecord;
import dev.joseki.records.proto.SelfPlayTask;
import dev.joseki.records.proto.Termination;
import dev.joseki.rules.Declaration;
import dev.joseki.rules.Game;
import dev.joseki.rules.Move;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Plays one game of a task. The rules live in {@link Game}: every answer of an engine is parsed and then
 * played through it, so an illegal move, a false {@code win} claim, a repetition or the ply limit are
 * judged here and never taken from the engine. Failures of an engine (crash, no answer in time) end the
 * game as a loss for that engine with the matching termination.
 */
final class GameRunner {
    /** A side of the game: the engine and how the task described it. */
    record Seat(Player player, dev.joseki.records.proto.Player spec) {
    }

    private final String workerId;
    private final String softwareVersion;

    GameRunner(String workerId, String softwareVersion) {
        this.workerId = workerId;
        this.softwareVersion = softwareVersion;
    }

    /** Game {@code index} of a validated task; null if {@code stop} turned true before it ended. */
    GameRecord play(SelfPlayTask task, int index, Seat black, Seat white, BooleanSupplier stop) {
        Instant started = Instant.now();
        Position start = task.getOpening().getStartSfen().isEmpty() ? Sfen.startPosition() : Sfen.parse(task.getOpening().getStartSfen());
        int maxPlies = task.getMaxPlies() == 0 ? Game.Rules.DEFAULT.maxPlies() : task.getMaxPlies();
        Game game = new Game(start, new Game.Rules(maxPlies, Declaration.Rule.POINTS_27));
        List<MoveRecord> info = new ArrayList<>();
        // A colour-swapped pair shares one opening; otherwise each game has its own.
        int openingIndex = task.getCountCase() == SelfPlayTask.CountCase.COLOR_SWAPPED_PAIR ? 0 : index;
        int openingPlies = Opening.playLine(game, task.getOpening().getMovesList(), info);
        openingPlies += Opening.play(game, task.getOpening().getRandomPlies(),
                Opening.seedFor(task.getOpening().getSeed(), openingIndex), info);
        boolean crashed = false;

        for (int color : new int[] {Piece.BLACK, Piece.WHITE}) {
            if (!game.isOver()) {
                try {
                    (color == Piece.BLACK ? black : white).player().newGame();
                } catch (PlayerException e) {
                    crashed |= fail(game, color, e);
                }
            }
        }
        while (!game.isOver()) {
            if (stop.getAsBoolean()) {
                return null;
            }
            int us = game.position().sideToMove();
            Seat seat = us == Piece.BLACK ? black : white;
            Limits limits = seat.spec().hasLimits() ? seat.spec().getLimits() : task.getLimits();
            MoveDecision d;
            try {
                d = seat.player().move(game.startPosition(), game.moves(), limits);
            } catch (PlayerException e) {
                crashed |= fail(game, us, e);
                break;
            }
            int move;
            try {
                move = UsiMove.parseSyntax(game.position(), d.usi(), "engine", 1, 1);
            } catch (ParseException e) {
                game.end(Result.loser(us), dev.joseki.rules.Termination.ILLEGAL_MOVE, "malformed move '" + d.usi() + "'");
                break;
            }
            int before = game.plies();
            game.play(move);
            if (game.plies() > before) {
                info.add(d.info().toBuilder().setBookSource(d.info().getBookSource() == BookSource.BOOK_SOURCE_UNSPECIFIED
                        ? BookSource.BOOK_SOURCE_NONE : d.info().getBookSource()).build());
            } else if (move != Move.RESIGN && move != Move.WIN && !game.isOver()) {
                throw new IllegalStateException("the rules neither played nor rejected " + d.usi());
            }
        }

        if (stop.getAsBoolean()) {
            return null; // whatever ended the game, a stopping worker records nothing: the task is replayed
        }
        GameRecord.Builder rec = GameRecords.fromGame(game, info)
                .setGameId(GameRecords.gameId(task.getTaskId(), index))
                .setTaskId(task.getTaskId())
                .setTournamentId(task.getTournamentId())
                .setGameIndex(index)
                .setBlack(recorded(black))
                .setWhite(recorded(white))
                .setOpeningPlies(openingPlies)
                .setStartedAt(timestamp(started))
                .setFinishedAt(timestamp(Instant.now()))
                .setWorkerId(workerId)
                .setSoftwareVersion(softwareVersion);
        if (crashed) {
            rec.setTermination(Termination.TERMINATION_ENGINE_CRASH);
        }
        return rec.build();
    }

    /**
     * Ends the game as a loss for {@code color}; true if it was a crash (the rules call it an abort). A
     * cancelled player (worker stopping) also ends it, but such a game is never recorded.
     */
    private static boolean fail(Game game, int color, PlayerException e) {
        if (e.kind() == PlayerException.Kind.TIME) {
            game.end(Result.loser(color), dev.joseki.rules.Termination.TIME, e.getMessage());
            return false;
        }
        game.end(Result.loser(color), dev.joseki.rules.Termination.ABORT, "engine crash: " + e.getMessage());
        return true;
    }

    private static dev.joseki.records.proto.Player recorded(Seat s) {
        return s.spec().toBuilder().setEngineId(s.player().engineId()).setEngineVersion(s.player().engineVersion()).build();
    }

    private static Timestamp timestamp(Instant t) {
        return Timestamp.newBuilder().setSeconds(t.getEpochSecond()).setNanos(t.getNano()).build();
    }
}
