package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.CsaReader;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.GameResult;
import dev.joseki.records.proto.MoveRecord;
import dev.joseki.records.proto.Termination;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunFilesTest {
    private static GameRecord game(String task, int index, String start, String... moves) {
        GameRecord.Builder g =
                GameRecord.newBuilder()
                        .setGameId(task + "/" + index)
                        .setTaskId(task)
                        .setGameIndex(index)
                        .setTournamentId("sp")
                        .setStartSfen(start)
                        .setOpeningPlies(1)
                        .setTermination(Termination.TERMINATION_RESIGN);
        // the side to move after the moves resigns
        boolean blackToMove = (moves.length % 2 == 0) == !start.contains(" w ");
        g.setResult(
                blackToMove ? GameResult.GAME_RESULT_WHITE_WIN : GameResult.GAME_RESULT_BLACK_WIN);
        for (String m : moves) {
            g.addMoves(MoveRecord.newBuilder().setUsi(m));
        }
        return g.build();
    }

    @Test
    void writesOneUsiLinePerGameFromTheTrueStartInTaskOrderAndACsaRecordEach(@TempDir Path dir)
            throws Exception {
        List<GameRecord> games =
                List.of(
                        game("sp-1-10", 0, "", "7g7f", "3c3d"),
                        game("sp-1-2", 0, "", "2g2f"),
                        game(
                                "sp-1-2",
                                1,
                                "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
                                "3c3d"));
        assertThat(RunFiles.write(dir, games)).isEqualTo(3);
        assertThat(Files.readAllLines(dir.resolve("games.usi")))
                .containsExactly(
                        "startpos moves 2g2f",
                        "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
                                + " moves 3c3d",
                        "startpos moves 7g7f 3c3d");
        String csa = Files.readString(dir.resolve("csa/sp-1-10-0.csa"), StandardCharsets.UTF_8);
        var read = CsaReader.read(csa, "sp-1-10-0.csa").get(0);
        assertThat(read.moves()).hasSize(2);
        assertThat(read.result()).isEqualTo(dev.joseki.rules.Result.WHITE_WIN);
    }

    @Test
    void duplicatesAreGamesWithTheSameStartAndMoves() {
        var n =
                RunFiles.distinct(
                        List.of(
                                game("a", 0, "", "7g7f"),
                                game("b", 0, "", "7g7f"),
                                game("c", 0, "", "2g2f")));
        assertThat(n.games()).isEqualTo(3);
        assertThat(n.duplicates()).isEqualTo(1);
    }
}
