package dev.joseki.tournament.report;

import dev.joseki.notation.CsaWriter;
import dev.joseki.notation.KifWriter;
import dev.joseki.tournament.GameOutcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Every game as {@code games/NNNNN-BLACK-WHITE.csa} (UTF-8) and {@code .kif} (cp932 with CR LF,
 * what Japanese GUIs expect), written by the notation module's writers.
 */
public final class GameFiles {
    private GameFiles() {}

    /** The file name without extension of a game. */
    public static String baseName(GameOutcome o) {
        return String.format(
                Locale.ROOT,
                "%05d-%s-%s",
                o.task().id(),
                safe(o.task().blackSpec().name()),
                safe(o.task().whiteSpec().name()));
    }

    public static void write(Path dir, GameOutcome o) throws IOException {
        Files.createDirectories(dir);
        String base = baseName(o);
        Files.writeString(
                dir.resolve(base + ".csa"), CsaWriter.write(o.record()), StandardCharsets.UTF_8);
        Files.write(
                dir.resolve(base + ".kif"), KifWriter.encode(KifWriter.write(o.record()), true));
    }

    /** Keeps letters, digits, '-', '_' and '.'; anything else (slashes, spaces) becomes '_'. */
    static String safe(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
