package dev.joseki.records;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import java.util.List;
import org.junit.jupiter.api.Test;

class DistinctGamesTest {
    @Test
    void gamesWithTheSameStartAndMovesAreDuplicates() {
        String a = DistinctGames.key("", List.of("7g7f", "3c3d"));
        String b = DistinctGames.key(Sfen.STARTPOS, List.of("7g7f", "3c3d"));
        String c = DistinctGames.key("", List.of("7g7f", "8c8d"));
        String d = DistinctGames.key("", List.of("7g7f"));
        DistinctGames.Count n = DistinctGames.count(List.of(a, b, c, d, c));
        assertThat(n.games()).isEqualTo(5);
        assertThat(n.distinct()).isEqualTo(3);
        assertThat(n.duplicates()).isEqualTo(2);
        assertThat(n.distinctShare()).isEqualTo(0.6);
    }

    @Test
    void noGamesAreAllDistinct() {
        assertThat(DistinctGames.count(List.of()).distinctShare()).isEqualTo(1.0);
    }
}
