package dev.joseki.selfplay;

import dev.joseki.records.proto.BuiltinEngine;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.SelfPlayTask;
import dev.joseki.tournament.OpeningSuite;
import org.junit.jupiter.api.Test;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SelfPlayRunTest {
    private static final Player BUILTIN = Player.newBuilder().setName("joseki")
            .setBuiltin(BuiltinEngine.getDefaultInstance()).build();
    private static final Limits NODES = Limits.newBuilder().setNodes(100).build();
    // A Yagura line from the start position and the "matsuri" middle game (a published perft position).
    private static final String LINES = """
            # two openings
            position startpos moves 7g7f 8c8d 6g6f 3c3d
            sfen l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1
            """;

    @Test
    void withoutOpeningsEveryPairStartsFromTheStartPositionWithItsOwnSeed() {
        List<SelfPlayTask> tasks = new SelfPlayRun("r", new SelfPlayRun.Spec(4, NODES, 6, 100, BUILTIN, BUILTIN, 256)).tasks();
        assertThat(tasks).hasSize(2);
        assertThat(tasks).allSatisfy(t -> {
            assertThat(t.getOpening().getStartSfen()).isEmpty();
            assertThat(t.getOpening().getMovesList()).isEmpty();
            assertThat(t.getOpening().getRandomPlies()).isEqualTo(6);
        });
        assertThat(tasks).extracting(t -> t.getOpening().getSeed()).containsExactly(100L, 101L);
    }

    @Test
    void pairsTakeTheOpeningsInFileOrderAndCycle() {
        OpeningSuite suite = OpeningSuite.sequential(OpeningSuite.parse(LINES, "test"));
        List<SelfPlayTask> tasks = new SelfPlayRun("r", new SelfPlayRun.Spec(5, NODES, 2, 7, BUILTIN, BUILTIN, 256, suite)).tasks();

        assertThat(tasks).hasSize(3);
        assertThat(tasks.get(0).getOpening().getStartSfen()).isEmpty();
        assertThat(tasks.get(0).getOpening().getMovesList()).containsExactly("7g7f", "8c8d", "6g6f", "3c3d");
        // The hands in the USI order (rook, bishop, gold, silver, knight, lance, pawn; Black's first).
        assertThat(tasks.get(1).getOpening().getStartSfen())
                .isEqualTo("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1");
        assertThat(tasks.get(1).getOpening().getMovesList()).isEmpty();
        assertThat(tasks.get(2).getOpening().getMovesList()).containsExactly("7g7f", "8c8d", "6g6f", "3c3d");
        assertThat(tasks.get(2).getGames()).as("the fifth game is a single game").isEqualTo(1);
        assertThat(tasks).allSatisfy(t -> {
            assertThat(t.getOpening().getRandomPlies()).isEqualTo(2);
            assertThat(TaskValidator.problem(t, true)).as("a worker accepts %s", t.getTaskId()).isNull();
        });
    }

    @Test
    void randomOrderUsesEveryOpeningOncePerCycle() {
        OpeningSuite suite = OpeningSuite.random(OpeningSuite.parse(LINES, "test"), 3);
        List<SelfPlayTask> tasks = new SelfPlayRun("r", new SelfPlayRun.Spec(4, NODES, 0, 3, BUILTIN, BUILTIN, 256, suite)).tasks();
        assertThat(tasks).extracting(t -> t.getOpening().getStartSfen().isEmpty())
                .containsExactlyInAnyOrder(true, false);
    }
}
