package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.cli.command.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

class ConfigDefaultsTest {
    @Command(name = "probe")
    static final class Probe implements Runnable {
        @Option(names = "--bootstrap-servers")
        String bootstrap = "builtin";

        @Option(names = "--max-ply")
        int maxPly = 40;

        @Override
        public void run() {}
    }

    private static Probe parse(ConfigDefaults defaults, String... args) {
        Probe p = new Probe();
        CommandLine cl = new CommandLine(p);
        cl.setDefaultValueProvider(defaults);
        cl.parseArgs(args);
        return p;
    }

    @Test
    void flagBeatsEnvironmentBeatsFileBeatsBuiltIn() {
        Properties file = new Properties();
        file.setProperty("bootstrap-servers", "file:9092");
        file.setProperty("max-ply", "30");
        ConfigDefaults withEnv =
                new ConfigDefaults(Map.of("JOSEKI_BOOTSTRAP_SERVERS", "env:9092"), file);
        assertThat(parse(withEnv, "--bootstrap-servers", "flag:9092").bootstrap)
                .isEqualTo("flag:9092");
        assertThat(parse(withEnv).bootstrap).isEqualTo("env:9092");
        assertThat(parse(withEnv).maxPly).isEqualTo(30);
        assertThat(parse(new ConfigDefaults(Map.of(), new Properties())).bootstrap)
                .isEqualTo("builtin");
    }

    @Test
    void configFileIsNamedByFlagOrEnvironment(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("joseki.properties");
        Files.writeString(f, "max-ply=12\n");
        assertThat(
                        parse(
                                        ConfigDefaults.from(
                                                new String[] {"x", "--config", f.toString()},
                                                Map.of()))
                                .maxPly)
                .isEqualTo(12);
        assertThat(
                        parse(
                                        ConfigDefaults.from(
                                                new String[0],
                                                Map.of("JOSEKI_CONFIG", f.toString())))
                                .maxPly)
                .isEqualTo(12);
    }

    @Test
    void unreadableConfigFileIsAUsageError() {
        assertThat(
                        Cli.run(
                                        "--config",
                                        "/nonexistent/joseki.properties",
                                        "perft",
                                        "--depth",
                                        "1")
                                .status())
                .isEqualTo(ExitCodes.USAGE);
    }
}
