package dev.joseki.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.notation.Sfen;
import dev.joseki.rules.RandomGames;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

class DefaultEvaluationTest {
    /** The shipped file's checksum, as docs/training.md ("The shipped evaluation") gives it. */
    private static final int DOCUMENTED_CRC32C = 0xecb1d965;

    @Test
    void theJarShipsTheDocumentedNetwork() throws IOException {
        byte[] bytes;
        try (InputStream in =
                DefaultEvaluation.class.getResourceAsStream(DefaultEvaluation.NAME + ".eval")) {
            assertThat(in).isNotNull();
            bytes = in.readAllBytes();
        }
        int crc = ByteBuffer.wrap(bytes, 20, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();

        assertThat(crc).isEqualTo(DOCUMENTED_CRC32C);
        assertThat(DefaultEvaluation.weights().features()).isEqualTo(FeatureSet.HKN);
        assertThat(DefaultEvaluation.evaluator()).isInstanceOf(NetworkEvaluator.class);
        assertThat(new Search().evaluator()).isInstanceOf(NetworkEvaluator.class);
    }

    @Test
    void theShippedNetworkSeesARookUpAsAtLeastFivePawnsUp() {
        // the start with White's rook gone, Black to move: a rook is worth about ten pawns
        Evaluator eval = DefaultEvaluation.evaluator();
        int v =
                eval.evaluate(
                        Sfen.parse(
                                "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"));

        assertThat(v).isGreaterThan(5 * Material.PAWN_VALUE);
    }

    @Test
    void theShippedNetworkScoresAPositionAndItsFlippedTwinTheSame() {
        Evaluator eval = DefaultEvaluation.evaluator();
        int[] count = {0};
        RandomGames.walk(
                5,
                20,
                120,
                pos -> {
                    assertThat(eval.evaluate(pos.flipped())).isEqualTo(eval.evaluate(pos));
                    count[0]++;
                },
                RandomGames.STARTS);
        assertThat(count[0]).isGreaterThan(1_000);
    }

    @Test
    void aMissingShippedFileIsRefusedInOneLineNamingIt() {
        assertThatThrownBy(() -> DefaultEvaluation.load("hkn-19700101.eval"))
                .isInstanceOf(EvalFileException.class)
                .hasMessage("evaluation file jar:hkn-19700101.eval: no such file");
    }
}
