package dev.joseki.play;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UsiInfoTest {
    private static MoveInfo read(String... lines) {
        UsiInfo u = new UsiInfo();
        for (String l : lines) {
            u.parse(l);
        }
        return u.toMoveInfo(0);
    }

    @Test
    void depthNodesAndCentipawnsAreRead() {
        MoveInfo m =
                read("info depth 12 seldepth 20 score cp -35 nodes 123456 nps 500000 pv 7g7f 3c3d");
        assertThat(m.depth()).isEqualTo(12);
        assertThat(m.nodes()).isEqualTo(123456);
        assertThat(m.scored()).isTrue();
        assertThat(m.mate()).isFalse();
        assertThat(m.score()).isEqualTo(-35);
    }

    @Test
    void mateScoreReplacesAnEarlierCentipawnScore() {
        MoveInfo m = read("info depth 3 score cp 100", "info depth 5 score mate -4 nodes 10");
        assertThat(m.mate()).isTrue();
        assertThat(m.score()).isEqualTo(-4);
    }

    @Test
    void mateWithoutLengthKeepsItsSign() {
        assertThat(read("info score mate +").score()).isEqualTo(1);
        assertThat(read("info score mate -").score()).isEqualTo(-1);
    }

    @Test
    void wordsInAStringOrPvAreNotRead() {
        MoveInfo m = read("info string depth 99 nodes 5");
        assertThat(m.depth()).isZero();
        assertThat(m.nodes()).isZero();
    }

    @Test
    void garbageNumbersAreSkipped() {
        MoveInfo m = read("info depth x nodes -5 score cp lots");
        assertThat(m.depth()).isZero();
        assertThat(m.nodes()).isZero();
        assertThat(m.scored()).isFalse();
    }

    @Test
    void multiPvLinesAreKeptByIndexWithLineOnesScoreAsTheMoves() {
        UsiInfo u = new UsiInfo();
        u.parse("info depth 5 multipv 1 score cp 40 nodes 100 pv 7g7f 3c3d");
        u.parse("info depth 5 multipv 2 score cp 25 nodes 200 pv 2g2f 8c8d");
        u.parse("info depth 6 multipv 2 score cp 30 lowerbound nodes 250 pv 5g5f");
        u.parse("info depth 6 multipv 2 score cp 10 nodes 300 pv 6g6f");
        assertThat(u.lines())
                .containsExactly(
                        new Sampling.Line("7g7f", false, 40), new Sampling.Line("6g6f", false, 10));
        MoveInfo m = u.toMoveInfo(0);
        assertThat(m.score()).isEqualTo(40);
        assertThat(m.nodes()).isEqualTo(300);
    }

    @Test
    void aLineWithoutAPvOrScoreIsNoCandidate() {
        UsiInfo u = new UsiInfo();
        u.parse("info depth 5 multipv 1 score cp 40 nodes 100");
        u.parse("info depth 5 multipv 2 nodes 200 pv 2g2f");
        assertThat(u.lines()).isEmpty();
    }

    @Test
    void theMovesScoreIsTheLastExactOneNotABoundSentAfterIt() {
        // YaneuraOu stopped at its node limit mid re-search (its lines at go nodes 10000)
        MoveInfo m =
                read(
                        "info depth 8 seldepth 11 multipv 1 score cp 12 nodes 8100 pv 5i6h 3b",
                        "info depth 9 seldepth 11 multipv 1 score cp -8 upperbound nodes 10004"
                                + " nps 769538 hashfull 0 time 13 pv 5i6h");
        assertThat(m.score()).isEqualTo(12);
        assertThat(m.nodes()).isEqualTo(10004);
        // a bound is the score when nothing exact came, and an exact score replaces it
        assertThat(read("info depth 1 score cp 30 lowerbound").score()).isEqualTo(30);
        assertThat(read("info score cp 30 lowerbound", "info score cp 25 pv 7g7f").score())
                .isEqualTo(25);
        assertThat(read("info score cp 30 lowerbound", "info score cp 45 lowerbound").score())
                .isEqualTo(45);
    }
}
