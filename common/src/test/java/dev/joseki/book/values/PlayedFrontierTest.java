package dev.joseki.book.values;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Hand-made games: from the start 7g7f 100 times, 2g2f 60, 1g1f once; after 7g7f, 3c3d 70 and 8c8d
 * 30; after 2g2f, 8c8d 50. Only the start and the position after 7g7f have values. Best first by
 * count, the unvalued positions come as: 7g7f 3c3d (70), 2g2f (60), 2g2f 8c8d (50, reached through
 * 2g2f), 7g7f 8c8d (30), 1g1f (1).
 */
class PlayedFrontierTest {
    private static final Map<String, List<String[]>> GAMES =
            Map.of(
                    "", List.<String[]>of(m("7g7f", 100), m("2g2f", 60), m("1g1f", 1)),
                    "7g7f", List.<String[]>of(m("3c3d", 70), m("8c8d", 30)),
                    "2g2f", List.<String[]>of(m("8c8d", 50)));

    private static String[] m(String usi, long count) {
        return new String[] {usi, Long.toString(count)};
    }

    private static final HandMadeValues VALUES =
            new HandMadeValues().put("", "7g7f", 10).put("7g7f", "3c3d", -10);

    /** The games' moves of p, found by the line that reaches it. */
    private static List<PlayedFrontier.PlayedMove> played(Position p) {
        for (Map.Entry<String, List<String[]>> e : GAMES.entrySet()) {
            String[] line = e.getKey().isEmpty() ? new String[0] : e.getKey().split(" ");
            if (GraphScanTest.after(line).key() == p.key()) {
                return e.getValue().stream()
                        .map(
                                mv ->
                                        new PlayedFrontier.PlayedMove(
                                                Move.move16(UsiMove.parse(p, mv[0])),
                                                Long.parseLong(mv[1])))
                        .toList();
            }
        }
        return List.of();
    }

    private static String sfen(String... line) {
        return Sfen.write(GraphScanTest.after(line));
    }

    @Test
    void shouldTakeTheUnvaluedPositionsMostPlayedFirst() {
        assertThat(
                        PlayedFrontier.select(
                                VALUES,
                                PlayedFrontierTest::played,
                                Sfen.startPosition(),
                                10,
                                1000,
                                p -> false))
                .containsExactly(
                        sfen("7g7f", "3c3d"),
                        sfen("2g2f"),
                        sfen("2g2f", "8c8d"),
                        sfen("7g7f", "8c8d"),
                        sfen("1g1f"));
    }

    @Test
    void shouldStopAtTheLimit() {
        assertThat(
                        PlayedFrontier.select(
                                VALUES,
                                PlayedFrontierTest::played,
                                Sfen.startPosition(),
                                2,
                                1000,
                                p -> false))
                .containsExactly(sfen("7g7f", "3c3d"), sfen("2g2f"));
    }

    @Test
    void shouldLeaveOutSkippedPositionsButStillWalkThroughThem() {
        String skipped = sfen("2g2f");
        assertThat(
                        PlayedFrontier.select(
                                VALUES,
                                PlayedFrontierTest::played,
                                Sfen.startPosition(),
                                3,
                                1000,
                                p -> Sfen.write(p).equals(skipped)))
                .containsExactly(sfen("7g7f", "3c3d"), sfen("2g2f", "8c8d"), sfen("7g7f", "8c8d"));
    }

    @Test
    void shouldVisitNoMoreThanMaxVisitsPositions() {
        // the root and 7g7f are visited (both valued), nothing is taken
        assertThat(
                        PlayedFrontier.select(
                                VALUES,
                                PlayedFrontierTest::played,
                                Sfen.startPosition(),
                                10,
                                2,
                                p -> false))
                .isEmpty();
    }
}
