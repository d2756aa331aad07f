package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.play.MoveInfo;
import dev.joseki.play.MoveLimit;
import dev.joseki.play.Player;
import dev.joseki.play.PlayerException;
import dev.joseki.play.SearchLimit;
import dev.joseki.records.GameRecords;
import dev.joseki.records.proto.BookSource;
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

/**
 * A task's games through the referee into protobuf records; scripted players stand in for engines.
 */
class TaskGamesTest {
    /**
     * Answers from a script; a "crash" entry fails as an engine crash, an empty script times out.
     */
    private static class Scripted implements Player {
        private final Deque<String> answers;
        MoveLimit lastLimit;

        Scripted(String... answers) {
            this.answers = new ArrayDeque<>(List.of(answers));
        }

        @Override
        public void newGame(long gameSeed) {}

        @Override
        public Answer move(Position start, List<Integer> moves, MoveLimit limit, int lines)
                throws PlayerException {
            lastLimit = limit;
            String a = answers.poll();
            if (a == null) {
                throw new PlayerException(PlayerException.Kind.TIME, "script ran out");
            }
            if (a.equals("crash")) {
                throw new PlayerException(PlayerException.Kind.CRASH, "exit status 3");
            }
            return new Answer(
                    a, new MoveInfo(MoveInfo.Source.BOOK_HALF, 4, 7, true, false, -12, 30));
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
        public void close() {}
    }

    private static SelfPlayTask task() {
        return SelfPlayTask.newBuilder()
                .setTaskId("t")
                .setGames(1)
                .setLimits(Limits.newBuilder().setNodes(5))
                .build();
    }

    private static GameRecord play(SelfPlayTask t, int index, Player black, Player white) {
        return new TaskGames("w", "v")
                .play(
                        t,
                        index,
                        new TaskGames.Seat(black, t.getBlack()),
                        new TaskGames.Seat(white, t.getWhite()),
                        () -> false);
    }

    @Test
    void movesCarryTheirFiguresAndBookSource() {
        Scripted black = new Scripted("7g7f", "resign");
        GameRecord g = play(task(), 0, black, new Scripted("3c3d"));
        assertThat(g.getGameId()).isEqualTo("t/0");
        assertThat(g.getMovesList()).extracting(MoveRecord::getUsi).containsExactly("7g7f", "3c3d");
        MoveRecord m = g.getMoves(0);
        assertThat(m.getBookSource()).isEqualTo(BookSource.BOOK_SOURCE_HALF);
        assertThat(m.getScoreCp()).isEqualTo(-12);
        assertThat(m.getDepth()).isEqualTo(4);
        assertThat(m.getNodes()).isEqualTo(7);
        assertThat(g.getTermination()).isEqualTo(Termination.TERMINATION_RESIGN);
        assertThat(g.getResult()).isEqualTo(GameResult.GAME_RESULT_WHITE_WIN);
        assertThat(g.getBlack().getEngineId()).isEqualTo("scripted");
        // the task's limits apply to a seat without its own
        assertThat(black.lastLimit).isEqualTo(SearchLimit.nodes(5));
        assertThat(GameRecords.replay(g).plies()).isEqualTo(2);
    }

    @Test
    void anEngineCrashIsRecordedAsSuch() {
        GameRecord g = play(task(), 0, new Scripted("7g7f"), new Scripted("crash"));
        assertThat(g.getTermination()).isEqualTo(Termination.TERMINATION_ENGINE_CRASH);
        assertThat(g.getResult()).isEqualTo(GameResult.GAME_RESULT_BLACK_WIN);
        assertThat(g.getTerminationDetail()).contains("exit status 3");
    }

    @Test
    void colourSwappedPairSharesOneRandomOpening() {
        SelfPlayTask t =
                task().toBuilder()
                        .setColorSwappedPair(true)
                        .setOpening(
                                Opening.newBuilder().addMoves("2g2f").setRandomPlies(6).setSeed(99))
                        .build();
        GameRecord g0 = play(t, 0, new Scripted("resign"), new Scripted("resign"));
        GameRecord g1 = play(t, 1, new Scripted("resign"), new Scripted("resign"));
        assertThat(g0.getOpeningPlies()).isEqualTo(7);
        assertThat(g0.getMovesList()).isEqualTo(g1.getMovesList());
        assertThat(g0.getMoves(0).getBookSource()).isEqualTo(BookSource.BOOK_SOURCE_OPENING_LINE);
        assertThat(g0.getMoves(1).getBookSource()).isEqualTo(BookSource.BOOK_SOURCE_RANDOM_OPENING);
        assertThat(g1.getGameId()).isEqualTo("t/1");
    }

    @Test
    void singleGamesOfATaskHaveTheirOwnRandomPlies() {
        SelfPlayTask t =
                task().toBuilder()
                        .setGames(2)
                        .setOpening(Opening.newBuilder().setRandomPlies(6).setSeed(99))
                        .build();
        GameRecord g0 = play(t, 0, new Scripted("resign"), new Scripted("resign"));
        GameRecord g1 = play(t, 1, new Scripted("resign"), new Scripted("resign"));
        assertThat(g0.getMovesList()).isNotEqualTo(g1.getMovesList());
    }

