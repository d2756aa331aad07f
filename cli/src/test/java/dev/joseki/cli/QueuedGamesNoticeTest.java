package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.kafka.Topics;
import org.junit.jupiter.api.Test;

/** What Ctrl-C of selfplay --wait says; the subprocess test of it is in SelfPlayInterruptTest. */
class QueuedGamesNoticeTest {

    @Test
    void onAClusterItSaysTheGamesStayQueuedAndGivesTheExactCommandThatDropsThem() {
        QueuedGamesNotice n =
                new QueuedGamesNotice(
                        "sp-1-abc",
                        200,
                        "broker:9092",
                        Topics.withPrefix("lab"),
                        "lab-workers",
                        false);
        String text = n.text(17);
        assertThat(text)
                .startsWith(
                        "joseki selfplay: interrupted: 17 of 200 games of run sp-1-abc recorded.")
                .contains(
                        "stay queued on lab.selfplay.tasks and the workers of group lab-workers"
                                + " will still play them")
                .contains("./joseki cluster down")
                .contains(
                        "kafka-consumer-groups.sh --bootstrap-server broker:9092 --group"
                            + " lab-workers --topic lab.selfplay.tasks --reset-offsets --to-latest"
                            + " --execute");
    }

    @Test
    void withTheEmbeddedBrokerItSaysTheQueueIsGone() {
        QueuedGamesNotice n =
                new QueuedGamesNotice(
                        "sp-1-abc",
                        40,
                        "127.0.0.1:5555",
                        Topics.withPrefix("joseki"),
                        "joseki-selfplay-workers",
                        true);
        assertThat(n.text(3))
                .isEqualTo(
                        "joseki selfplay: interrupted: 3 of 40 games of run sp-1-abc recorded; the"
                            + " embedded broker and the games still queued on it are discarded");
    }
}
