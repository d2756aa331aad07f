package dev.joseki.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Perft against published counts only: YaneuraOu's position.cpp unit tests, python-shogi's perft
 * tests and shogiops' generated cases, as collected in perft.jsonl (collected from published perft
 * counts).
 */
class PerftTest {
    private static final Pattern CASE =
            Pattern.compile(
                    "\\{\"sfen\": \"([^\"]+)\", \"depth\": (\\d+), \"nodes\": (\\d+), \"source\":"
                            + " \"([^\"]+)\"}");

    static Stream<Arguments> publishedCases() throws IOException {
        List<Arguments> cases = new ArrayList<>();
        try (InputStream in = PerftTest.class.getResourceAsStream("/perft.jsonl")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                Matcher m = CASE.matcher(line.trim());
                if (m.matches()) {
                    cases.add(
                            Arguments.of(
                                    m.group(1),
                                    Integer.parseInt(m.group(2)),
                                    Long.parseLong(m.group(3)),
                                    m.group(4)));
                }
            }
        }
        assertThat(cases).hasSize(350);
        return cases.stream();
    }

    @ParameterizedTest(name = "{3}: depth {1} of {0}")
    @MethodSource("publishedCases")
    void bulkCountMatchesPublishedCount(String sfen, int depth, long nodes, String source) {
        assertThat(new Perft(depth).count(Sfen.parseProblem(sfen), depth)).isEqualTo(nodes);
    }

    @ParameterizedTest(name = "{0} depth {1}")
    @CsvSource({
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1, 3, 25470",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1, 2, 28684",
        "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1, 1, 593",
    })
    void countingByMakingEveryMoveAgreesWithPublishedCount(String sfen, int depth, long nodes) {
        Position pos = Sfen.parseProblem(sfen);
        long key = pos.key();
        String before = Sfen.write(pos);
        assertThat(new Perft(depth).countByMaking(pos, depth)).isEqualTo(nodes);
        assertThat(pos.key()).isEqualTo(key);
        assertThat(Sfen.write(pos)).isEqualTo(before);
    }

    @Test
    void divideTellsEachRootMoveItsCountAndStopsWhenTold() {
        // From the start no first move of Black touches White's pieces, so each of the 30 first
        // moves is followed by White's 30 (the published depth 2 is 900 = 30 x 30).
        List<Long> counts = new ArrayList<>();
        long total =
                new Perft(2).divide(Sfen.startPosition(), 2, (move, count) -> counts.add(count));
        assertThat(total).isEqualTo(900);
        assertThat(counts).hasSize(30).containsOnly(30L);
        counts.clear();
        long firstThree =
                new Perft(2)
                        .divide(
                                Sfen.startPosition(),
                                2,
                                (move, count) -> counts.add(count) && counts.size() < 3);
        assertThat(firstThree).isEqualTo(90);
        assertThat(counts).hasSize(3);
    }

    @Test
    // Full tier: asserts on wall-clock time.
    @Tag("full")
    void stopEndsADivideInProgressAtOnceWithoutTellingTheRootMoveCutShort()
            throws InterruptedException {
        // Under each first move, depth 8 from the start counts seven plies: depth 6 alone is
        // 547,581,517 from 30 first moves (the published count), and each ply has multiplied it by
        // more than 27, so no root move can finish in the 300 ms before the stop.
        final Perft perft = new Perft(8);
        final List<Long> told = new java.util.concurrent.CopyOnWriteArrayList<>();
        final long[] total = {-1};
        final Thread counting =
                new Thread(
                        () ->
                                total[0] =
                                        perft.divide(
                                                Sfen.startPosition(), 8, (m, c) -> told.add(c)));
        counting.start();
        Thread.sleep(300);
        final long stopAt = System.nanoTime();
        perft.stop();
        counting.join(10_000);
        final long stoppedInMs = (System.nanoTime() - stopAt) / 1_000_000;
        assertThat(counting.isAlive()).isFalse();
        assertThat(stoppedInMs).as("ms from stop to the end of the divide").isLessThan(1_000);
        assertThat(told).isEmpty();
        assertThat(total[0]).isZero();
        assertThat(perft.stopped()).isTrue();
        assertThat(perft.count(Sfen.startPosition(), 3))
                .as("a stopped Perft counts nothing more")
                .isZero();
    }
}
