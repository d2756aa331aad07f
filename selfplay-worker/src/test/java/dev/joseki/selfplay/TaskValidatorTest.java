package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.records.proto.BuiltinEngine;
import dev.joseki.records.proto.EngineArtifact;
import dev.joseki.records.proto.EvalPosition;
import dev.joseki.records.proto.EvalTask;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.Opening;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.SelfPlayTask;
import dev.joseki.records.proto.UsiCommand;
import org.junit.jupiter.api.Test;

class TaskValidatorTest {
    private static final Player BUILTIN =
            Player.newBuilder().setBuiltin(BuiltinEngine.getDefaultInstance()).build();

    private static SelfPlayTask.Builder valid() {
        return SelfPlayTask.newBuilder()
                .setTaskId("t")
                .setBlack(BUILTIN)
                .setWhite(BUILTIN)
                .setLimits(Limits.newBuilder().setNodes(100))
                .setGames(2);
    }

    @Test
    void completeTaskPasses() {
        assertThat(TaskValidator.problem(valid().build(), true)).isNull();
    }

    @Test
    void aClockPassesAndAClockWithAPerMoveLimitOrBothIncrementAndByoyomiIsRefused() {
        Limits clock =
                Limits.newBuilder()
                        .setMainTimeMs(10_000)
                        .setIncrementMs(100)
                        .setTimeMarginMs(50)
                        .build();
        assertThat(TaskValidator.problem(valid().setLimits(clock).build(), true)).isNull();
        assertThat(
                        TaskValidator.problem(
                                valid().setBlack(BUILTIN.toBuilder().setLimits(clock)).build(),
                                true))
                .isNull();
        assertThat(
                        TaskValidator.problem(
                                valid().setLimits(clock.toBuilder().setNodes(5)).build(), true))
                .isEqualTo(
                        "limits: main_time_ms (a clock) and a per-move limit exclude each other");
        assertThat(
                        TaskValidator.problem(
                                valid().setWhite(
                                                BUILTIN.toBuilder()
                                                        .setLimits(
                                                                clock.toBuilder()
                                                                        .setByoyomiMs(1000)))
                                        .build(),
                                true))
                .isEqualTo("white.limits: increment_ms and byoyomi_ms exclude each other");
        assertThat(
                        TaskValidator.problem(
                                valid().setLimits(
                                                Limits.newBuilder().setNodes(5).setIncrementMs(100))
                                        .build(),
                                true))
                .isEqualTo("limits: increment_ms and time_margin_ms need main_time_ms");
    }

    @Test
    void anUnknownClockAdapterIsRefusedNamingTheSide() {
        Player gps =
                Player.newBuilder()
                        .setUsiCommand(
                                UsiCommand.newBuilder()
                                        .addArgv("/usr/games/gpsusi")
                                        .setClock("byoyomi"))
                        .build();
        assertThat(TaskValidator.problem(valid().setWhite(gps).build(), true)).isNull();
        Player bad =
                gps.toBuilder()
                        .setUsiCommand(gps.getUsiCommand().toBuilder().setClock("bronstein"))
                        .build();
        assertThat(TaskValidator.problem(valid().setWhite(bad).build(), true))
                .isEqualTo(
                        "white.usi_command.clock must be fischer, byoyomi or noinc, got"
                                + " 'bronstein'");
    }

    @Test
    void anArtifactNeedsAFullHashAndAPublishableName() {
        String hash = "ab".repeat(32);
        Player art =
                Player.newBuilder()
                        .setArtifact(EngineArtifact.newBuilder().setName("yane").setHash(hash))
                        .build();
        assertThat(TaskValidator.problem(valid().setWhite(art).build(), true)).isNull();
        Player shortHash =
                art.toBuilder().setArtifact(art.getArtifact().toBuilder().setHash("abc")).build();
        assertThat(TaskValidator.problem(valid().setWhite(shortHash).build(), true))
                .isEqualTo("white.artifact.hash must be 64 lower-case hex digits, got 'abc'");
        Player badName =
                art.toBuilder().setArtifact(art.getArtifact().toBuilder().setName("../x")).build();
        assertThat(TaskValidator.problem(valid().setBlack(badName).build(), true))
                .isEqualTo("black.artifact.name '../x' is not a published engine's name");
        Player badClock =
                art.toBuilder()
                        .setArtifact(art.getArtifact().toBuilder().setClock("bronstein"))
                        .build();
        assertThat(TaskValidator.problem(valid().setWhite(badClock).build(), true))
                .isEqualTo(
                        "white.artifact.clock must be fischer, byoyomi or noinc, got 'bronstein'");
    }

