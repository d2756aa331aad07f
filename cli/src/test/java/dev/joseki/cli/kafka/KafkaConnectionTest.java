package dev.joseki.cli.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The words that tell a user how to give a run workers: the run's prefix is named. */
class KafkaConnectionTest {
    @Test
    void theDefaultPrefixNeedsNoFlagInTheHint() {
        assertThat(KafkaConnection.startWorkersHint("h:9092", "joseki.train.tasks"))
                .isEqualTo(
                        "start `./joseki worker --bootstrap-servers h:9092`, or use `./joseki"
                                + " cluster up --workers N`");
    }

    @Test
    void anotherPrefixIsNamedInBothCommands() {
        assertThat(KafkaConnection.startWorkersHint("h:9092", "n6.train.tasks"))
                .isEqualTo(
                        "start `./joseki worker --bootstrap-servers h:9092 --topic-prefix n6`, or"
                                + " use `./joseki cluster up --workers N --topic-prefix n6`");
    }

    @Test
    void workersOfOtherPrefixesAreNamedWhenNoneTakesTheRunsTasks() {
        List<String> held =
                List.of(
                        "joseki.eval.tasks",
                        "joseki.selfplay.tasks",
                        "joseki.train.tasks",
                        "sprt.selfplay.tasks");
        assertThat(KafkaConnection.elsewhere(held, "n6.train.tasks"))
                .isEqualTo(
                        "the group's workers take the tasks of topic prefix 'joseki', 'sprt', not"
                                + " 'n6': ");
    }

    @Test
    void nothingIsSaidWhenSomeWorkerTakesTheRunsTasksOrTheGroupIsEmpty() {
        assertThat(
                        KafkaConnection.elsewhere(
                                List.of("n6.train.tasks", "joseki.train.tasks"), "n6.train.tasks"))
                .isEmpty();
        assertThat(KafkaConnection.elsewhere(List.of(), "n6.train.tasks")).isEmpty();
    }
}
