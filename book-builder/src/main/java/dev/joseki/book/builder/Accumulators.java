package dev.joseki.book.builder;

import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.LongAccumulator;

/** Numbered Spark accumulators, one per source of a build, and their values on the driver. */
final class Accumulators {
    private Accumulators() {}

    static LongAccumulator[] of(SparkSession spark, String prefix, int n) {
        LongAccumulator[] a = new LongAccumulator[n];
        for (int i = 0; i < n; i++) {
            a[i] = spark.sparkContext().longAccumulator(prefix + i);
        }
        return a;
    }

    static long[] values(LongAccumulator[] a) {
        long[] v = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            v[i] = a[i].value();
        }
        return v;
    }
}
