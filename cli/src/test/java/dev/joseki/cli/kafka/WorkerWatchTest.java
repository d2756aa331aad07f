package dev.joseki.cli.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** When a waiting run gives up on its workers: a clock of our own, real processes. */
class WorkerWatchTest {
    private static final long S = 1_000_000_000L;

    private final AtomicLong clock = new AtomicLong(1_000 * S);
    private final AtomicInteger holders = new AtomicInteger();

    private WorkerWatch watch(List<WorkerWatch.Child> children) {
        return new WorkerWatch(
                holders::get,
                "g",
                "h:9092",
                "n6.train.tasks",
                children,
                Duration.ofSeconds(300),
                clock::get);
    }

    /** A process that has exited, as a child whose log is {@code log}. */
    private static WorkerWatch.Child exited(String log) throws Exception {
        Process p =
                new ProcessBuilder(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-version")
                        .start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new WorkerWatch.Child(p.pid(), Path.of(log));
    }

    @Test
    void noWorkerHoldingThePartitionsStallsTheRunOnceTheBoundHasPassedNamingTheRunsPrefix() {
        WorkerWatch w = watch(List.of());
        assertThat(w.get()).as("first seen empty at t=0").isNull();
        clock.addAndGet(299 * S);
        assertThat(w.get()).as("t=299 s, under the 300 s bound").isNull();
        clock.addAndGet(2 * S);
        assertThat(w.get())
                .isEqualTo(
                        "no worker of group g on h:9092 has held the task partitions for 300 s"
                                + " (start `./joseki worker --bootstrap-servers h:9092"
                                + " --topic-prefix n6`, or use `./joseki cluster up --workers N"
                                + " --topic-prefix n6`; the tasks stay queued for them)");
    }

    @Test
    void aWorkerThatHoldsThePartitionsAgainStartsTheBoundAnew() {
        WorkerWatch w = watch(List.of());
        assertThat(w.get()).isNull();
        clock.addAndGet(200 * S);
        holders.set(1);
        assertThat(w.get()).isNull();
        holders.set(0);
        clock.addAndGet(3 * S);
        assertThat(w.get()).as("empty again since t=203 s").isNull();
        clock.addAndGet(299 * S);
        assertThat(w.get()).as("t=502 s: 299 s without a worker").isNull();
        clock.addAndGet(2 * S);
        assertThat(w.get()).contains("for 300 s");
    }

    @Test
    void theGroupIsDescribedAtMostEveryTwoSeconds() {
        AtomicInteger probes = new AtomicInteger();
        WorkerWatch w =
                new WorkerWatch(
                        () -> {
                            probes.incrementAndGet();
                            return 1;
                        },
                        "g",
                        "h:9092",
                        "joseki.selfplay.tasks",
                        List.of(),
                        Duration.ofSeconds(300),
                        clock::get);
        for (int i = 0; i < 10; i++) {
            w.get();
            clock.addAndGet(S / 2);
        }
        // t = 0, 2, 4 s of the 5 s
        assertThat(probes).hasValue(3);
    }

    @Test
    void childWorkersThatHaveAllExitedStallTheRunAtOnceNamingTheirLogs() throws Exception {
        holders.set(2); // the group has not noticed yet
        WorkerWatch w = watch(List.of(exited("logs/worker-1.log"), exited("logs/worker-2.log")));
        assertThat(w.get())
                .isEqualTo(
                        "the 2 worker processes started for it have all exited; see"
                                + " logs/worker-1.log, logs/worker-2.log");
    }

    @Test
    void oneChildWorkerAliveKeepsTheRunWaiting() throws Exception {
        holders.set(1);
        WorkerWatch.Child alive =
                new WorkerWatch.Child(ProcessHandle.current().pid(), Path.of("this.log"));
        WorkerWatch w = watch(List.of(exited("logs/worker-1.log"), alive));
        assertThat(w.get()).isNull();
    }

    @Test
    void aChildIsGivenAsPidEqualsLog() {
        assertThat(WorkerWatch.Child.parse("4242=run/demo/logs/worker-1.log"))
                .isEqualTo(new WorkerWatch.Child(4242, Path.of("run/demo/logs/worker-1.log")));
        assertThatThrownBy(() -> WorkerWatch.Child.parse("x.log"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--watch-worker: PID=LOG");
    }
}
