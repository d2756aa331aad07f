package dev.joseki.book.builder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.records.proto.PositionEval;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The mining loop's scheduling without Kafka or Spark: a tree-shaped book in memory (a position is
 * a path of child numbers from the root; it has values once folded) and worker slots on threads
 * that take positions from one queue and answer after a time that varies with the position.
 */
class MiningLoopTest {

    /**
     * A book whose positions have {@code branching} children down to {@code depth}; folds and
     * frontiers take {@code slowMillis} each (the frontier after its walk, so that it is stale when
     * it arrives).
     */
    static final class TreeBook implements MiningLoop.Book {
        final int branching;
        final int depth;
        final int slowMillis;
        final Set<String> valued = ConcurrentHashMap.newKeySet();

        TreeBook(int branching, int depth, int slowMillis) {
            this.branching = branching;
            this.depth = depth;
            this.slowMillis = slowMillis;
        }

        static String sfen(String path) {
            return "p" + path + " b - 1";
        }

        @Override
        public void propagate() {}

        @Override
        public MiningLoop.Folded fold(List<PositionEval> records) {
            sleep(slowMillis);
            for (PositionEval e : records) {
                valued.add(MiningLoop.key(e.getSfen()));
            }
            return new MiningLoop.Folded(records.size(), "none depth none");
        }

        /** Breadth-first through valued positions; an unvalued one is a frontier position. */
        @Override
        public List<String> frontier(int limit, Predicate<String> skip) {
            List<String> out = new ArrayList<>();
            List<String> level = List.of("");
            for (int d = 0; d <= depth && !level.isEmpty() && out.size() < limit; d++) {
                List<String> next = new ArrayList<>();
                for (String path : level) {
                    String key = MiningLoop.key(sfen(path));
                    if (valued.contains(key)) {
                        for (int c = 0; c < branching; c++) {
                            next.add(path + "." + c);
                        }
                    } else if (!skip.test(key) && out.size() < limit) {
                        out.add(sfen(path));
                    }
                }
                level = next;
            }
            sleep(slowMillis);
            return out;
        }
    }

    /** Worker slots: each takes the next queued position and answers it after 40 to 200 ms. */
    static final class SlotWorkers implements MiningLoop.Workers, AutoCloseable {
        final BlockingQueue<String> queue = new LinkedBlockingQueue<>();
        final BlockingQueue<PositionEval> answers = new LinkedBlockingQueue<>();
        final List<String> submitted = Collections.synchronizedList(new ArrayList<>());

        /**
         * Times a slot that had just answered found no next position within {@link #GRACE_MS} while
         * it should have had one. The grace absorbs a loaded machine's scheduling delay (a CI run
         * once saw one slot find the queue empty for a moment); a loop that refills only after a
         * whole batch or a fold keeps a slot waiting for the slowest answer, up to 160 ms.
         */
        final AtomicInteger idle = new AtomicInteger();

        final AtomicInteger answered = new AtomicInteger();
        final List<Thread> slots = new ArrayList<>();
        volatile boolean stop;
        volatile java.util.function.BooleanSupplier shouldHaveWork = () -> false;

        /** Answers after this many are lost (a killed run). */
        volatile int answerAtMost = Integer.MAX_VALUE;

        SlotWorkers(int n) {
            for (int i = 0; i < n; i++) {
                Thread t = new Thread(this::slot, "slot-" + i);
                t.setDaemon(true);
                slots.add(t);
                t.start();
            }
        }

        static final int GRACE_MS = 100;

        static int millis(String sfen) {
            return 40 + 40 * Math.floorMod(sfen.hashCode(), 5);
        }

        private void slot() {
            boolean justAnswered = false;
            while (!stop) {
                String sfen = queue.poll();
                if (sfen == null) {
                    boolean expected = justAnswered && shouldHaveWork.getAsBoolean();
                    justAnswered = false;
                    try {
                        sfen = queue.poll(expected ? GRACE_MS : 5, TimeUnit.MILLISECONDS);
                    } catch (InterruptedException e) {
                        return;
                    }
                    if (sfen == null && expected) {
                        idle.incrementAndGet();
                    }
                    if (sfen == null) {
                        continue;
                    }
                }
                int ms = millis(sfen);
                sleep(ms);
                justAnswered = true;
                if (answered.incrementAndGet() <= answerAtMost) {
                    answers.add(
                            PositionEval.newBuilder()
                                    .setEvalId(sfen + "/0")
                                    .setSfen(sfen)
                                    .setTimeMs(ms)
                                    .build());
                }
            }
        }

