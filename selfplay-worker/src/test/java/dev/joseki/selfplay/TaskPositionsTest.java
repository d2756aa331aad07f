package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.records.proto.BookSource;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.GameResult;
import dev.joseki.records.proto.MoveRecord;
import dev.joseki.records.proto.Termination;
import dev.joseki.records.proto.TrainTask;
import dev.joseki.records.proto.TrainingPosition;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which positions of a training game are recorded, and how: worked out by hand on a four-ply game
 * from a rook-and-king ending (Black drops the rook with check, White steps aside, Black's king
 * moves, White's reply is a sampled ply).
 */
class TaskPositionsTest {
    private static final String START = "4k4/9/9/9/9/9/9/9/4K4 b R 1";

    private static MoveRecord move(String usi, BookSource source) {
        return MoveRecord.newBuilder().setUsi(usi).setBookSource(source).build();
    }

    private static GameRecord game(MoveRecord third, Termination termination) {
        return GameRecord.newBuilder()
                .setGameId("tr-1-0/0")
                .setStartSfen(START)
                .addMoves(move("R*5e", BookSource.BOOK_SOURCE_OPENING_LINE))
                .addMoves(
                        move("5a4a", BookSource.BOOK_SOURCE_NONE).toBuilder()
                                .setScoreCp(-900)
                                .setDepth(7)
                                .setNodes(1234))
                .addMoves(third)
                .addMoves(move("4a3a", BookSource.BOOK_SOURCE_SAMPLED))
                .setResult(GameResult.GAME_RESULT_BLACK_WIN)
                .setTermination(termination)
                .setWorkerId("w1")
                .build();
    }

    private static final MoveRecord MATE_IN_7 =
            move("5i5h", BookSource.BOOK_SOURCE_NONE).toBuilder().setScoreMate(7).build();

    private static TrainTask task(int minPly) {
        return TrainTask.newBuilder()
                .setTaskId("tr-1-0")
                .setRunId("tr-1")
                .setMinPly(minPly)
                .build();
    }

    @Test
    void onlySearchedMovesAreRecordedWithThePositionBeforeThem() throws Exception {
        List<TrainingPosition> got =
                TaskPositions.positions(task(0), game(MATE_IN_7, Termination.TERMINATION_RESIGN));

        assertThat(got)
                .extracting(TrainingPosition::getPositionId)
                .containsExactly("tr-1-0/0/2", "tr-1-0/0/3");
        TrainingPosition evasion = got.get(0);
        assertThat(evasion.getSfen()).isEqualTo("4k4/9/9/9/4R4/9/9/9/4K4 w - 2");
        assertThat(evasion.getBlackToMove()).isFalse();
        assertThat(evasion.getPly()).isEqualTo(2);
        assertThat(evasion.getInCheck()).isTrue();
        assertThat(evasion.getScore()).isEqualTo(-900);
        assertThat(evasion.getMate()).isFalse();
        assertThat(evasion.getBestMove()).isEqualTo("5a4a");
        assertThat(evasion.getDepth()).isEqualTo(7);
        assertThat(evasion.getNodes()).isEqualTo(1234);
        assertThat(evasion.getResult()).isEqualTo(GameResult.GAME_RESULT_BLACK_WIN);
        assertThat(evasion.getRunId()).isEqualTo("tr-1");
        assertThat(evasion.getGameId()).isEqualTo("tr-1-0/0");

        TrainingPosition kingMove = got.get(1);
        assertThat(kingMove.getSfen()).isEqualTo("5k3/9/9/9/4R4/9/9/9/4K4 b - 3");
        assertThat(kingMove.getBlackToMove()).isTrue();
        assertThat(kingMove.getInCheck()).isFalse();
        // Mate in 7 plies in the book's units: 32000 - 7.
        assertThat(kingMove.getScore()).isEqualTo(31_993);
        assertThat(kingMove.getMate()).isTrue();
        // The position key is the position's, not the game's: both records differ.
        assertThat(kingMove.getPositionKey()).isNotEqualTo(evasion.getPositionKey());
    }

    @Test
    void positionsBeforeTheMinimumMoveNumberAreNotRecorded() throws Exception {
        GameRecord g = game(MATE_IN_7, Termination.TERMINATION_RESIGN);
        assertThat(TaskPositions.positions(task(3), g))
                .extracting(TrainingPosition::getPositionId)
                .containsExactly("tr-1-0/0/3");
        assertThat(TrainRun.positionsOf(g, 3)).isEqualTo(1);
        assertThat(TrainRun.positionsOf(g, 0)).isEqualTo(2);
    }

    @Test
    void aSearchedMoveWithoutScoreFailsTheTeacher() {
        GameRecord g =
                game(move("5i5h", BookSource.BOOK_SOURCE_NONE), Termination.TERMINATION_RESIGN);
        assertThatThrownBy(() -> TaskPositions.positions(task(0), g))
                .isInstanceOf(TaskPositions.TeacherFailed.class)
                .hasMessageContaining("ply 3: no score reported for 5i5h");
    }

    @Test
    void aCrashedOrTimedOutTeacherFailsTheTaskInsteadOfRecordingTheGame() {
        for (Termination t :
                List.of(Termination.TERMINATION_ENGINE_CRASH, Termination.TERMINATION_TIME)) {
            assertThatThrownBy(() -> TaskPositions.positions(task(0), game(MATE_IN_7, t)))
                    .isInstanceOf(TaskPositions.TeacherFailed.class)
                    .hasMessageContaining("tr-1-0/0 ended by " + t);
        }
    }
}
