package dev.joseki.book.builder.training;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import dev.joseki.records.proto.GameResult;
import dev.joseki.records.proto.TrainingPosition;
import org.junit.jupiter.api.Test;

class TrainingSampleTest {
    @Test
    void theResultIsTheSideToMoves() {
        TrainingPosition p =
                TrainingPosition.newBuilder()
                        .setPositionId("tr-1-0/0/31")
                        .setPositionKey(ByteString.copyFrom(new byte[] {0x0a, (byte) 0xff}))
                        .setSfen("s")
                        .setScore(-250)
                        .setBestMove("8c8d")
                        .setPly(31)
                        .setBlackToMove(false)
                        .setResult(GameResult.GAME_RESULT_BLACK_WIN)
                        .build();
        TrainingSample s = TrainingSample.of(p);
        assertThat(s.key()).isEqualTo("0aff");
        assertThat(s.game()).isEqualTo("tr-1-0/0"); // the position id less its "/ply"
        assertThat(s.result()).isEqualTo(-1); // White to move, Black won
        assertThat(s.score()).isEqualTo(-250);
        assertThat(s.ply()).isEqualTo(31);
        assertThat(TrainingSample.result(GameResult.GAME_RESULT_WHITE_WIN, false)).isEqualTo(1);
        assertThat(TrainingSample.result(GameResult.GAME_RESULT_DRAW, true)).isZero();
        assertThat(TrainingSample.result(GameResult.GAME_RESULT_UNFINISHED, true))
                .isEqualTo(TrainingSample.NO_RESULT);
    }

    @Test
    void ofTwoRecordsOfOnePositionTheSmallestIdIsKeptWhateverTheOrder() {
        TrainingSample a =
                new TrainingSample("tr-1-10/0/40", "k", "s", 10, false, "m", 40, false, 1);
        TrainingSample b =
                new TrainingSample("tr-1-2/0/40", "k", "s", 30, false, "m", 40, false, 0);
        // "tr-1-10..." < "tr-1-2..." as strings: the order is the ids', not the numbers'.
        assertThat(TrainingSample.preferred(a, b)).isSameAs(a);
        assertThat(TrainingSample.preferred(b, a)).isSameAs(a);
    }
}