    @Test
    void unknownBuiltinOptionNamesTheSide() {
        SelfPlayTask t = valid().setWhite(BUILTIN.toBuilder().putOptions("Contempt", "5")).build();
        assertThat(TaskValidator.problem(t, true))
                .startsWith("white: built-in engine has no option 'Contempt'");
    }

    @Test
    void badHashSizeIsRejected() {
        SelfPlayTask t = valid().setBlack(BUILTIN.toBuilder().putOptions("USI_Hash", "-1")).build();
        assertThat(TaskValidator.problem(t, true)).startsWith("black: option USI_Hash");
    }

    @Test
    void zeroGamesIsRejected() {
        assertThat(TaskValidator.problem(valid().setGames(0).build(), true))
                .startsWith("games must be");
    }

    @Test
    void aBatchOfValidTasksPassesAndCountsTheirGames() {
        SelfPlayTask batch =
                SelfPlayTask.newBuilder()
                        .setTaskId("b")
                        .addBatch(valid().setTaskId("t-0"))
                        .addBatch(valid().setTaskId("t-1").clearGames().setColorSwappedPair(true))
                        .build();
        assertThat(TaskValidator.problem(batch, true)).isNull();
        assertThat(TaskValidator.gameCount(batch)).isEqualTo(2 + 2);
    }

    @Test
    void aBatchWithACountANestedBatchOrABadPartIsRefusedNamingThePart() {
        SelfPlayTask.Builder batch =
                SelfPlayTask.newBuilder().setTaskId("b").addBatch(valid().setTaskId("t-0"));
        assertThat(TaskValidator.problem(batch.clone().setGames(1).build(), true))
                .isEqualTo("batch and games are both set");
        assertThat(
                        TaskValidator.problem(
                                batch.clone().addBatch(batch.clone().setTaskId("inner")).build(),
                                true))
                .isEqualTo("batch[1].batch is set: a batch holds plain tasks");
        assertThat(TaskValidator.problem(batch.clone().addBatch(valid().setGames(0)).build(), true))
                .startsWith("batch[1].games must be");
    }

    @Test
    void badStartSfenNamesTheField() {
        SelfPlayTask t =
                valid().setOpening(Opening.newBuilder().setStartSfen("not a position")).build();
        assertThat(TaskValidator.problem(t, true)).startsWith("opening.start_sfen:1:");
    }

    @Test
    void emptyTaskIdIsRejected() {
        assertThat(TaskValidator.problem(valid().setTaskId("").build(), true))
                .isEqualTo("task_id is empty");
    }

    private static EvalTask.Builder validEval() {
        return EvalTask.newBuilder()
                .setTaskId("e")
                .setEngine(BUILTIN)
                .setLimits(Limits.newBuilder().setNodes(100))
                .setMultipv(4)
                .addPositions(EvalPosition.newBuilder().addMoves("7g7f"));
    }

    @Test
    void completeEvalTaskPasses() {
        assertThat(TaskValidator.problem(validEval().build(), true)).isNull();
    }

    @Test
    void evalTaskWithoutPositionsIsRejected() {
        assertThat(TaskValidator.problem(validEval().clearPositions().build(), true))
                .isEqualTo("positions must hold 1..10000 positions, got 0");
    }

    @Test
    void illegalMoveOfAnEvalPositionNamesThePosition() {
        EvalTask t =
                validEval()
                        .addPositions(EvalPosition.newBuilder().addMoves("7g7f").addMoves("7f7e"))
                        .build();
        assertThat(TaskValidator.problem(t, true)).startsWith("positions[1]:1:2:").contains("7f7e");
    }

    @Test
    void evalWithABookIsRejected() {
        EvalTask t =
                validEval()
                        .setEngine(BUILTIN.toBuilder().putOptions("BookDir", "/books/b"))
                        .build();
        assertThat(TaskValidator.problem(t, true))
                .isEqualTo("engine: an evaluation cannot use a book (option BookDir)");
    }

    @Test
    void tooManyLinesAreRejected() {
        assertThat(TaskValidator.problem(validEval().setMultipv(65).build(), true))
                .isEqualTo("multipv must be at most 64, got 65");
    }
}
