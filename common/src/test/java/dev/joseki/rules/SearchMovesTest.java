package dev.joseki.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * SearchMoves must agree with the perft-verified MoveGenerator on every position of a small tree.
 */
class SearchMovesTest {
    static Stream<String> positions() {
        return Stream.of(
                Sfen.STARTPOS,
                "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
                "ln1g3nl/1sk1gr3/1pppp1bpp/p3spp2/7P1/P1P1PPP2/1P1P4P/1BKGGS1R1/LNS4NL b - 25",
                "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124");
    }

    @ParameterizedTest
    @MethodSource("positions")
    void searchGenerationMatchesTheReferenceGeneratorTwoPliesDeep(String sfen) {
        Position pos = Sfen.parse(sfen);
        int[] root = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.generateLegal(pos, root, 0);
        check(pos);
        for (int i = 0; i < n; i++) {
            pos.doMove(root[i]);
            check(pos);
            pos.undoMove(root[i]);
        }
    }

    private static void check(Position pos) {
        List<Integer> legal = list(pos, -1);
        assertThat(list(pos, 0)).containsExactlyInAnyOrderElementsOf(legal);
        boolean inCheck = pos.inCheck();
        List<Integer> tactical = new ArrayList<>();
        List<Integer> plausible = new ArrayList<>();
        for (int m : legal) {
            if (inCheck || (!Move.isDrop(m) && (Move.captured(m) != 0 || Move.isPromotion(m)))) {
                tactical.add(m);
            }
            int t = Piece.type(Move.piece(m));
            boolean dominated =
                    !Move.isDrop(m)
                            && !Move.isPromotion(m)
                            && (t == Piece.PAWN || t == Piece.BISHOP || t == Piece.ROOK)
                            && legal.contains(m | (1 << 15));
            if (!dominated) {
                plausible.add(m);
            }
        }
        assertThat(list(pos, 1)).containsExactlyInAnyOrderElementsOf(tactical);
        if (!inCheck) {
            List<Integer> quiet = new ArrayList<>(legal);
            quiet.removeAll(tactical);
            assertThat(list(pos, 3)).containsExactlyInAnyOrderElementsOf(quiet);
        }
        assertThat(list(pos, 2)).containsExactlyInAnyOrderElementsOf(plausible);
    }

    /** mode -1: reference; 0: all; 1: tactical; 2: plausible; 3: quiet. */
    private static List<Integer> list(Position pos, int mode) {
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int n =
                mode < 0
                        ? MoveGenerator.generateLegal(pos, buf, 0)
                        : mode == 3
                                ? SearchMoves.generate(pos, buf, 0, SearchMoves.QUIET, false)
                                : SearchMoves.generate(pos, buf, 0, mode == 1, mode == 2);
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(buf[i]);
        }
        return out;
    }
}
