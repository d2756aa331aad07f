package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.cli.command.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TuneCommandTest {

    @Test
    @Tag("full")
    void tunesABuiltInParameterForTwoIterationsAndResumesToMore(@TempDir Path dir)
            throws Exception {
        Path openings = dir.resolve("openings.sfen");
        Files.writeString(openings, "startpos moves 7g7f\nstartpos moves 2g2f\n");
        Path out = dir.resolve("tune");
        String[] args = {
            "tune",
            "--local",
            "--engine",
            "builtin option.USI_Hash=1 option.WarmUp=false nodes=100",
            "--param",
            "RootMateNodes,2000,0,4000,400,0.002",
            "--iterations",
            "2",
            "--openings",
            openings.toString(),
            "--max-plies",
            "30",
            "--out",
            out.toString()
        };
        Cli.Run r = Cli.run(args);
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("iteration 1/2  RootMateNodes=", "iteration 2/2  RootMateNodes=")
                .contains("option.RootMateNodes=");
        // the progress on stderr, not a terminal here: the first iteration, then the final line
        assertThat(r.err())
                .doesNotContain("\r")
                .containsPattern("(?m)^1/2 iterations \\(50%\\)  \\d+\\.\\d iterations/min  ETA ")
                .containsPattern("(?m)^2/2 iterations in \\S+  \\d+\\.\\d iterations/min$");
        JsonNode json = new ObjectMapper().readTree(out.resolve("tune.json").toFile());
        assertThat(json.get("iterations").asInt()).isEqualTo(2);
        JsonNode p = json.get("parameters").get(0);
        assertThat(p.get("trajectory")).hasSize(3);
        for (JsonNode v : p.get("trajectory")) {
            assertThat(v.asDouble()).isBetween(0.0, 4000.0);
        }
        assertThat(out.resolve("tune.html")).exists();

        // a finished tune run again only rewrites its report
        Cli.Run again = Cli.run(args);
        assertThat(again.status()).as(again.err()).isZero();
        assertThat(again.err()).contains("continuing tune", "after iteration 2 of 2");
        assertThat(again.out()).doesNotContain("iteration 1/2");
    }

    @Test
    @Tag("full")
    void withoutLocalTheBatchesArePlayedByWorkersOnAnEmbeddedBroker(@TempDir Path dir)
            throws Exception {
        Path out = dir.resolve("tune");
        Cli.Run r =
                Cli.run(
                        "tune",
                        "--engine",
                        "builtin option.USI_Hash=1 option.WarmUp=false nodes=60",
                        "--param",
                        "TuneAspirationDelta,25,5,100,4,0.002",
                        "--iterations",
                        "3",
                        "--batch",
                        "2",
                        "--openings",
                        Files.writeString(dir.resolve("o.usi"), "startpos moves 7g7f\n").toString(),
                        "--max-plies",
                        "24",
                        "--concurrency",
                        "1",
                        "--name",
                        "cli-tune",
                        "--out",
                        out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err()).contains("starting an embedded Kafka broker", "tune cli-tune");
        // two batches (iterations 1-2, then 3), each sent to the workers and all updates applied
        assertThat(r.out())
                .contains("iteration 2/3", "iteration 3/3", "option.TuneAspirationDelta=");
        JsonNode json = new ObjectMapper().readTree(out.resolve("tune.json").toFile());
        assertThat(json.get("iterations").asInt()).isEqualTo(3);
        assertThat(json.get("results")).hasSize(3);
    }

    @Test
    void aResumeWithOtherSettingsIsRefusedInOneLine(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("tune");
        Files.createDirectories(out);
        Files.writeString(
                out.resolve("state.json"),
                dev.joseki.tournament.report.TuneStateJson.toJson(
                        dev.joseki.tournament.tune.SpsaState.start(
                                "t",
                                java.util.List.of(
                                        dev.joseki.tournament.tune.TuneParameter.parse(
                                                "RootMateNodes,2000,0,4000,400,0.002")),
                                dev.joseki.tournament.tune.SpsaSchedule.defaults(10),
                                1,
                                8)));
        Cli.Run r =
                Cli.run(
                        "tune",
                        "--local",
                        "--engine",
                        "builtin",
                        "--param",
                        "RootMateNodes,2000,0,4000,400,0.002",
                        "--iterations",
                        "20",
                        "--out",
                        out.toString());
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err().strip())
                .startsWith("joseki tune: " + out.resolve("state.json") + " holds a tune begun")
                .doesNotContain("\n");
    }

    @Test
    void aBadParameterLineNamesFileLineAndField(@TempDir Path dir) throws Exception {
        Path params = dir.resolve("params.txt");
        Files.writeString(params, "# futility\nRootMateNodes,2000,0,lots,400,0.002\n");
        Cli.Run r =
                Cli.run(
                        "tune",
                        "--local",
                        "--engine",
                        "builtin",
                        "--params",
                        params.toString(),
                        "--out",
                        dir.resolve("tune").toString());
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err().strip())
                .isEqualTo(
                        "joseki tune: "
                                + params
                                + ":2: RootMateNodes: max is not a number: 'lots'");
    }

    @Test
    void clockedGamesThatWouldShareCoresAreRefusedInOneLine(@TempDir Path dir) {
        // 64 threads a side on a clock: more than any test machine's cores for one game (one
        // iteration at most, should the rule ever let it through)
        Cli.Run r =
                Cli.run(
                        "tune",
                        "--local",
                        "--engine",
                        "builtin option.Threads=64 tc=1+0",
                        "--param",
                        "TuneAspirationDelta,25,5,100,4,0.002",
                        "--iterations",
                        "1",
                        "--out",
                        dir.resolve("tune").toString());
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err().strip())
                .startsWith("joseki tune: clocked games would share cores")
                .doesNotContain("\n");
    }

    @Test
    void anOptionTheBuiltInEngineLacksIsRefusedBeforeAnyGame(@TempDir Path dir) {
        Cli.Run r =
                Cli.run(
                        "tune",
                        "--local",
                        "--engine",
                        "builtin",
                        "--param",
                        "NoSuchOption,10,0,20,2,0.002",
                        "--out",
                        dir.resolve("tune").toString());
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("no option 'NoSuchOption'");
    }

    @Test
    void aRefusedStartLeavesNoStateAndTheCorrectedCommandStarts(@TempDir Path dir)
            throws Exception {
        Path openings = dir.resolve("openings.sfen");
        Files.writeString(openings, "startpos moves 7g7f\n");
        Path out = dir.resolve("tune");
        Cli.Run refused =
                Cli.run(
                        "tune",
                        "--local",
                        "--engine",
                        "builtin",
                        "--param",
                        "NoSuchOption,10,0,20,2,0.002",
                        "--out",
                        out.toString());
        assertThat(refused.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(out.resolve("state.json")).doesNotExist();

        Cli.Run corrected =
                Cli.run(
                        "tune",
                        "--local",
                        "--engine",
                        "builtin option.USI_Hash=1 option.WarmUp=false nodes=100",
                        "--param",
                        "RootMateNodes,2000,0,4000,400,0.002",
                        "--iterations",
                        "1",
                        "--batch",
                        "1",
                        "--openings",
                        openings.toString(),
                        "--max-plies",
                        "20",
                        "--out",
                        out.toString());
        assertThat(corrected.status()).as(corrected.err()).isZero();
        assertThat(corrected.out()).contains("iteration 1/1  RootMateNodes=");
        assertThat(out.resolve("state.json")).exists();
    }

    @Test
    void theDefaultOutputIsUnderTheIgnoredRunFolderNotAModuleFolder() throws Exception {
        TuneCommand c = new TuneCommand();
        new picocli.CommandLine(c).parseArgs("--engine", "builtin");
        assertThat(c.out.getName(0).toString()).isEqualTo("run");
        assertThat(Files.readAllLines(Path.of("..", ".gitignore"))).contains("/run/");
    }
}
