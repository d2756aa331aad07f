package dev.joseki.cli;

import dev.joseki.rules.Result;
import java.nio.file.Path;

/** The three-game RocksDB book of the command tests, written without Spark. */
public final class SmallBook {
    private SmallBook() {}

    /**
     * A: 7g7f 3c3d 2g2f (Black won); B: 7g7f 8c8d (White won); C: 2g2f 3c3d (no result). Returns
     * bookDir.
     */
    public static Path write(Path bookDir) {
        return new dev.joseki.cli.explorer.SmallBook()
                .game("test", Result.BLACK_WIN, "7g7f", "3c3d", "2g2f")
                .game("test", Result.WHITE_WIN, "7g7f", "8c8d")
                .game("test", Result.UNFINISHED, "2g2f", "3c3d")
                .write(bookDir);
    }
}
