package dev.joseki.book.builder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.GameResult;
import dev.joseki.records.proto.MoveRecord;
import dev.joseki.rules.Result;
import org.junit.jupiter.api.Test;

class KafkaGamesTest {
    private static GameInput read(GameResult result) {
        GameRecord g =
                GameRecord.newBuilder()
                        .setGameId("g1")
                        .addMoves(MoveRecord.newBuilder().setUsi("7g7f"))
                        .setResult(result)
                        .build();
        return KafkaGames.toInput(g, "joseki.games/0/7");
    }

    @Test
    void aStatedResultArrivesAsTheSameResult() {
        assertThat(read(GameResult.GAME_RESULT_BLACK_WIN).result()).isEqualTo(Result.BLACK_WIN);
        assertThat(read(GameResult.GAME_RESULT_WHITE_WIN).result()).isEqualTo(Result.WHITE_WIN);
        assertThat(read(GameResult.GAME_RESULT_DRAW).result()).isEqualTo(Result.DRAW);
        assertThat(read(GameResult.GAME_RESULT_UNFINISHED).result()).isEqualTo(Result.UNFINISHED);
    }

    @Test
    void aRecordWithoutAResultIsLeftToTheReplayToJudge() {
        assertThat(read(GameResult.GAME_RESULT_UNSPECIFIED).result()).isNull();
    }
}
