package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.records.proto.GameRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When the running archive is written: every 20 new games, a minute after a new one, at the end.
 */
class KeptArchiveTest {
    private static final long S = 1_000_000_000L;

    private final AtomicLong clock = new AtomicLong(1_000 * S);

    private static GameRecord game(int n) {
        return GameRecord.newBuilder()
                .setGameId("t-g" + n + "/0")
                .setTournamentId("t")
                .setStartSfen("startpos")
                .build();
    }

    @Test
    void theFileIsWrittenAtTheTwentiethNewGameAndHoldsEachGameOnce(@TempDir Path dir)
            throws Exception {
        Path f = dir.resolve("games.archive");
        KeptArchive a = new KeptArchive(f, clock::get);
        for (int n = 0; n < 19; n++) {
            a.keep(game(n));
        }
        a.keep(game(3)); // delivered twice: not new
        assertThat(f).as("19 new games: not written yet").doesNotExist();
        a.keep(game(19));
        assertThat(GameArchive.read(f)).hasSize(20);
        assertThat(a.size()).isEqualTo(20);
    }

    @Test
    void aNewGameIsWrittenOnceAMinuteHasPassedSinceTheLastWrite(@TempDir Path dir)
            throws Exception {
        Path f = dir.resolve("games.archive");
        KeptArchive a = new KeptArchive(f, clock::get);
        a.keep(game(0));
        clock.addAndGet(59 * S);
        a.keep(game(1));
        assertThat(f).as("59 s after the start").doesNotExist();
        clock.addAndGet(1 * S);
        a.keep(game(2));
        assertThat(GameArchive.read(f))
                .extracting(GameRecord::getGameId)
                .containsExactly("t-g0/0", "t-g1/0", "t-g2/0");
    }

    @Test
    void flushWritesWhatIsNewAndAFailedWriteIsRetriedAMinuteLater(@TempDir Path dir)
            throws Exception {
        Path blocked = dir.resolve("not-a-dir");
        Files.writeString(blocked, "a file where the archive's folder would be");
        Path f = blocked.resolve("games.archive");
        KeptArchive a = new KeptArchive(f, clock::get);
        for (int n = 0; n < 25; n++) {
            a.keep(game(n)); // the 20th write fails; the run goes on
        }
        Files.delete(blocked);
        a.keep(game(25));
        assertThat(f).as("no retry within the minute after the failure").doesNotExist();
        clock.addAndGet(60 * S);
        a.keep(game(26));
        assertThat(GameArchive.read(f)).hasSize(27);
        a.keep(game(27));
        a.flush();
        assertThat(GameArchive.read(f)).hasSize(28);
    }
}
