package dev.joseki.book.builder.training;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TrainingBucketsTest {
    @Test
    void moveNumbersFallInBucketsOfTwentyUpTo200() {
        assertThat(TrainingBuckets.ply(1)).isEqualTo("1-20");
        assertThat(TrainingBuckets.ply(20)).isEqualTo("1-20");
        assertThat(TrainingBuckets.ply(21)).isEqualTo("21-40");
        assertThat(TrainingBuckets.ply(200)).isEqualTo("181-200");
        assertThat(TrainingBuckets.ply(201)).isEqualTo("201+");
        assertThat(TrainingBuckets.plyLabels()).hasSize(11).startsWith("1-20").endsWith("201+");
    }

    @Test
    void scoresFallInHalfOpenBucketsBetweenTheEdges() {
        assertThat(TrainingBuckets.score(-2001)).isEqualTo("<-2000");
        assertThat(TrainingBuckets.score(-2000)).isEqualTo("-2000..-1001");
        assertThat(TrainingBuckets.score(-51)).isEqualTo("-200..-51");
        assertThat(TrainingBuckets.score(-50)).isEqualTo("-50..49");
        assertThat(TrainingBuckets.score(49)).isEqualTo("-50..49");
        assertThat(TrainingBuckets.score(50)).isEqualTo("50..199");
        assertThat(TrainingBuckets.score(1999)).isEqualTo("1000..1999");
        assertThat(TrainingBuckets.score(2000)).isEqualTo(">=2000");
        assertThat(TrainingBuckets.scoreLabels())
                .containsExactly(
                        "<-2000",
                        "-2000..-1001",
                        "-1000..-501",
                        "-500..-201",
                        "-200..-51",
                        "-50..49",
                        "50..199",
                        "200..499",
                        "500..999",
                        "1000..1999",
                        ">=2000");
    }
}
