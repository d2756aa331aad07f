package dev.joseki.book.builder;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.SparkSession;

/**
 * A Spark job's progress for its user: the tasks finished and those of the stages submitted so far.
 * A job's stages are planned as it goes (each action submits its own), so the tasks submitted grow
 * and are no total to count down to. Spark calls the listener on its one listener-bus thread.
 */
public final class SparkTasks extends SparkListener {
    /**
     * Told at each stage submitted and each task that finished well, and of the job's phases as
     * they end (lines for the user, on stderr unless the listener shows them otherwise).
     */
    @FunctionalInterface
    public interface Listener {
        Listener NONE = (done, submitted, stages) -> {};

        void tasks(long done, long submitted, int stages);

        default void phase(String line) {
            System.err.println(line);
        }
    }

    private final Listener listener;
    private final AtomicLong done = new AtomicLong();
    private final AtomicLong submitted = new AtomicLong();
    private final AtomicInteger stages = new AtomicInteger();

    private SparkTasks(Listener listener) {
        this.listener = listener;
    }

    /** Tells {@code listener} of the tasks of every job run on {@code spark} from now on. */
    public static void attach(SparkSession spark, Listener listener) {
        if (listener != Listener.NONE) {
            spark.sparkContext().addSparkListener(new SparkTasks(listener));
        }
    }

    @Override
    public void onStageSubmitted(SparkListenerStageSubmitted e) {
        long s = submitted.addAndGet(e.stageInfo().numTasks());
        listener.tasks(done.get(), s, stages.incrementAndGet());
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd e) {
        if (e.taskInfo() != null && e.taskInfo().successful()) {
            listener.tasks(done.incrementAndGet(), submitted.get(), stages.get());
        }
    }
}
