package dev.joseki.selfplay;

import com.google.protobuf.ByteString;
import dev.joseki.book.FullKey;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.records.proto.BookSource;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.MoveRecord;
import dev.joseki.records.proto.SelfPlayTask;
import dev.joseki.records.proto.Termination;
import dev.joseki.records.proto.TrainTask;
import dev.joseki.records.proto.TrainingPosition;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * A training task's games as the teacher plays them against itself ({@link TaskGames}: the task's
 * opening, seeds and sampled plies as for self-play), and the labelled positions they yield: every
 * position from {@code min_ply} on where the teacher searched (not an opening, random or sampled
 * ply, not a book move) becomes a {@link TrainingPosition} with the teacher's score and move, and
 * the game's result. With one thread and a node or depth limit the built-in teacher plays the same
 * games wherever the task is replayed, so the position ids and records are the same.
 *
 * <p>A game that the teacher did not finish in order (crash, time-out, illegal move) or a searched
 * move without a score is a {@link TeacherFailed}: the task publishes nothing and is played again.
 */
final class TaskPositions {
    /** Game endings that are the teacher's failure, not a result to learn from. */
    private static final Set<Termination> FAILURES =
            Set.of(
                    Termination.TERMINATION_ENGINE_CRASH,
                    Termination.TERMINATION_TIME,
                    Termination.TERMINATION_ILLEGAL_MOVE,
                    Termination.TERMINATION_ABORT);

    /** The teacher crashed, timed out, played an illegal move or gave no score. */
    static final class TeacherFailed extends Exception {
        private static final long serialVersionUID = 1L;

        TeacherFailed(String message) {
            super(message);
        }
    }

    /** What a task publishes: its games and their labelled positions. */
    record Labelled(List<GameRecord> games, List<TrainingPosition> positions) {
        Labelled {
            games = List.copyOf(games);
            positions = List.copyOf(positions);
        }
    }

    private final TaskGames runner;

    TaskPositions(TaskGames runner) {
        this.runner = runner;
    }

    /**
     * The games and positions of a validated task, the teacher in seats {@code a} and {@code b}
     * (two instances of one spec); null if {@code stop} turned true before the end.
     */
    Labelled label(
            TrainTask task,
            dev.joseki.play.Player a,
            dev.joseki.play.Player b,
            BooleanSupplier stop)
            throws TeacherFailed {
        SelfPlayTask g = task.getGames();
        List<GameRecord> games = new ArrayList<>();
        List<TrainingPosition> positions = new ArrayList<>();
        for (int i = 0; i < TaskValidator.gameCount(g); i++) {
            GameRecord rec =
                    runner.play(
                            g,
                            i,
                            new TaskGames.Seat(a, g.getBlack()),
                            new TaskGames.Seat(b, g.getWhite()),
                            stop);
            if (rec == null) {
                return null;
            }
            games.add(rec);
            positions.addAll(positions(task, rec));
        }
        return new Labelled(games, positions);
    }

    /**
     * The labelled positions of one finished game: before each searched move from {@code min_ply}
     * on, the position, the move and its score. Throws when the game is the teacher's failure.
     */
    static List<TrainingPosition> positions(TrainTask task, GameRecord game) throws TeacherFailed {
        if (FAILURES.contains(game.getTermination())) {
            throw new TeacherFailed(
                    "game "
                            + game.getGameId()
                            + " ended by "
                            + game.getTermination()
                            + (game.getTerminationDetail().isEmpty()
                                    ? ""
                                    : ": " + game.getTerminationDetail()));
        }
        Position pos = Sfen.parse(game.getStartSfen());
        List<TrainingPosition> out = new ArrayList<>();
        for (int i = 0; i < game.getMovesCount(); i++) {
            MoveRecord m = game.getMoves(i);
            boolean searched = m.getBookSource() == BookSource.BOOK_SOURCE_NONE;
            if (searched && pos.moveNumber() >= task.getMinPly()) {
                if (!m.hasScoreCp() && !m.hasScoreMate()) {
                    throw new TeacherFailed(
                            "game "
                                    + game.getGameId()
                                    + " ply "
                                    + (i + 1)
                                    + ": no score reported for "
                                    + m.getUsi());
                }
                out.add(position(task, game, i, pos, m));
            }
            pos.doMove(UsiMove.parse(pos, m.getUsi()));
        }
        return out;
    }

    private static TrainingPosition position(
            TrainTask task, GameRecord game, int index, Position pos, MoveRecord m) {
        boolean mate = m.hasScoreMate();
        return TrainingPosition.newBuilder()
                .setPositionId(positionId(game.getGameId(), index))
                .setGameId(game.getGameId())
                .setRunId(task.getRunId())
                .setSfen(Sfen.write(pos))
                .setPositionKey(ByteString.copyFrom(FullKey.of(pos)))
                .setBlackToMove(pos.sideToMove() == Piece.BLACK)
                .setPly(pos.moveNumber())
                .setScore(TaskEvals.value(mate, mate ? m.getScoreMate() : m.getScoreCp()))
                .setMate(mate)
                .setBestMove(m.getUsi())
                .setDepth(m.getDepth())
                .setNodes(m.getNodes())
                .setInCheck(pos.inCheck())
                .setResult(game.getResult())
                .setTermination(game.getTermination())
                .setTeacher(game.getBlack())
                .setWorkerId(game.getWorkerId())
                .setSoftwareVersion(game.getSoftwareVersion())
                .build();
    }

    /** {@code <game id>/<ply>}, the ply 1-based within the game's moves. */
    static String positionId(String gameId, int moveIndex) {
        return gameId + "/" + (moveIndex + 1);
    }
}