        @Override
        public void submit(List<String> sfens) {
            submitted.addAll(sfens);
            queue.addAll(sfens);
        }

        @Override
        public List<PositionEval> poll(Duration wait) {
            List<PositionEval> out = new ArrayList<>();
            try {
                PositionEval first = answers.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
                if (first != null) {
                    out.add(first);
                    answers.drainTo(out);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return out;
        }

        @Override
        public void close() {
            stop = true;
        }
    }

    static MiningLoop.Config config(int inFlight, int frontier, int budget, Duration stall) {
        return new MiningLoop.Config(
                inFlight, frontier, budget, Long.MAX_VALUE, "time budget", stall);
    }

    static MiningLoop.Summary run(
            SlotWorkers w, TreeBook book, MiningLoop.Config c, List<String> lines)
            throws InterruptedException {
        return new MiningLoop(w, book, c, lines::add, n -> {}).run();
    }

    @Test
    void slotsAreNeverIdleWhileTheFrontierHasPositionsAndTheBudgetIsNotSpent() throws Exception {
        // a wide book (8 children a position): after the root the frontier never runs dry
        TreeBook book = new TreeBook(8, 10, 0);
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        try (SlotWorkers w = new SlotWorkers(3)) {
            // idle counts only after the root is folded (before, the root is all there is) and
            // until the whole budget is submitted
            w.shouldHaveWork =
                    () ->
                            book.valued.contains(MiningLoop.key(TreeBook.sfen("")))
                                    && w.submitted.size() < 60;
            MiningLoop.Summary s = run(w, book, config(6, 16, 60, Duration.ofMinutes(1)), lines);

            assertThat(w.idle.get()).isZero();
            assertThat(s.evaluated()).isEqualTo(60);
            assertThat(s.stopped()).isEqualTo("budget of 60 positions");
            assertThat(w.submitted).doesNotHaveDuplicates().hasSize(60);
            assertThat(book.valued).hasSize(60); // every answer folded before run() returned
            // busy time is the sum of the evaluations' own times
            assertThat(s.evalMillis())
                    .isEqualTo(w.submitted.stream().mapToLong(SlotWorkers::millis).sum());
            assertThat(lines).allMatch(l -> l.matches(FOLD_LINE));
        }
    }

    static final String FOLD_LINE =
            "fold \\d+ evaluated \\d+ entries_changed \\d+ total \\d+ root_value none depth none"
                    + " in_flight \\d+";

    @Test
    void aSmallBookIsMinedOutWithEachPositionOnceThenTheEmptyFrontierStopsTheRun()
            throws Exception {
        // 1 + 2 + 4 + 8 = 15 positions; slow folds leave the submitter with stale frontiers
        // that name positions already in flight
        TreeBook book = new TreeBook(2, 3, 40);
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        try (SlotWorkers w = new SlotWorkers(2)) {
            MiningLoop.Summary s = run(w, book, config(4, 8, 100, Duration.ofMinutes(1)), lines);

            assertThat(s.stopped()).isEqualTo("empty frontier");
            assertThat(s.evaluated()).isEqualTo(15);
            assertThat(w.submitted).doesNotHaveDuplicates().hasSize(15);
            assertThat(book.valued).hasSize(15);
            // the last fold line counts every position
            assertThat(lines.get(lines.size() - 1)).contains(" total 15 ");
        }
    }

    @Test
    void aResumedRunEvaluatesNothingTheStoppedRunPutInTheBook() throws Exception {
        TreeBook book = new TreeBook(3, 10, 10);
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        // the first run's workers die after 10 answers: the run gives up with positions in flight
        try (SlotWorkers w = new SlotWorkers(2)) {
            w.answerAtMost = 10;
            assertThatThrownBy(() -> run(w, book, config(4, 8, 100, Duration.ofMillis(500)), lines))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("positions in flight: are the workers running?");
        }
        Set<String> before = new HashSet<>(book.valued);
        assertThat(before).isNotEmpty();
        try (SlotWorkers w = new SlotWorkers(2)) {
            MiningLoop.Summary s = run(w, book, config(4, 8, 20, Duration.ofMinutes(1)), lines);

            assertThat(s.evaluated()).isEqualTo(20);
            assertThat(w.submitted).doesNotHaveDuplicates();
            assertThat(w.submitted.stream().map(MiningLoop::key))
                    .doesNotContainAnyElementsOf(before);
            assertThat(book.valued).hasSize(before.size() + 20);
        }
    }

    private static void sleep(int ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
