package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.notation.Sfen;
import dev.joseki.records.proto.Limits;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BuiltinPlayerTest {
    @Test
    void findsTheOnlyMateInOne() throws Exception {
        // White king 5a alone, Black pawn 5c and a gold in hand: G*5b is the only mate (G*4b / G*6b leave 6b / 4b).
        try (BuiltinPlayer p = new BuiltinPlayer(Map.of())) {
            p.newGame();
            MoveDecision d = p.move(Sfen.parse("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"), List.of(), Limits.newBuilder().setNodes(2000).build());
            assertThat(d.usi()).isEqualTo("G*5b");
            assertThat(d.info().getScoreMate()).isEqualTo(1);
        }
    }

    @Test
    void unknownOptionIsRejected() {
        assertThatThrownBy(() -> new BuiltinPlayer(Map.of("Contempt", "10"))).hasMessageContaining("Contempt");
    }
}
