package dev.joseki.engine.mate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Position;
import java.io.IOException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class DfPnTest {
    private static final long NODE_LIMIT = 20_000;
    private static final int[] BUF = new int[MoveGenerator.MAX_MOVES];

    static Stream<MateProblems.Problem> problems() throws IOException {
        return MateProblems.load().stream();
    }

    static boolean isMate(Position pos) {
        return pos.inCheck() && MoveGenerator.generateLegal(pos, BUF, 0) == 0;
    }

    @Test
    void suiteHasThirtyProblemsFromMateInOneToSevenWithDropsAndAnIllegalPawnDropMate()
            throws IOException {
        List<MateProblems.Problem> all = MateProblems.load();
        assertThat(all).hasSizeGreaterThanOrEqualTo(30);
        assertThat(all).extracting(MateProblems.Problem::plies).contains(0, 1, 3, 5, 7);
        assertThat(all.stream().filter(p -> p.solution().stream().anyMatch(m -> m.contains("*"))))
                .hasSizeGreaterThan(5);
    }

    @ParameterizedTest
    @MethodSource("problems")
    void composedSolutionEndsInMate(MateProblems.Problem p) {
        if (p.plies() == 0) {
            return;
        }
        assertThat(p.solution()).hasSize(p.plies());
        assertThat(isMate(p.afterSolution()))
                .as("final position of the composed line is mate")
                .isTrue();
    }

    @ParameterizedTest
    @MethodSource("problems")
    void solverProvesMateOrNoMateWithinTheNodeLimit(MateProblems.Problem p) {
        Position pos = p.position();
        String before = Sfen.write(pos);
        MateResult r = new DfPn(1 << 18).solve(pos, NODE_LIMIT);
        assertThat(Sfen.write(pos)).isEqualTo(before);
        if (p.plies() == 0) {
            assertThat(r.status()).isEqualTo(MateResult.Status.DISPROVEN);
            return;
        }
        assertThat(r.status()).isEqualTo(MateResult.Status.PROVEN);
        // The solver's own line must be legal, all checks by the attacker, and end in mate.
        int[] pv = r.pv();
        assertThat(pv.length % 2).isEqualTo(1);
        // df-pn does not minimise the mate length in general; on these problems its line (shortened
        // by mate-in-1 checks) has the composed length. A shorter line would refute the
        // composition.
        assertThat(pv.length).isEqualTo(p.plies());
        for (int i = 0; i < pv.length; i++) {
            assertThat(pos.isLegal(pv[i])).as("move %d %s legal", i, Move.usi(pv[i])).isTrue();
            pos.doMove(pv[i]);
            if (i % 2 == 0) {
                assertThat(pos.inCheck()).isTrue();
            }
        }
        assertThat(isMate(pos)).isTrue();
    }

    @Test
    void pawnDropMateIsNotAMate() throws IOException {
        MateProblems.Problem p =
                MateProblems.load().stream().filter(q -> q.plies() == 0).findFirst().orElseThrow();
        Position pos = p.position();
        int drop = pos.completeMove(Move.drop(1, dev.joseki.rules.Square.of(1, 2), 0) & 0xffff);
        assertThat(pos.isLegal(drop)).isFalse();
        // Placed by hand (not as a move) the pawn would mate: this is why the drop is forbidden.
        pos.put(dev.joseki.rules.Square.of(1, 2), dev.joseki.rules.Piece.PAWN);
        pos.setSideToMove(1);
        assertThat(isMate(pos)).isTrue();
    }
}
