package dev.joseki.learn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.engine.HandcraftedEvaluator;
import dev.joseki.notation.PackedSfenValue;
import org.junit.jupiter.api.Test;

class HandcraftedBaseTest {
    @Test
    void everyPositionGetsTheHandcraftedScoreForTheSideToMoveWhateverTheThreads() throws Exception {
        HandcraftedEvaluator hand = new HandcraftedEvaluator();
        TrainingData.Part part = TrainingFixtures.part(16, 2, 100, 3000, pos -> 7);
        TrainingData.Part one = HandcraftedBase.attach(part, 1);
        TrainingData.Part three = HandcraftedBase.attach(part, 3);
        assertThat(one.records()).isSameAs(part.records());
        assertThat(three.base()).isEqualTo(one.base());
        for (int i = 0; i < part.count(); i++) {
            var pos = PackedSfenValue.read(part.records(), i * PackedSfenValue.BYTES).position();
            assertThat(one.base(i)).isEqualTo(hand.evaluate(pos));
        }
        assertThat(part.base()).isNull();
        assertThat(part.base(0)).isZero(); // a part without base scores adds nothing
    }
}
