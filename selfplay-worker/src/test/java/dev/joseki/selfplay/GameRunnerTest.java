package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.records.GameRecords;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.GameResult;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.MoveRecord;
import dev.joseki.records.proto.Opening;
import dev.joseki.records.proto.SelfPlayTask;
import dev.joseki.records.proto.Termination;
import dev.joseki.rules.Position;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The runner judges every answer with the rules; scripted players stand in for engines. */
class GameRunnerTest {
    /** Answers from a script; a null entry throws the given failure. */
    private static class Scripted implements Player {
        private final Deque<String> answers;

        Scripted(String... answers) {
            this.answers = new ArrayDeque<>(List.of(answers));
        }

        @Override
        public void newGame() {
        }

        @Override
        public MoveDecision move(Position start, List<Integer> moves, Limits limits) throws PlayerException {
            String a = answers.poll();
            if (a == null) {
                throw new PlayerException(PlayerException.Kind.TIME, "script ran out");
            }
            return new MoveDecision(a, MoveRecord.newBuilder().setNodes(7).build());
        }

        @Override
        public String engineId() {
            return "scripted";
        }

        @Override
        public String engineVersion() {
            return "1";
        }

        @Override
        public void close() {
        }
    }

    private static GameRecord play(SelfPlayTask task, Player black, Player white) {
        return new GameRunner("w", "v").play(task, 0, new GameRunner.Seat(black, task.getBlack()),
                new GameRunner.Seat(white, task.getWhite()), () -> false);
    }

    private static SelfPlayTask task(String sfen) {
        return SelfPlayTask.newBuilder().setTaskId("t").setGames(1).setLimits(Limits.newBuilder().setNodes(1))
                .setOpening(Opening.newBuilder().setStartSfen(sfen)).build();
    }

    @Test
    void falseWinClaimLosesAsAnIllegalMove() {
        GameRecord g = play(task(""), new Scripted("win"), new Scripted());
        assertThat(g.getTermination()).isEqualTo(Termination.TERMINATION_ILLEGAL_MOVE);
        assertThat(g.getResult()).isEqualTo(GameResult.GAME_RESULT_WHITE_WIN);
    }

    @Test
    void matingMoveEndsTheGameWithoutAskingTheLoser() {
        GameRecord g = play(task("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"), new Scripted("G*5b"), new Scripted());
        assertThat(g.getTermination()).isEqualTo(Termination.TERMINATION_CHECKMATE);
        assertThat(g.getResult()).isEqualTo(GameResult.GAME_RESULT_BLACK_WIN);
        assertThat(g.getMoves(0).getNodes()).isEqualTo(7);
        assertThat(GameRecords.replay(g).isOver()).isTrue();
    }

    @Test
    void legalMovesThenResignationIsRecordedMoveByMove() {
        GameRecord g = play(task(""), new Scripted("7g7f", "2g2f"), new Scripted("3c3d", "resign"));
        assertThat(g.getMovesList()).extracting(MoveRecord::getUsi).containsExactly("7g7f", "3c3d", "2g2f");
        assertThat(g.getTermination()).isEqualTo(Termination.TERMINATION_RESIGN);
        assertThat(g.getResult()).isEqualTo(GameResult.GAME_RESULT_BLACK_WIN);
    }

    @Test
    void garbageAnswerIsAnIllegalMove() {
        GameRecord g = play(task(""), new Scripted("7g7f"), new Scripted("hello"));
        assertThat(g.getTermination()).isEqualTo(Termination.TERMINATION_ILLEGAL_MOVE);
        assertThat(g.getResult()).isEqualTo(GameResult.GAME_RESULT_BLACK_WIN);
        assertThat(g.getTerminationDetail()).contains("hello");
    }

    @Test
    void timeOutLosesOnTime() {
        GameRecord g = play(task(""), new Scripted(), new Scripted());
        assertThat(g.getTermination()).isEqualTo(Termination.TERMINATION_TIME);
        assertThat(g.getResult()).isEqualTo(GameResult.GAME_RESULT_WHITE_WIN);
    }

    @Test
    void colourSwappedPairSharesOneRandomOpening() {
        SelfPlayTask t = task("").toBuilder().setColorSwappedPair(true)
                .setOpening(Opening.newBuilder().setRandomPlies(6).setSeed(99)).build();
        GameRunner r = new GameRunner("w", "v");
        GameRecord g0 = r.play(t, 0, new GameRunner.Seat(new Scripted("resign"), t.getBlack()),
                new GameRunner.Seat(new Scripted("resign"), t.getWhite()), () -> false);
        GameRecord g1 = r.play(t, 1, new GameRunner.Seat(new Scripted("resign"), t.getBlack()),
                new GameRunner.Seat(new Scripted("resign"), t.getWhite()), () -> false);
        assertThat(g0.getOpeningPlies()).isEqualTo(6);
        assertThat(g0.getMovesList()).isEqualTo(g1.getMovesList());
        assertThat(g0.getGameId()).isEqualTo("t/0");
        assertThat(g1.getGameId()).isEqualTo("t/1");
    }

    @Test
    void stoppingWorkerRecordsNothingEvenThoughTheGameEnded() {
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        Player cancelled = new Scripted() {
            @Override
            public MoveDecision move(Position start, List<Integer> moves, Limits limits) throws PlayerException {
                stop.set(true);
                throw new PlayerException(PlayerException.Kind.CANCELLED, "worker stopping");
            }
        };
        SelfPlayTask t = task("");
        GameRecord g = new GameRunner("w", "v").play(t, 0, new GameRunner.Seat(cancelled, t.getBlack()),
                new GameRunner.Seat(new Scripted(), t.getWhite()), stop::get);
        assertThat(g).isNull();
    }
}
