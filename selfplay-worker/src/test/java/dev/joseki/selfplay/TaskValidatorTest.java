package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.records.proto.BuiltinEngine;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.Opening;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.SelfPlayTask;
import org.junit.jupiter.api.Test;

class TaskValidatorTest {
    private static final Player BUILTIN = Player.newBuilder().setBuiltin(BuiltinEngine.getDefaultInstance()).build();

    private static SelfPlayTask.Builder valid() {
        return SelfPlayTask.newBuilder().setTaskId("t").setBlack(BUILTIN).setWhite(BUILTIN)
                .setLimits(Limits.newBuilder().setNodes(100)).setGames(2);
    }

    @Test
    void completeTaskPasses() {
        assertThat(TaskValidator.problem(valid().build(), true)).isNull();
    }

    @Test
    void unknownBuiltinOptionNamesTheSide() {
        SelfPlayTask t = valid().setWhite(BUILTIN.toBuilder().putOptions("Contempt", "5")).build();
        assertThat(TaskValidator.problem(t, true)).startsWith("white: built-in engine has no option 'Contempt'");
    }

    @Test
    void badHashSizeIsRejected() {
        SelfPlayTask t = valid().setBlack(BUILTIN.toBuilder().putOptions("USI_Hash", "-1")).build();
        assertThat(TaskValidator.problem(t, true)).startsWith("black: option USI_Hash");
    }

    @Test
    void zeroGamesIsRejected() {
        assertThat(TaskValidator.problem(valid().setGames(0).build(), true)).startsWith("games must be");
    }

    @Test
    void badStartSfenNamesTheField() {
        SelfPlayTask t = valid().setOpening(Opening.newBuilder().setStartSfen("not a position")).build();
        assertThat(TaskValidator.problem(t, true)).startsWith("opening.start_sfen:1:");
    }

    @Test
    void emptyTaskIdIsRejected() {
        assertThat(TaskValidator.problem(valid().setTaskId("").build(), true)).isEqualTo("task_id is empty");
    }
}
