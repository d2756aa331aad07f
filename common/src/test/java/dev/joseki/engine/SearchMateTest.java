package dev.joseki.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.engine.mate.MateProblems;
import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Position;
import java.io.IOException;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The alpha-beta search alone (root df-pn off) finds the shortest mate of the mate-in-1 and
 * mate-in-3 problems, also with the singular extension and the internal reduction on from their
 * least depths (4 and 2; the searches go to depths 3 and 5, and must still see every mate;
 * SearchTunablesTest checks that each feature changes the tree when it is on).
 */
class SearchMateTest {
    static Stream<MateProblems.Problem> shortMates() throws IOException {
        return MateProblems.load().stream().filter(p -> p.plies() == 1 || p.plies() == 3);
    }

    @ParameterizedTest
    @MethodSource("shortMates")
    void searchFindsTheMate(MateProblems.Problem p) {
        findsTheMate(p, SearchTunables.DEFAULT);
    }

    @ParameterizedTest
    @MethodSource("shortMates")
    void searchWithSingularExtensionAndInternalReductionFindsTheMate(MateProblems.Problem p) {
        findsTheMate(p, new SearchTunables(100, 100, 80, 3, 25, 4, 2));
    }

    private static void findsTheMate(MateProblems.Problem p, SearchTunables tunables) {
        Search search = new Search(new HandcraftedEvaluator(), 4);
        search.setRootMateNodes(0);
        search.setTunables(tunables);
        Position pos = p.position();
        SearchResult r = search.go(pos, null, Limits.depth(p.plies() + 2), SearchListener.NONE);
        assertThat(Score.usi(r.score())).isEqualTo("mate " + p.plies());
        // Its line mates on the board.
        for (int m : r.pv()) {
            pos.doMove(m);
        }
        assertThat(r.pv()).hasSize(p.plies());
        assertThat(pos.inCheck()).isTrue();
        assertThat(MoveGenerator.generateLegal(pos, new int[MoveGenerator.MAX_MOVES], 0)).isZero();
        assertThat(r.bestMove()).isNotEqualTo(Move.RESIGN);
    }
}
