package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.records.proto.MoveRecord;
import org.junit.jupiter.api.Test;

class UsiInfoTest {
    @Test
    void depthNodesAndCentipawnsAreRead() {
        MoveRecord.Builder b = MoveRecord.newBuilder();
        UsiInfo.parse("info depth 12 seldepth 20 score cp -35 nodes 123456 nps 500000 pv 7g7f 3c3d", b);
        assertThat(b.getDepth()).isEqualTo(12);
        assertThat(b.getNodes()).isEqualTo(123456);
        assertThat(b.getScoreCp()).isEqualTo(-35);
        assertThat(b.hasScoreMate()).isFalse();
    }

    @Test
    void mateScoreReplacesAnEarlierCentipawnScore() {
        MoveRecord.Builder b = MoveRecord.newBuilder();
        UsiInfo.parse("info depth 3 score cp 100", b);
        UsiInfo.parse("info depth 5 score mate -4 nodes 10", b);
        assertThat(b.getScoreMate()).isEqualTo(-4);
        assertThat(b.hasScoreCp()).isFalse();
    }

    @Test
    void mateWithoutLengthKeepsItsSign() {
        MoveRecord.Builder b = MoveRecord.newBuilder();
        UsiInfo.parse("info score mate +", b);
        assertThat(b.getScoreMate()).isEqualTo(1);
        UsiInfo.parse("info score mate -", b);
        assertThat(b.getScoreMate()).isEqualTo(-1);
    }

    @Test
    void wordsInAStringOrPvAreNotRead() {
        MoveRecord.Builder b = MoveRecord.newBuilder();
        UsiInfo.parse("info string depth 99 nodes 5", b);
        assertThat(b.getDepth()).isZero();
        assertThat(b.getNodes()).isZero();
    }

    @Test
    void garbageNumbersAreSkipped() {
        MoveRecord.Builder b = MoveRecord.newBuilder();
        UsiInfo.parse("info depth x nodes -5 score cp lots", b);
        assertThat(b.getDepth()).isZero();
        assertThat(b.getNodes()).isZero();
        assertThat(b.hasScoreCp()).isFalse();
    }
}
