package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.notation.Sfen;
import dev.joseki.records.proto.Limits;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** A real engine subprocess (the test engine in a JVM): handshake, a move, and cancellation of a wait. */
class UsiProcessPlayerTest {
    @Test
    void randomEngineAnswersWithItsNameAndALegalLookingMove() throws Exception {
        try (UsiProcessPlayer p = new UsiProcessPlayer(TestEngines.command("random", 0), null, Map.of("USI_Hash", "1"))) {
            p.newGame();
            MoveDecision d = p.move(Sfen.startPosition(), List.of(), Limits.newBuilder().setNodes(1).build());
            assertThat(p.engineId()).isEqualTo("test-random");
            // 30 legal moves at the start; the engine reports their number as nodes and n - 40 as the score.
            assertThat(d.info().getNodes()).isEqualTo(30);
            assertThat(d.info().getScoreCp()).isEqualTo(-10);
            assertThat(d.usi()).matches("[1-9][a-i][1-9][a-i]\\+?");
        }
    }

    @Test
    void stoppingWorkerCancelsAWaitForAHungEngineAtOnce() throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        try (UsiProcessPlayer p = new UsiProcessPlayer(TestEngines.command("silent", 0), null, Map.of(), stop::get)) {
            p.newGame();
            new Thread(() -> {
                try {
                    Thread.sleep(300);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                stop.set(true);
            }).start();
            long t0 = System.nanoTime();
            assertThatThrownBy(() -> p.move(Sfen.startPosition(), List.of(), Limits.newBuilder().setNodes(1).build()))
                    .isInstanceOf(PlayerException.class)
                    .satisfies(e -> assertThat(((PlayerException) e).kind()).isEqualTo(PlayerException.Kind.CANCELLED));
            // The default move time-out for a node limit is 60 s; cancellation must not wait for it.
            assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(10_000);
        }
    }
}
