package dev.joseki.selfplay;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Small engines to publish in tests. */
final class TestArtifacts {
    private TestArtifacts() {}

    /**
     * A real USI engine as an artifact: {@code run.sh} execs Joseki's own USI front end on a class
     * path it reads from {@code data/classpath.txt}, so the engine starts only if both files came.
     */
    static ArtifactFiles usiWrapper(Path dir) throws Exception {
        Files.createDirectories(dir.resolve("data"));
        Files.writeString(
                dir.resolve("data/classpath.txt"), System.getProperty("java.class.path") + "\n");
        Path run =
                Files.writeString(
                        dir.resolve("run.sh"),
                        "#!/bin/sh\n"
                                + "here=$(dirname \"$0\")\n"
                                + "exec '"
                                + TestEngines.javaCommand()
                                + "' -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xmx64m"
                                + " -cp \"$(cat \"$here/data/classpath.txt\")\""
                                + " dev.joseki.play.usi.UsiMain\n");
        run.toFile().setExecutable(true);
        return ArtifactFiles.collect(List.of(dir), null);
    }

    /** A one-file artifact of {@code bytes} bytes whose content depends on {@code seed}. */
    static ArtifactFiles blob(Path dir, int bytes, int seed) throws Exception {
        Files.createDirectories(dir);
        byte[] b = new byte[bytes];
        new java.util.Random(seed).nextBytes(b);
        Files.write(dir.resolve("engine.bin"), b);
        return ArtifactFiles.collect(List.of(dir), null);
    }
}
