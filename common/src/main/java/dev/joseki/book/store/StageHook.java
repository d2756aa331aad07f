package dev.joseki.book.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Test hook, off unless the system property {@value #PROPERTY} is set to {@code STAGE=FILE}: a
 * command that writes a book, on reaching stage {@code STAGE} (see the names passed to {@link
 * #reached}), writes {@code FILE} and then waits for ever, so that a test can kill it with SIGKILL
 * at exactly that moment. Stages of {@code book build}: {@code sst-written}, {@code ingested},
 * {@code written} (metadata and game ids written, store still open), {@code closed} (store flushed
 * and closed), {@code synced} (version files and directory synced), {@code published} (pointer
 * swapped, old versions not yet pruned), {@code pruned}.
 */
public final class StageHook {
    public static final String PROPERTY = "joseki.test.pauseAt";

    private StageHook() {}

    public static void reached(String stage) {
        String spec = System.getProperty(PROPERTY);
        if (spec == null || !spec.startsWith(stage + "=")) {
            return;
        }
        try {
            Files.writeString(
                    Path.of(spec.substring(stage.length() + 1)), stage, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        while (true) {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
