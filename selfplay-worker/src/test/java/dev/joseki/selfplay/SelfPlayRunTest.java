package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.play.GameSeed;
import dev.joseki.play.Sampling;
import dev.joseki.records.proto.BuiltinEngine;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.SelfPlayTask;
import dev.joseki.tournament.OpeningSuite;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SelfPlayRunTest {
    private static final Player BUILTIN =
            Player.newBuilder()
                    .setName("joseki")
                    .setBuiltin(BuiltinEngine.getDefaultInstance())
                    .build();
    private static final Player OTHER =
            BUILTIN.toBuilder().setName("hqm").putOptions("BookMode", "HQM").build();
    private static final Limits NODES = Limits.newBuilder().setNodes(100).build();
    // A Yagura line from the start position and the "matsuri" middle game (a published perft
    // position).
    private static final String LINES =
            """
            # two openings
            position startpos moves 7g7f 8c8d 6g6f 3c3d
            sfen l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1
            """;

    private static List<SelfPlayTask> tasks(
            int games, Player black, Player white, OpeningSuite suite, Sampling s) {
        return new SelfPlayRun(
                        "r", new SelfPlayRun.Spec(games, NODES, 2, 7, black, white, 256, suite, s))
                .tasks();
    }

    @Test
    void differentSidesPlayColourSwappedPairsWithTaskSeedsFromTheRunSeed() {
        List<SelfPlayTask> tasks =
                new SelfPlayRun("r", new SelfPlayRun.Spec(4, NODES, 6, 100, BUILTIN, OTHER, 256))
                        .tasks();
        assertThat(tasks)
                .hasSize(2)
                .allSatisfy(
                        t -> {
                            assertThat(t.getColorSwappedPair()).isTrue();
                            assertThat(t.getOpening().getStartSfen()).isEmpty();
                            assertThat(t.getOpening().getMovesList()).isEmpty();
                            assertThat(t.getOpening().getRandomPlies()).isEqualTo(6);
                        });
        assertThat(tasks)
                .extracting(t -> t.getOpening().getSeed())
                .containsExactly(GameSeed.task(100, 0), GameSeed.task(100, 1));
    }

    @Test
    void anEngineAgainstItselfPlaysSingleGamesEachItsOwnTask() {
        List<SelfPlayTask> tasks =
                tasks(5, BUILTIN, BUILTIN, OpeningSuite.startPosition(), Sampling.OFF);
        assertThat(tasks).hasSize(5).allSatisfy(t -> assertThat(t.getGames()).isEqualTo(1));
        assertThat(tasks).extracting(t -> t.getOpening().getSeed()).doesNotHaveDuplicates();
    }

    @Test
    void pairsTakeTheOpeningsInFileOrderAndCycle() {
        OpeningSuite suite = OpeningSuite.sequential(OpeningSuite.parse(LINES, "test"));
        List<SelfPlayTask> tasks = tasks(5, BUILTIN, OTHER, suite, Sampling.OFF);

        assertThat(tasks).hasSize(3);
        assertThat(tasks.get(0).getOpening().getStartSfen()).isEmpty();
        assertThat(tasks.get(0).getOpening().getMovesList())
                .containsExactly("7g7f", "8c8d", "6g6f", "3c3d");
        // The hands in the USI order (rook, bishop, gold, silver, knight, lance, pawn; Black's
        // first).
        assertThat(tasks.get(1).getOpening().getStartSfen())
                .isEqualTo("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1");
        assertThat(tasks.get(1).getOpening().getMovesList()).isEmpty();
        assertThat(tasks.get(2).getOpening().getMovesList())
                .containsExactly("7g7f", "8c8d", "6g6f", "3c3d");
        assertThat(tasks.get(2).getGames()).as("the fifth game is a single game").isEqualTo(1);
        assertThat(tasks)
                .allSatisfy(
                        t -> {
                            assertThat(t.getOpening().getRandomPlies()).isEqualTo(2);
                            assertThat(TaskValidator.problem(t, true))
                                    .as("a worker accepts %s", t.getTaskId())
                                    .isNull();
                        });
    }

    @Test
    void randomOrderUsesEveryOpeningOncePerCycle() {
        OpeningSuite suite = OpeningSuite.random(OpeningSuite.parse(LINES, "test"), 3);
        List<SelfPlayTask> tasks = tasks(4, BUILTIN, OTHER, suite, Sampling.OFF);
        assertThat(tasks)
                .extracting(t -> t.getOpening().getStartSfen().isEmpty())
                .containsExactlyInAnyOrder(true, false);
    }

    @Test
    void theShippedSuiteAndSamplingTravelInTheTask() {
        List<SelfPlayTask> tasks =
                tasks(200, BUILTIN, BUILTIN, OpeningSuite.shipped(7), Sampling.DEFAULT);
        Set<List<String>> lines = new HashSet<>();
        for (SelfPlayTask t : tasks) {
            assertThat(t.getOpening().getSamplePlies()).isEqualTo(8);
            assertThat(t.getOpening().getSampleWindowCp()).isEqualTo(30);
            assertThat(t.getOpening().getSampleLines()).isEqualTo(4);
            assertThat(TaskGames.sampling(t.getOpening())).isEqualTo(Sampling.DEFAULT);
            lines.add(t.getOpening().getMovesList());
        }
        assertThat(lines).as("each of the 200 tasks its own line of the suite").hasSize(200);
    }
}
