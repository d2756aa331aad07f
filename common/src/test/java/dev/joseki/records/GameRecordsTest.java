package dev.joseki.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.notation.ParseException;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.GameResult;
import dev.joseki.records.proto.MoveRecord;
import dev.joseki.records.proto.Termination;
import dev.joseki.rules.Game;
import dev.joseki.rules.Result;
import java.util.List;
import org.junit.jupiter.api.Test;

class GameRecordsTest {
    // White king 5a alone; Black pawn 5c, gold in hand: G*5b is mate (every flight square 4a 6a 4b
    // 6b is covered by the gold, and the gold is defended by the pawn).
    private static final String MATE_IN_ONE = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";

    @Test
    void gameIdIsTaskIdSlashIndex() {
        assertThat(GameRecords.gameId("run7-12", 3)).isEqualTo("run7-12/3");
    }

    @Test
    void checkmateSurvivesTheRoundTripThroughBytes() throws Exception {
        Game game = new Game(Sfen.parse(MATE_IN_ONE));
        game.play(UsiMove.parse(game.position(), "G*5b"));
        MoveRecord info = MoveRecord.newBuilder().setScoreMate(1).setDepth(1).setNodes(42).build();
        GameRecord rec = GameRecords.fromGame(game, List.of(info)).setGameId("t/0").build();

        GameRecord back = GameRecord.parseFrom(rec.toByteArray());
        assertThat(back.getMovesList()).extracting(MoveRecord::getUsi).containsExactly("G*5b");
        assertThat(back.getMoves(0).getNodes()).isEqualTo(42);
        assertThat(back.getResult()).isEqualTo(GameResult.GAME_RESULT_BLACK_WIN);
        assertThat(back.getTermination()).isEqualTo(Termination.TERMINATION_CHECKMATE);

        Game replayed = GameRecords.replay(back);
        assertThat(replayed.result()).isEqualTo(Result.BLACK_WIN);
        assertThat(replayed.termination()).isEqualTo(dev.joseki.rules.Termination.CHECKMATE);
    }

    @Test
    void resignationIsReplayedAsALossForTheSideToMove() {
        GameRecord rec =
                GameRecord.newBuilder()
                        .setGameId("t/1")
                        .setStartSfen(Sfen.STARTPOS)
                        .addMoves(MoveRecord.newBuilder().setUsi("7g7f"))
                        .setTermination(Termination.TERMINATION_RESIGN)
                        .setResult(GameResult.GAME_RESULT_BLACK_WIN)
                        .build();
        Game g = GameRecords.replay(rec);
        assertThat(g.plies()).isEqualTo(1);
        assertThat(g.result()).isEqualTo(Result.BLACK_WIN);
    }

    @Test
    void illegalMoveInARecordNamesThePly() {
        GameRecord rec =
                GameRecord.newBuilder()
                        .setGameId("t/2")
                        .setStartSfen(Sfen.STARTPOS)
                        .addMoves(MoveRecord.newBuilder().setUsi("7g7f"))
                        .addMoves(MoveRecord.newBuilder().setUsi("7g7f"))
                        .setTermination(Termination.TERMINATION_RESIGN)
                        .setResult(GameResult.GAME_RESULT_BLACK_WIN)
                        .build();
        assertThatThrownBy(() -> GameRecords.replay(rec))
                .isInstanceOf(ParseException.class)
                .satisfies(e -> assertThat(((ParseException) e).column()).isEqualTo(2))
                .hasMessageContaining("game t/2");
    }

    @Test
    void claimedCheckmateThatIsNoMateIsRejected() {
        GameRecord rec =
                GameRecord.newBuilder()
                        .setGameId("t/3")
                        .setStartSfen(Sfen.STARTPOS)
                        .addMoves(MoveRecord.newBuilder().setUsi("7g7f"))
                        .setTermination(Termination.TERMINATION_CHECKMATE)
                        .setResult(GameResult.GAME_RESULT_BLACK_WIN)
                        .build();
        assertThatThrownBy(() -> GameRecords.replay(rec))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("TERMINATION_CHECKMATE");
    }

    @Test
    void wrongResultForARealMateIsRejected() {
        GameRecord rec =
                GameRecord.newBuilder()
                        .setGameId("t/4")
                        .setStartSfen(MATE_IN_ONE)
                        .addMoves(MoveRecord.newBuilder().setUsi("G*5b"))
                        .setTermination(Termination.TERMINATION_CHECKMATE)
                        .setResult(GameResult.GAME_RESULT_WHITE_WIN)
                        .build();
        assertThatThrownBy(() -> GameRecords.replay(rec))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("black_win");
    }

    @Test
    void engineCrashIsKeptAsRecordedLoss() {
        GameRecord rec =
                GameRecord.newBuilder()
                        .setGameId("t/5")
                        .setStartSfen(Sfen.STARTPOS)
                        .setTermination(Termination.TERMINATION_ENGINE_CRASH)
                        .setResult(GameResult.GAME_RESULT_WHITE_WIN)
                        .build();
        Game g = GameRecords.replay(rec);
        assertThat(g.result()).isEqualTo(Result.WHITE_WIN);
        assertThat(g.termination()).isEqualTo(dev.joseki.rules.Termination.ABORT);
    }
}
