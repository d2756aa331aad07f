package dev.joseki.selfplay;

import dev.joseki.play.EngineSpec;
import dev.joseki.play.SearchLimit;
import dev.joseki.records.proto.BuiltinEngine;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.UsiCommand;
import dev.joseki.selfplay.engines.TestEngine;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Task players that run {@link TestEngine} in a subprocess (a fresh JVM on the test class path).
 */
public final class TestEngines {
    private TestEngines() {}

    /** A node budget small enough for many games per test, large enough for real (if weak) play. */
    static final long TINY_NODES = 100;

    /**
     * The built-in engine at a tiny budget: no root mate search (it would dominate), a 1 MB table.
     */
    public static Player tinyBuiltin() {
        return Player.newBuilder()
                .setName("tiny")
                .setBuiltin(BuiltinEngine.getDefaultInstance())
                .putOptions("RootMateNodes", "0")
                .putOptions("USI_Hash", "1")
                .build();
    }

    /** {@link #tinyBuiltin()} as a run spec's side. */
    public static EngineSpec tinyBuiltinSpec() {
        return tinyBuiltinSpec("tiny");
    }

    /** {@link #tinyBuiltin()} as a run spec's side, under another name. */
    public static EngineSpec tinyBuiltinSpec(String name) {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("RootMateNodes", "0");
        options.put("USI_Hash", "1");
        return new EngineSpec(name, null, null, List.of(), options, null, 0);
    }

    /**
     * A self-play run whose commits run back to back: 6-ply games at 50 nodes between two tiny
     * built-in engines (2 random plies), so a task of two games takes milliseconds and its commit
     * about as long. A fault struck at any moment lands inside or right next to a commit.
     */
    public static SelfPlayRun quickCommitRun(String id, int games, long seed) {
        return new SelfPlayRun(
                id,
                new SelfPlayRun.Spec(
                        games,
                        SearchLimit.nodes(50),
                        2,
                        seed,
                        tinyBuiltinSpec(),
                        tinyBuiltinSpec("tiny-2"),
                        6));
    }

    static Player usi(String name, String mode, long delayMs) {
        return Player.newBuilder()
                .setName(name)
                .setUsiCommand(UsiCommand.newBuilder().addAllArgv(command(mode, delayMs)))
                .build();
    }

    static List<String> command(String mode, long delayMs) {
        return List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-Xmx64m",
                "-cp",
                System.getProperty("java.class.path"),
                TestEngine.class.getName(),
                mode,
                String.valueOf(delayMs));
    }

    public static String javaCommand() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