    @Test
    void aTaskPlayedTwiceWithTheBuiltInEngineGivesTheSameGameWithSampledPlies() {
        SelfPlayTask t =
                task().toBuilder()
                        .setTaskId("replay")
                        .setMaxPlies(40)
                        .setLimits(Limits.newBuilder().setNodes(400))
                        .setBlack(
                                dev.joseki.records.proto.Player.newBuilder()
                                        .setName("joseki")
                                        .setBuiltin(
                                                dev.joseki.records.proto.BuiltinEngine
                                                        .getDefaultInstance())
                                        .putOptions("USI_Hash", "1"))
                        .setWhite(
                                dev.joseki.records.proto.Player.newBuilder()
                                        .setName("joseki")
                                        .setBuiltin(
                                                dev.joseki.records.proto.BuiltinEngine
                                                        .getDefaultInstance())
                                        .putOptions("USI_Hash", "1"))
                        .setOpening(
                                Opening.newBuilder()
                                        .addAllMoves(List.of("7g7f", "3c3d", "2g2f", "8c8d"))
                                        .setSeed(12345)
                                        .setSamplePlies(8)
                                        .setSampleWindowCp(30)
                                        .setSampleLines(4))
                        .build();
        GameRecord first = playBuiltin(t), second = playBuiltin(t);
        assertThat(first.getMovesList())
                .extracting(MoveRecord::getUsi)
                .isEqualTo(second.getMovesList().stream().map(MoveRecord::getUsi).toList());
        assertThat(first.getMovesList())
                .extracting(MoveRecord::getBookSource)
                .isEqualTo(second.getMovesList().stream().map(MoveRecord::getBookSource).toList());
        // the 8 plies after the 4 opening plies were sampled (drawn among near-best lines) or
        // searched
        assertThat(first.getMovesList().subList(4, 12))
                .extracting(MoveRecord::getBookSource)
                .contains(BookSource.BOOK_SOURCE_SAMPLED)
                .allMatch(
                        s ->
                                s == BookSource.BOOK_SOURCE_SAMPLED
                                        || s == BookSource.BOOK_SOURCE_NONE);
        assertThat(first.getMovesList().subList(12, first.getMovesCount()))
                .extracting(MoveRecord::getBookSource)
                .doesNotContain(BookSource.BOOK_SOURCE_SAMPLED);
    }

    @Test
    void aClockedTaskIsPlayedOnTheRefereesClockAndRecordedAsClocked() {
        // tc=60+1 for both, margin 50: the scripted players answer at once, so each mover's clock
        // reads 60 000 - (a few ms) + 1 000 after its move; the limits they are told are the
        // clocks.
        SelfPlayTask t =
                task().toBuilder()
                        .setLimits(
                                Limits.newBuilder()
                                        .setMainTimeMs(60_000)
                                        .setIncrementMs(1_000)
                                        .setTimeMarginMs(50))
                        .build();
        Scripted black = new Scripted("7g7f", "resign");
        GameRecord g = play(t, 0, black, new Scripted("3c3d"));
        assertThat(g.getClocked()).isTrue();
        assertThat(g.getMovesList())
                .allSatisfy(
                        m -> {
                            assertThat(m.hasClockLeftMs()).isTrue();
                            assertThat(m.getClockLeftMs()).isBetween(60_000, 61_000);
                            // the referee's measured time, not the 30 ms the script claims
                            assertThat(m.getTimeMs()).isLessThan(1_000);
                        });
        assertThat(black.lastLimit).isInstanceOf(dev.joseki.play.ClockReading.class);
        assertThat(black.lastLimit.usiGo())
                .startsWith("go btime ")
                .contains(" binc 1000 winc 1000");
        // per-move limits stay reproducible: not clocked, no clock readings
        GameRecord plain = play(task(), 0, new Scripted("7g7f", "resign"), new Scripted("3c3d"));
        assertThat(plain.getClocked()).isFalse();
        assertThat(plain.getMoves(0).hasClockLeftMs()).isFalse();
    }

    @Test
    void theBuiltInEnginePlaysAClockedGameWithoutLosingOnTime() {
        // tc=1+0.05 for both, the default margin: 24 plies take about a second of each clock.
        dev.joseki.records.proto.Player builtin =
                dev.joseki.records.proto.Player.newBuilder()
                        .setName("joseki")
                        .setBuiltin(dev.joseki.records.proto.BuiltinEngine.getDefaultInstance())
                        .putOptions("USI_Hash", "1")
                        .build();
        SelfPlayTask t =
                task().toBuilder()
                        .setTaskId("clocked")
                        .setMaxPlies(24)
                        .setBlack(builtin)
                        .setWhite(builtin)
                        .setLimits(
                                Limits.newBuilder()
                                        .setMainTimeMs(1_000)
                                        .setIncrementMs(50)
                                        .setTimeMarginMs(50))
                        .build();
        GameRecord g = playBuiltin(t);
        assertThat(g.getTermination()).isNotEqualTo(Termination.TERMINATION_TIME);
        assertThat(g.getClocked()).isTrue();
        assertThat(g.getMovesList()).allSatisfy(m -> assertThat(m.hasClockLeftMs()).isTrue());
        assertThat(GameRecords.replay(g).plies()).isEqualTo(g.getMovesCount());
    }

    private static GameRecord playBuiltin(SelfPlayTask t) {
        try (Player b = new dev.joseki.play.BuiltinPlayer(t.getBlack().getOptionsMap());
                Player w = new dev.joseki.play.BuiltinPlayer(t.getWhite().getOptionsMap())) {
            return play(t, 0, b, w);
        }
    }
}
