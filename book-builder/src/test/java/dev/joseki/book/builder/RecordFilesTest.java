package dev.joseki.book.builder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.rules.Result;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecordFilesTest {
    private static final String CSA =
            "'CSA encoding=UTF-8\nV2.2\nN+Alice\nN-Bob\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n";

    @Test
    void csaRecordBecomesAGameInputWithResultAndPlayers() {
        List<GameInput> games = RecordFiles.parse("g.csa", CSA.getBytes(StandardCharsets.UTF_8));
        assertThat(games).hasSize(1);
        GameInput g = games.get(0);
        assertThat(g.usiMoves()).containsExactly("7g7f", "3c3d");
        assertThat(g.result()).isEqualTo(Result.WHITE_WIN); // Black, to move, resigned
        assertThat(g.black()).isEqualTo("Alice");
        assertThat(g.white()).isEqualTo("Bob");
        assertThat(g.error()).isNull();
        assertThat(
                        RecordFiles.parse("copy.csa", CSA.getBytes(StandardCharsets.UTF_8))
                                .get(0)
                                .gameId())
                .isEqualTo(g.gameId());
    }

    @Test
    void anIllegalRecordIsRejectedWithItsLocation() {
        String bad = CSA.replace("-3334FU", "-3335FU");
        List<GameInput> games = RecordFiles.parse("bad.csa", bad.getBytes(StandardCharsets.UTF_8));
        assertThat(games).hasSize(1);
        assertThat(games.get(0).error()).startsWith("bad.csa:8:");
    }

    @Test
    void usiLinesWithSyntaxErrorsAreRejectedNotDropped() {
        List<GameInput> games =
                UsiGameLines.parse("u.usi", "startpos moves 7g7f\n\nposition banana\n");
        assertThat(games).hasSize(2);
        assertThat(games.get(0).error()).isNull();
        assertThat(games.get(1).error()).startsWith("u.usi:3:10:");
    }
}
