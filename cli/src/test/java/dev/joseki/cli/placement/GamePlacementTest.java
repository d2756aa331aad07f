package dev.joseki.cli.placement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.cli.kafka.KafkaOptions;
import dev.joseki.play.EngineSpec;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GamePlacementTest {
    private static final List<EngineSpec> FOUR_THREADS_ON_A_CLOCK =
            List.of(EngineSpec.parse("name=a builtin option.Threads=4 tc=10"));

    private final StringWriter err = new StringWriter();

    private GamePlacement placement(boolean allowSharedCores, String note) {
        GamePlacementOptions options = new GamePlacementOptions();
        options.sharedCores.allowed = allowSharedCores;
        return new GamePlacement(options, new KafkaOptions(), new PrintWriter(err), note);
    }

    @Test
    void clockedGamesThatFitTheCoresPassSilently() {
        placement(false, "").checkCores(FOUR_THREADS_ON_A_CLOCK, 2, 8);
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void clockedGamesThatShareCoresAreRefusedUnlessAllowed() {
        assertThatThrownBy(() -> placement(false, "").checkCores(FOUR_THREADS_ON_A_CLOCK, 2, 4))
                .hasMessage(
                        "clocked games would share cores: 2 games at once x 4 threads per game"
                                + " = 8 > 4 cores; play fewer games at once (--concurrency 1) or"
                                + " fewer Threads, or allow it with --allow-shared-cores");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void allowedSharedCoresWarnInOneLineEndingInTheCommandsNote() {
        placement(true, " (note)").checkCores(FOUR_THREADS_ON_A_CLOCK, 2, 4);
        assertThat(err.toString())
                .isEqualTo(
                        "joseki: warning: clocked games would share cores: 2 games at once x 4"
                                + " threads per game = 8 > 4 cores; play fewer games at once"
                                + " (--concurrency 1) or fewer Threads (note)"
                                + System.lineSeparator());
    }

    @Test
    void theNoWorkersNoticeNamesGroupTopicBrokerAndTheIdleTimeOut() {
        String notice =
                GamePlacement.noWorkersNotice("g1", "joseki.selfplay.tasks", "h:9092", Set.of());
        assertThat(notice)
                .startsWith(
                        "joseki: no worker of group g1 holds the partitions of"
                                + " joseki.selfplay.tasks on h:9092 yet")
                .endsWith("with no game for 10 minutes the run stops")
                .doesNotContain("\n");
    }

    @Test
    void theNoWorkersNoticeSaysWhichPrefixTheGroupsWorkersTakeInstead() {
        String notice =
                GamePlacement.noWorkersNotice(
                        "g1",
                        "sprt.selfplay.tasks",
                        "h:9092",
                        Set.of("joseki.selfplay.tasks", "joseki.eval.tasks", "joseki.train.tasks"));
        assertThat(notice)
                .contains(
                        "the games wait there until one does (the group's workers take the tasks"
                                + " of topic prefix 'joseki', not 'sprt': start `./joseki worker"
                                + " --bootstrap-servers h:9092 --topic-prefix sprt`, or use"
                                + " `./joseki cluster up --workers N --topic-prefix sprt`);");
    }
}
