package dev.joseki.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.rules.Move;
import org.junit.jupiter.api.Test;

/**
 * The quiescence search, seen through one-ply searches: every reply at ply 1 is the quiescence
 * search's, so what a depth-1 search knows beyond the move itself is what quiescence found.
 */
class QuiescenceTest {
    private static SearchResult depthOne(String sfen) {
        return new Search(new HandcraftedEvaluator(), 4)
                .go(Sfen.parse(sfen), null, Limits.depth(1), SearchListener.NONE);
    }

    @Test
    void aCaptureThatLosesTheRookToARecaptureIsNotPlayed() {
        // Black's rook on 2h can take the pawn on 2c (and promote), but White's silver on 3b takes
        // back: a pawn for a rook. 2h2d loses the rook to the pawn itself. A search that stopped
        // at the move would take the pawn; the quiescence search plays the recapture.
        SearchResult r = depthOne("4k4/6s2/7p1/9/9/9/9/7R1/4K4 b - 1");
        assertThat(Move.usi(r.bestMove())).isNotIn("2h2c", "2h2c+", "2h2d");
    }

    @Test
    void aKnightForkOfKingAndRookIsFoundAtOnePly() {
        // N*4c checks the king on 5a and attacks the rook on 3a; a knight's check cannot be
        // blocked and nothing of White's reaches 4c, so the king moves and 4c3a+ takes the rook.
        // The check is extended one ply (White's reply); taking the rook is the quiescence
        // search's, at ply 2.
        SearchResult r = depthOne("4k1r2/9/9/9/9/9/9/9/4K4 b N 1");
        assertThat(Move.usi(r.bestMove())).isEqualTo("N*4c");
        assertThat(r.pv()).hasSizeGreaterThanOrEqualTo(3);
        assertThat(Move.usi(r.pv()[2])).isEqualTo("4c3a+");
    }
}
