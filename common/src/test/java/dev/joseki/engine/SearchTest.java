package dev.joseki.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.engine.mate.MateProblems;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SearchTest {
    private static Position play(String sfen, String... moves) {
        Position pos = Sfen.parse(sfen);
        for (String m : moves) {
            pos.doMove(UsiMove.parse(pos, m));
        }
        return pos;
    }

    @Test
    void aSideFarBehindRepeatsThePositionForADraw() {
        // Black has no rook (about ten pawns down). The kings have shuffled once, so 5i5h now
        // repeats the position of four plies ago: a draw (score 0) that no other move comes near.
        String noRook = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B7/LNSGKGSNL b - 1";
        Position pos = play(noRook, "5i5h", "5a5b", "5h5i", "5b5a");
        Search search = new Search(new HandcraftedEvaluator(), 4);
        SearchResult r = search.go(pos, null, Limits.depth(3), SearchListener.NONE);
        assertThat(Move.usi(r.bestMove())).isEqualTo("5i5h");
        assertThat(r.score()).isZero();
        // Without the history the same position is simply lost by about a rook.
        SearchResult fresh =
                new Search(new HandcraftedEvaluator(), 4)
                        .go(Sfen.parse(noRook), null, Limits.depth(3), SearchListener.NONE);
        assertThat(fresh.score()).isLessThan(-5 * Material.PAWN_VALUE);
    }

    @Test
    void theReportedScoreIsTheSearchScoreWithoutTheBookBonus() {
        // As above, 5i5h repeats the position: a draw, exactly 0 whatever the window. A book bonus
        // of 150 on it steers the choice (its root score is 150) but what is reported is the
        // position's value, 0.
        String noRook = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B7/LNSGKGSNL b - 1";
        Position pos = play(noRook, "5i5h", "5a5b", "5h5i", "5b5a");
        Search search = new Search(new HandcraftedEvaluator(), 4);
        search.setRootBonuses(new int[] {Move.move16(UsiMove.parse(pos, "5i5h"))}, new int[] {150});
        List<SearchInfo> infos = new ArrayList<>();
        SearchResult r = search.go(pos, null, Limits.depth(3), infos::add);
        assertThat(Move.usi(r.bestMove())).isEqualTo("5i5h");
        assertThat(r.score()).isZero();
        assertThat(infos).isNotEmpty();
        assertThat(infos.get(infos.size() - 1).score()).isZero();
    }

    @Test
    void aRepetitionReachedByCheckingEveryMoveIsALossNotADraw() {
        // Black (a rook against rook, bishop and gold) has checked with 2i1i and 1i2i while White's
        // king went 1a-2a-1a. Playing 2i1i+ again repeats a position of the game, and every Black
        // move of that cycle gave check: the search must treat it as perpetual check, a loss for
        // Black.
        String sfen = "rbg5k/9/9/9/9/9/9/9/4K2R1 b - 1";
        Position pos = play(sfen, "2i1i", "1a2a", "1i2i", "2a1a");
        boolean[] checks = {false, true, false, true, false};
        SearchResult r =
                new Search(new HandcraftedEvaluator(), 4)
                        .go(pos, checks, Limits.depth(3), SearchListener.NONE);
        assertThat(Move.usi(r.bestMove())).isNotEqualTo("2i1i");
        assertThat(r.score()).isLessThan(-5 * Material.PAWN_VALUE);
        // Told nothing about the checks in the game, the same repetition looks like a plain draw.
        SearchResult blind =
                new Search(new HandcraftedEvaluator(), 4)
                        .go(pos, null, Limits.depth(3), SearchListener.NONE);
        assertThat(Move.usi(blind.bestMove())).isEqualTo("2i1i");
        assertThat(blind.score()).isZero();
    }

    @Test
    void theLastInfoOfATimedSearchCountsAllItsNodes() {
        // Stopped by the clock inside an iteration, the search closes with an info of the whole
        // search; stopped between iterations, the last iteration's info already has every node.
        Search search = new Search(new HandcraftedEvaluator(), 4);
        search.setRootMateNodes(0);
        List<SearchInfo> infos = new ArrayList<>();
        SearchResult r =
                search.go(
                        Sfen.parse(Bench.POSITIONS.get(1)), null, Limits.movetime(300), infos::add);
        assertThat(infos).isNotEmpty();
        SearchInfo last = infos.get(infos.size() - 1);
        assertThat(last.nodes()).isEqualTo(r.nodes());
        assertThat(last.pv()).isNotEmpty();
        assertThat(last.pv()[0]).isEqualTo(r.bestMove());
    }

    @Test
    void multiPvReportsDistinctLinesBestFirst() {
        Search search = new Search(new HandcraftedEvaluator(), 4);
        search.setMultiPv(3);
        List<SearchInfo> last = new ArrayList<>();
        SearchResult r =
                search.go(
                        Sfen.startPosition(),
                        null,
                        Limits.depth(4),
                        info -> {
                            if (info.depth() == 4) {
                                last.add(info);
                            }
                        });
        assertThat(last).hasSize(3);
        assertThat(last).extracting(SearchInfo::multiPv).containsExactly(1, 2, 3);
        assertThat(last.stream().map(i -> i.pv()[0]).distinct().count()).isEqualTo(3);
        assertThat(last.get(0).score()).isGreaterThanOrEqualTo(last.get(1).score());
        assertThat(last.get(1).score()).isGreaterThanOrEqualTo(last.get(2).score());
        assertThat(r.bestMove()).isEqualTo(last.get(0).pv()[0]);
    }

    @Test
    void twoThreadsFindTheSameMateInThree() throws Exception {
        MateProblems.Problem p =
                MateProblems.load().stream().filter(q -> q.plies() == 3).findFirst().orElseThrow();
        Search search = new Search(new HandcraftedEvaluator(), 8);
        search.setThreads(2);
        search.setRootMateNodes(0);
        SearchResult r = search.go(p.position(), null, Limits.depth(5), SearchListener.NONE);
        assertThat(Score.usi(r.score())).isEqualTo("mate 3");
        assertThat(p.position().isLegal(r.bestMove())).isTrue();
    }

    @Test
    void nodeLimitIsRespectedWithinOneCheckInterval() {
        Search search = new Search(new HandcraftedEvaluator(), 4);
        search.setRootMateNodes(0);
        SearchResult r =
                search.go(Sfen.startPosition(), null, Limits.nodes(5_000), SearchListener.NONE);
        assertThat(r.nodes()).isBetween(1L, 5_000L);
        assertThat(Sfen.startPosition().isLegal(r.bestMove())).isTrue();
    }

    @Test
    void sameSearchTwiceGivesTheSameNodeCount() {
        Position pos =
                Sfen.parse("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1");
        long a =
                new Search(new HandcraftedEvaluator(), 4)
                        .go(pos, null, Limits.depth(4), SearchListener.NONE)
                        .nodes();
        long b =
                new Search(new HandcraftedEvaluator(), 4)
                        .go(pos, null, Limits.depth(4), SearchListener.NONE)
                        .nodes();
        assertThat(a).isEqualTo(b);
    }

    @Test
    void resignsWithoutALegalMove() throws Exception {
        MateProblems.Problem p =
                MateProblems.load().stream().filter(q -> q.plies() == 1).findFirst().orElseThrow();
        SearchResult r =
                new Search().go(p.afterSolution(), null, Limits.depth(3), SearchListener.NONE);
        assertThat(r.bestMove()).isEqualTo(Move.RESIGN);
    }
}
