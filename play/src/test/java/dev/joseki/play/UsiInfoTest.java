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
        MoveInfo m = read("info depth 12 seldepth 20 score cp -35 nodes 123456 nps 500000 pv 7g7f 3c3d");
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
}
