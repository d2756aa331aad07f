package dev.joseki.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class CoreCapacityTest {
    private static final EngineSpec ONE = EngineSpec.parse("name=a builtin tc=10+0.1");
    private static final EngineSpec TWO =
            EngineSpec.parse("name=b cmd=/x option.Threads=2 tc=10+0.1");
    private static final EngineSpec PONDERING =
            EngineSpec.parse("name=c cmd=/y option.USI_Ponder=true tc=10+0.1");

    @Test
    void aGameNeedsTheLargerThreadCountOrBothWhenAnEnginePonders() {
        assertThat(CoreCapacity.coresPerGame(ONE, TWO)).isEqualTo(2);
        assertThat(CoreCapacity.coresPerGame(ONE, ONE)).isEqualTo(1);
        assertThat(CoreCapacity.coresPerGame(PONDERING, TWO)).isEqualTo(3);
        assertThat(CoreCapacity.coresPerGame(List.of(ONE, TWO, PONDERING))).isEqualTo(3);
    }

    @Test
    void clockedGamesThatWouldShareCoresAreNamedInOneLine() {
        assertThat(CoreCapacity.problem(List.of(ONE, TWO), 2, 4)).isNull();
        assertThat(CoreCapacity.problem(List.of(ONE, TWO), 3, 4))
                .isEqualTo(
                        "clocked games would share cores: 3 games at once x 2 threads per game = 6"
                                + " > 4 cores; play fewer games at once (--concurrency 2) or fewer"
                                + " Threads, or allow it with --allow-shared-cores");
        assertThat(CoreCapacity.gamesThatFit(List.of(ONE, TWO), 5)).isEqualTo(2);
    }

    @Test
    void perMoveLimitsNeedNoCheck() {
        EngineSpec nodes = EngineSpec.parse("builtin option.Threads=8 nodes=1000");
        assertThat(CoreCapacity.problem(List.of(nodes, nodes), 64, 2)).isNull();
    }
}
