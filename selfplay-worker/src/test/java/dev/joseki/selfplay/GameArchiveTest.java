package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.MoveRecord;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The archive file: what is written is read back whole, and a bad file is named precisely. */
class GameArchiveTest {
    private static GameRecord game(String run, int n) {
        return GameRecord.newBuilder()
                .setGameId(run + "-g" + n + "/0")
                .setTournamentId(run)
                .setStartSfen("startpos")
                .addMoves(
                        MoveRecord.newBuilder().setUsi("7g7f").setTimeMs(1234).setClockLeftMs(987))
                .setClocked(true)
                .build();
    }

    @Test
    void whatIsWrittenIsReadBackInOrderWithEveryField(@TempDir Path dir) throws Exception {
        List<GameRecord> games = List.of(game("t", 0), game("t", 1), game("u", 7));
        Path f = dir.resolve("sub/t.games");
        GameArchive.write(games, f);
        assertThat(GameArchive.read(f)).containsExactlyElementsOf(games);
        assertThat(GameArchive.read(f).get(0).getMoves(0).getClockLeftMs()).isEqualTo(987);
        try (var left = Files.list(f.getParent())) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactly("t.games");
        }
        // the permissions of any file the user writes there (createTempFile's are owner-only)
        Path plain = Files.writeString(dir.resolve("plain.txt"), "x");
        assertThat(Files.getPosixFilePermissions(f))
                .isEqualTo(Files.getPosixFilePermissions(plain));
    }

    @Test
    void aFileThatIsNotGzipIsNamedAsNotAnArchive(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("notes.txt");
        Files.writeString(f, "7g7f 3c3d\n");
        assertThatThrownBy(() -> GameArchive.read(f))
                .isInstanceOf(GameArchive.BadArchiveException.class)
                .hasMessage(f + ": not a game archive (not gzip)");
    }

    @Test
    void gzipOfSomethingElseNamesTheFirstRecord(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("other.gz");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(
                    "hello, this is text and not a length-delimited message"
                            .getBytes(StandardCharsets.UTF_8));
        }
        Files.write(f, bytes.toByteArray());
        assertThatThrownBy(() -> GameArchive.read(f))
                .isInstanceOf(GameArchive.BadArchiveException.class)
                .hasMessageStartingWith(f + ": record 1 ");
    }

    @Test
    void aFileCutShortSaysAfterWhichRecord(@TempDir Path dir) throws Exception {
        Path whole = dir.resolve("whole.games");
        GameArchive.write(List.of(game("t", 0), game("t", 1), game("t", 2)), whole);
        byte[] all = Files.readAllBytes(whole);
        Path cut = dir.resolve("cut.games");
        // gzip ends with an 8-byte trailer (CRC-32, length) after the last record's data: without
        // it the three records read whole, and the stream ends where the trailer should begin
        Files.write(cut, Arrays.copyOf(all, all.length - 8));
        assertThatThrownBy(() -> GameArchive.read(cut))
                .isInstanceOf(GameArchive.BadArchiveException.class)
                .hasMessageStartingWith(cut + ": cut short after record 3 (");
    }
}
