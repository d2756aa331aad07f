package dev.joseki.selfplay;

import dev.joseki.records.proto.GameRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A run's games kept in a {@link GameArchive} file while the run plays, so that a machine lost
 * mid-run (its broker with it) loses at most the games since the last write: {@code games load} of
 * the file on a new broker, and the same command, continue the run.
 *
 * <p>The file is rewritten whole (beside it, then moved: a reader never sees half a file) after
 * every {@link #EVERY_GAMES} new games or {@link #EVERY} with a new game, and at {@link #flush}.
 * Games are kept by id, so a game delivered twice is written once. A write that fails is logged
 * once and retried each {@link #EVERY}: the run itself does not depend on the file.
 */
final class KeptArchive {
    private static final Logger LOG = LoggerFactory.getLogger(KeptArchive.class);

    static final int EVERY_GAMES = 20;
    static final Duration EVERY = Duration.ofMinutes(1);

    private final Path file;
    private final LongSupplier nanos;
    private final Map<String, GameRecord> games = new TreeMap<>();
    private int unwritten;
    private long lastWrite;
    private boolean failing;

    /**
     * @param nanos the clock ({@link System#nanoTime} but in tests)
     */
    KeptArchive(Path file, LongSupplier nanos) {
        this.file = file;
        this.nanos = nanos;
        this.lastWrite = nanos.getAsLong();
    }

    /** Keeps {@code game}; writes the file when enough is new. */
    void keep(GameRecord game) {
        if (games.putIfAbsent(game.getGameId(), game) == null) {
            unwritten++;
        }
        if ((unwritten >= EVERY_GAMES && !failing)
                || (unwritten > 0 && nanos.getAsLong() - lastWrite >= EVERY.toNanos())) {
            flush();
        }
    }

    /** Writes the file if any game is not in it yet. */
    void flush() {
        if (unwritten == 0) {
            return;
        }
        try {
            GameArchive.write(new ArrayList<>(games.values()), file);
            unwritten = 0;
            failing = false;
        } catch (IOException e) {
            if (!failing) {
                LOG.warn(
                        "cannot keep the run's games in {}: {}; retrying each minute",
                        file,
                        e.toString());
            }
            failing = true;
        }
        lastWrite = nanos.getAsLong();
    }

    /** Games kept so far. */
    int size() {
        return games.size();
    }
}
