package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Timestamp;
import dev.joseki.play.ClockAdapter;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.GameSeed;
import dev.joseki.play.Sampling;
import dev.joseki.play.SearchLimit;
import dev.joseki.play.TimeControl;
import dev.joseki.records.proto.BuiltinEngine;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.Opening;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.SelfPlayTask;
import dev.joseki.records.proto.UsiCommand;
import dev.joseki.tournament.OpeningSuite;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SelfPlayRunTest {
    private static final EngineSpec BUILTIN = EngineSpec.builtin("joseki", null);
    private static final EngineSpec OTHER =
            new EngineSpec("hqm", null, null, List.of(), Map.of("BookMode", "HQM"), null, 0);
    private static final SearchLimit NODES = SearchLimit.nodes(100);
    // A Yagura line from the start position and the "matsuri" middle game (a published perft
    // position).
    private static final String LINES =
            """
            # two openings
            position startpos moves 7g7f 8c8d 6g6f 3c3d
            sfen l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1
            """;

    private static List<SelfPlayTask> tasks(
            int games, EngineSpec black, EngineSpec white, OpeningSuite suite, Sampling s) {
        return new SelfPlayRun(
                        "r",
                        new SelfPlayRun.Spec(games, NODES, null, 2, 7, black, white, 256, suite, s))
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

    @Test
    void aTaskCarriesTheSpecsInTheFormTheWorkersRead() {
        EngineSpec external =
                new EngineSpec(
                        "ext",
                        "/opt/engine",
                        "/opt",
                        List.of("--usi"),
                        Map.of("USI_Hash", "16"),
                        SearchLimit.depth(6),
                        2_000,
                        null,
                        ClockAdapter.BYOYOMI);
        SelfPlayRun run =
                new SelfPlayRun("r", new SelfPlayRun.Spec(3, NODES, 2, 7, BUILTIN, external, 256));
        Timestamp now = Timestamp.newBuilder().setSeconds(1_700_000_000L).build();

        // Written out field by field: the built-in side has no limits of its own (it plays the
        // task's), the external one carries its depth and time-out; three games make a pair and
        // a single game.
        SelfPlayTask pair =
                SelfPlayTask.newBuilder()
                        .setTaskId("r-0")
                        .setTournamentId("r")
                        .setBlack(
                                Player.newBuilder()
                                        .setName("joseki")
                                        .setBuiltin(BuiltinEngine.getDefaultInstance()))
                        .setWhite(
                                Player.newBuilder()
                                        .setName("ext")
                                        .putOptions("USI_Hash", "16")
                                        .setUsiCommand(
                                                UsiCommand.newBuilder()
                                                        .addArgv("/opt/engine")
                                                        .addArgv("--usi")
                                                        .setWorkingDir("/opt")
                                                        .setClock("byoyomi"))
                                        .setLimits(
                                                Limits.newBuilder()
                                                        .setDepth(6)
                                                        .setMoveTimeoutMs(2_000)))
                        .setLimits(Limits.newBuilder().setNodes(100))
                        .setOpening(
                                Opening.newBuilder()
                                        .setStartSfen("")
                                        .setRandomPlies(2)
                                        .setSeed(GameSeed.task(7, 0))
                                        .setSamplePlies(0)
                                        .setSampleWindowCp(0)
                                        .setSampleLines(1))
                        .setMaxPlies(256)
                        .setCreatedAt(now)
                        .setColorSwappedPair(true)
                        .build();
        SelfPlayTask single =
                pair.toBuilder()
                        .setTaskId("r-1")
                        .setOpening(pair.getOpening().toBuilder().setSeed(GameSeed.task(7, 1)))
                        .setColorSwappedPair(false)
                        .setGames(1)
                        .build();

        assertThat(run.task(0, now)).isEqualTo(pair);
        assertThat(run.task(0, now).toByteArray()).isEqualTo(pair.toByteArray());
        assertThat(run.task(1, now).toByteArray()).isEqualTo(single.toByteArray());
    }

    @Test
    void aClockedRunSendsTheClockAsTheTasksLimits() {
        TimeControl tenPlusOne = new TimeControl(10_000, 100, 0, 300);
        SelfPlayRun run =
                new SelfPlayRun(
                        "c",
                        new SelfPlayRun.Spec(
                                1,
                                null,
                                tenPlusOne,
                                0,
                                1,
                                BUILTIN,
                                BUILTIN,
                                64,
                                OpeningSuite.startPosition(),
                                Sampling.OFF));
        SelfPlayTask t = run.task(0, Timestamp.getDefaultInstance());
        assertThat(t.getLimits())
                .isEqualTo(
                        Limits.newBuilder()
                                .setMainTimeMs(10_000)
                                .setIncrementMs(100)
                                .setTimeMarginMs(300)
                                .build());
        assertThat(t.getBlack().hasLimits()).isFalse();
        assertThat(t.getGames()).isEqualTo(1);
        assertThat(run.tasks()).hasSize(1);
    }

    @Test
    void eachSidePlaysItsOwnLimitElseTheRuns() {
        EngineSpec deep =
                new EngineSpec("deep", null, null, List.of(), Map.of(), SearchLimit.depth(9), 0);
        SelfPlayRun.Spec spec = new SelfPlayRun.Spec(2, NODES, 0, 1, BUILTIN, deep, 32);
        assertThat(spec.seats())
                .extracting(EngineSpec::limit)
                .containsExactly(SearchLimit.nodes(100), SearchLimit.depth(9));
    }

    @Test
    void aRunNeedsALimitOrAClockButNotBoth() {
        assertThatThrownBy(() -> new SelfPlayRun.Spec(2, null, 0, 1, BUILTIN, OTHER, 32))
                .hasMessageContaining("search limit");
        assertThatThrownBy(
                        () ->
                                new SelfPlayRun.Spec(
                                        2,
                                        NODES,
                                        new TimeControl(10_000, 0, 0, 300),
                                        0,
                                        1,
                                        BUILTIN,
                                        OTHER,
                                        32,
                                        OpeningSuite.startPosition(),
                                        Sampling.OFF))
                .hasMessage("a search limit and a clock: give one of them");
    }
}
