package dev.joseki.tournament.extension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ExtensionTableTest {
    private static GameExtension g(
            String player,
            String opp,
            int full,
            int half,
            int quarter,
            int hs,
            int hp,
            int qs,
            int qp) {
        return new GameExtension("g", player, opp, 80, full, half, quarter, hs, hp, qs, qp);
    }

    @Test
    void meansArePerGameAndPlayedSharesPerMove() {
        ExtensionTable t =
                new ExtensionTable(
                        List.of(
                                g("HQM", "NM", 10, 14, 20, 3, 3, 5, 1),
                                g("HQM", "NM", 12, 12, 16, 1, 0, 5, 4),
                                g("HQM", "X", 8, 20, 30, 4, 2, 0, 0)));
        List<ExtensionTable.Row> rows = t.rows();
        assertThat(rows).hasSize(3);
        ExtensionTable.Row nm = rows.get(0);
        assertThat(nm.opponent()).isEqualTo("NM");
        assertThat(nm.full()).isEqualTo(11.0);
        assertThat(nm.half()).isEqualTo(13.0);
        assertThat(nm.quarter()).isEqualTo(18.0);
        assertThat(nm.halfPlayed()).isEqualTo(0.75); // 3 of 4 moves
        assertThat(nm.quarterPlayed()).isEqualTo(0.5); // 5 of 10 moves
        ExtensionTable.Row total = rows.get(2);
        assertThat(total.opponent()).isEqualTo("Total");
        assertThat(total.games()).isEqualTo(3);
        assertThat(total.full()).isEqualTo(10.0);
        assertThat(total.halfPlayed()).isEqualTo(5.0 / 8);
        assertThat(rows.get(1).quarterPlayed()).isNaN();
        assertThat(t.markdown())
                .contains("| HQM | X | 1 | 8.0 | 20.0 | 50.0 % of 4 | 30.0 | - (0 moves) |");
    }

    @Test
    void halfCannotEndBeforeFull() {
        assertThatThrownBy(() -> g("a", "b", 10, 9, 12, 0, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
