package dev.joseki.book.builder;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

class SparkTasksTest {
    @Test
    void aJobOfThreePartitionsIsOneStageSubmittedThenThreeTasksDone() {
        List<String> calls = new ArrayList<>();
        SparkSession spark = BookBuildJob.session("local[2]", 2);
        try {
            SparkTasks.attach(
                    spark,
                    (done, submitted, stages) -> {
                        synchronized (calls) {
                            calls.add(done + "/" + submitted + " in " + stages);
                        }
                    });
            long n =
                    JavaSparkContext.fromSparkContext(spark.sparkContext())
                            .parallelize(List.of(1, 2, 3, 4, 5, 6), 3)
                            .count();
            assertThat(n).isEqualTo(6);
        } finally {
            spark.stop(); // delivers the listener's events still queued
        }
        synchronized (calls) {
            assertThat(calls).containsExactly("0/3 in 1", "1/3 in 1", "2/3 in 1", "3/3 in 1");
        }
    }
}
