package dev.joseki.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.notation.CsaReader;
import dev.joseki.notation.GameRecord;
import dev.joseki.notation.KifReader;
import dev.joseki.notation.RecordText;
import dev.joseki.play.EngineSpec;
import dev.joseki.rules.Declaration;
import dev.joseki.rules.Game;
import dev.joseki.rules.Result;
import dev.joseki.tournament.report.GameFiles;
import dev.joseki.tournament.report.ReportWriter;
import dev.joseki.tournament.stats.Pentanomial;
import dev.joseki.tournament.stats.Sprt;
import dev.joseki.tournament.stats.SprtDecision;
import dev.joseki.tournament.stats.SprtStatus;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TournamentTest {
    private static final Game.Rules SHORT = new Game.Rules(80, Declaration.Rule.POINTS_27);

    /**
     * End to end in process: a 3-player round robin of real searches at tiny node counts, all
     * outputs written.
     */
    @Test
    void threePlayerRoundRobinPlaysEveryGameAndWritesTheReports(@TempDir Path out)
            throws Exception {
        List<EngineSpec> players =
                List.of(
                        EngineSpec.parse("name=n300 builtin option.USI_Hash=1 nodes=300"),
                        EngineSpec.parse("name=n100 builtin option.USI_Hash=1 nodes=100"),
                        EngineSpec.parse("name=d1 builtin option.USI_Hash=1 depth=1"));
        OpeningSuite openings =
                OpeningSuite.sequential(OpeningSuite.parse("startpos moves 7g7f 3c3d\n", "o"));
        TournamentSetup setup =
                new TournamentSetup(
                        "rr", players, TournamentFormat.ROUND_ROBIN, 1, openings, null, SHORT);
        List<Integer> progress = new ArrayList<>();
        TournamentResults r;
        try (RefereedGames player = new RefereedGames(SHORT, "rr")) {
            r =
                    Tournament.run(
                            setup,
                            player,
                            new LocalExecutor(player),
                            (o, done, total, tested, sprt) -> progress.add(done));
        }
        ReportWriter.write(r, out);

        assertThat(progress).containsExactly(1, 2, 3, 4, 5, 6);
        assertThat(r.games()).hasSize(6);
        for (GameOutcome o : r.games()) {
            assertThat(o.result()).isNotEqualTo(Result.UNFINISHED);
            assertThat(o.plies()).isBetween(2, 80); // the two opening moves are part of every game
        }
        long points = 0;
        for (PlayerLine p : r.crosstable().players()) {
            assertThat(p.games()).isEqualTo(4);
            assertThat(p.wins() + p.losses() + p.draws()).isEqualTo(4);
            points += Math.round(2 * p.points());
        }
        assertThat(points).isEqualTo(2 * 6); // one point per game, shared out
        assertThat(r.terminations().values().stream().mapToLong(Long::longValue).sum())
                .isEqualTo(6);

        JsonNode json = new ObjectMapper().readTree(out.resolve("results.json").toFile());
        assertThat(json.get("players")).hasSize(3);
        assertThat(json.get("pairs")).hasSize(3);
        assertThat(json.get("sprt").isNull()).isTrue();
        assertThat(Files.readString(out.resolve("report.md")))
                .contains("## Crosstable", "| 1 | n300 |");
        assertThat(Files.readString(out.resolve("report.html"))).contains("<svg", "n300");
        try (Stream<Path> files = Files.list(out.resolve("games"))) {
            assertThat(files.count()).isEqualTo(12);
        }
        // The records read back with our own readers: same moves, same result.
        GameOutcome first = r.games().get(0);
        String base = GameFiles.baseName(first);
        GameRecord csa =
                CsaReader.read(
                                Files.readString(
                                        out.resolve("games/" + base + ".csa"),
                                        StandardCharsets.UTF_8),
                                base + ".csa")
                        .get(0);
        assertThat(csa.usi()).isEqualTo(first.record().usi());
        assertThat(csa.result()).isEqualTo(first.result());
        GameRecord kif =
                KifReader.read(
                                RecordText.decode(
                                        Files.readAllBytes(out.resolve("games/" + base + ".kif")),
                                        base + ".kif"),
                                base + ".kif")
                        .get(0);
        assertThat(kif.usi()).isEqualTo(first.record().usi());
        assertThat(kif.result()).isEqualTo(first.result());
    }

    /**
     * A player whose first engine always wins: the SPRT must accept H1 and stop before all games
     * are played.
     */
    @Test
    void sprtStopsTheTournamentWhenDecided() {
        List<EngineSpec> players =
                List.of(
                        EngineSpec.parse("name=strong builtin"),
                        EngineSpec.parse("name=weak builtin"));
        TournamentSetup setup =
                new TournamentSetup(
                        "sprt",
                        players,
                        TournamentFormat.GAUNTLET,
                        500,
                        OpeningSuite.startPosition(),
                        Sprt.parse("elo0=0,elo1=10,model=logistic"),
                        SHORT);
        GameTaskPlayer strongWins =
                task ->
                        TestGames.outcome(
                                task, task.black() == 0 ? Result.BLACK_WIN : Result.WHITE_WIN);
        List<SprtStatus> seen = new ArrayList<>();
        TournamentResults r =
                Tournament.run(
                        setup,
                        strongWins,
                        new LocalExecutor(strongWins),
                        (o, done, total, tested, sprt) -> seen.add(sprt));
        assertThat(r.sprt().decision()).isEqualTo(SprtDecision.H1);
        // The progress saw the runner's own test: nothing before the first pair, then one LLR per
        // pair, rising with every won pair, the last one the report's.
        assertThat(seen).hasSize(r.games().size());
        assertThat(seen.get(0).llr()).isZero();
        assertThat(seen.get(1).llr()).isPositive();
        assertThat(seen.get(3).llr()).isGreaterThan(seen.get(1).llr());
        assertThat(seen.get(seen.size() - 1).llr()).isEqualTo(r.sprt().llr());
        assertThat(seen.subList(0, seen.size() - 1))
                .allMatch(st -> st.decision() == SprtDecision.CONTINUE);
        assertThat(r.stoppedEarly()).isTrue();
        assertThat(r.games().size()).isLessThan(1000).isEven();
        assertThat(r.sprt().llr()).isGreaterThanOrEqualTo(r.sprt().upperBound());
        // One pair fewer would not have been decided: the runner stopped at the first decisive
        // pair.
        Pentanomial oneLess = new Pentanomial(0, 0, 0, 0, r.testedPairs().ww() - 1);
        assertThat(setup.sprt().status(oneLess).decision()).isEqualTo(SprtDecision.CONTINUE);
    }

    /**
     * An executor that delivers every game twice (as an at-least-once consumer may): each counts
     * once.
     */
    @Test
    void repeatedDeliveriesCountOnce() {
        List<EngineSpec> players =
                List.of(EngineSpec.parse("name=a builtin"), EngineSpec.parse("name=b builtin"));
        TournamentSetup setup =
                new TournamentSetup(
                        "dup",
                        players,
                        TournamentFormat.ROUND_ROBIN,
                        3,
                        OpeningSuite.startPosition(),
                        null,
                        SHORT);
        GameTaskPlayer draws = task -> TestGames.outcome(task, Result.DRAW);
        MatchExecutor twice =
                (tasks, sink) -> {
                    for (GameTask t : tasks) {
                        GameOutcome o = draws.play(t);
                        sink.accept(o);
                        sink.accept(o);
                    }
                };
        TournamentResults r = Tournament.run(setup, draws, twice, TournamentListener.NONE);
        assertThat(r.games()).hasSize(6);
        assertThat(r.crosstable().players().get(0).draws()).isEqualTo(6);
        assertThat(r.testedPairs()).isEqualTo(new Pentanomial(0, 0, 3, 0, 0));
    }

    /**
     * Two built-in players from the shipped suite (no --openings): at least 19 of 20 games are
     * distinct. (At a few hundred nodes both settings search the same depths and a pair would be
     * one game twice.)
     */
    @Test
    void twentyGamesFromTheShippedSuiteAreDistinctAndTheReportSaysSo(@TempDir Path out)
            throws Exception {
        List<EngineSpec> players =
                List.of(
                        EngineSpec.parse("name=a builtin option.USI_Hash=1 nodes=3000"),
                        EngineSpec.parse("name=b builtin option.USI_Hash=1 nodes=600"));
        TournamentSetup setup =
                new TournamentSetup(
                        "ship",
                        players,
                        TournamentFormat.ROUND_ROBIN,
                        10,
                        OpeningSuite.shipped(1),
                        null,
                        SHORT);
        TournamentResults r;
        try (RefereedGames player = new RefereedGames(SHORT, "ship")) {
            r =
                    Tournament.run(
                            setup,
                            player,
                            new LocalExecutor(player),
                            (o, done, total, tested, sprt) -> {});
        }
        assertThat(r.games()).hasSize(20);
        assertThat(r.distinct().distinct()).isGreaterThanOrEqualTo(19);
        ReportWriter.write(r, out);
        assertThat(Files.readString(out.resolve("report.md")))
                .contains("Distinct games: " + r.distinct().distinct() + " of 20")
                .doesNotContain("warning: fewer than 95%");
        JsonNode json = new ObjectMapper().readTree(out.resolve("results.json").toFile());
        assertThat(json.get("distinct").get("games").asInt()).isEqualTo(20);
        assertThat(json.get("distinct").get("warning").asBoolean()).isFalse();
    }

    /** One opening, deterministic players: the colour-swapped games repeat and the report warns. */
    @Test
    void repeatedGamesFromOneOpeningAreWarnedAbout(@TempDir Path out) throws Exception {
        List<EngineSpec> players =
                List.of(
                        EngineSpec.parse("name=a builtin option.USI_Hash=1 depth=1"),
                        EngineSpec.parse("name=b builtin option.USI_Hash=1 depth=1"));
        TournamentSetup setup =
                new TournamentSetup(
                        "rep",
                        players,
                        TournamentFormat.ROUND_ROBIN,
                        3,
                        OpeningSuite.startPosition(),
                        null,
                        SHORT);
        TournamentResults r;
        try (RefereedGames player = new RefereedGames(SHORT, "rep")) {
            r =
                    Tournament.run(
                            setup,
                            player,
                            new LocalExecutor(player),
                            (o, done, total, tested, sprt) -> {});
        }
        // 6 games, but a and b are the same engine: at most 1 distinct game per colour
        // assignment... all one game
        assertThat(r.distinct().distinct()).isLessThanOrEqualTo(2);
        ReportWriter.write(r, out);
        assertThat(Files.readString(out.resolve("report.md")))
                .contains("warning: fewer than 95% of the games are distinct");
    }

    /**
     * The same two players as above with 8 sampled plies: each game draws its own, so the
     * colour-swapped games of a pair part and all 6 games are distinct; the first 8 engine plies
     * are marked sampled or searched, never played by the opening.
     */
    @Test
    void sampledPliesMakeTheGamesOfEnginesThatPlayAlikeDistinct(@TempDir Path out)
            throws Exception {
        List<EngineSpec> players =
                List.of(
                        EngineSpec.parse("name=a builtin option.USI_Hash=1 depth=1"),
                        EngineSpec.parse("name=b builtin option.USI_Hash=1 depth=1"));
        TournamentSetup setup =
                new TournamentSetup(
                        "samp",
                        players,
                        TournamentFormat.ROUND_ROBIN,
                        3,
                        OpeningSuite.startPosition(),
                        null,
                        SHORT,
                        new dev.joseki.play.Sampling(8, 30, 4));
        assertThat(setup.schedule()).allSatisfy(t -> assertThat(t.sampling().plies()).isEqualTo(8));
        TournamentResults r;
        try (RefereedGames player = new RefereedGames(SHORT, "samp")) {
            r =
                    Tournament.run(
                            setup,
                            player,
                            new LocalExecutor(player),
                            (o, done, total, tested, sprt) -> {});
        }
        assertThat(r.distinct().distinct()).isEqualTo(6);
        ReportWriter.write(r, out);
        assertThat(Files.readString(out.resolve("report.md")))
                .contains("Distinct games: 6 of 6")
                .doesNotContain("warning: fewer than 95%");
    }

    /**
     * Ctrl-C after the third game: the run returns those three, says it was interrupted, and the
     * report says how many of the scheduled games it holds.
     */
    @Test
    void anInterruptedRunReportsTheGamesFinishedUntilThen(@TempDir Path out) throws Exception {
        TournamentSetup setup = gauntlet("stop", 50);
        GameTaskPlayer blackWins = task -> TestGames.outcome(task, Result.BLACK_WIN);
        boolean[] stop = {false};
        TournamentResults r =
                Tournament.run(
                        setup,
                        blackWins,
                        new LocalExecutor(blackWins),
                        (o, done, total, tested, sprt) -> stop[0] = done == 3,
                        () -> stop[0]);
        assertThat(r.games()).hasSize(3);
        assertThat(r.scheduledGames()).isEqualTo(100);
        assertThat(r.end()).isEqualTo(RunEnd.INTERRUPTED);
        assertThat(r.stoppedEarly()).as("not an SPRT decision").isFalse();
        ReportWriter.write(r, out);
        assertThat(Files.readString(out.resolve("report.md")))
                .contains(
                        "- games: 3 of 100 scheduled (interrupted: the games finished until then)");
        assertThat(Files.readString(out.resolve("report.html")))
                .contains("3 of 100 games played (interrupted: the games finished until then)");
        assertThat(ReportWriter.writtenLines(r, out))
                .containsExactly(
                        "wrote "
                                + out.resolve("report.md")
                                + ", report.html, results.json, games/ (3 games)",
                        "interrupted: 3 of 100 games finished");
    }

    /**
     * The interrupt arrives while a game is played: that game may have lost its engines to the same
     * signal, so it is left out, and no further game starts.
     */
    @Test
    void aLocalGameThatEndsAfterTheInterruptIsLeftOut() {
        TournamentSetup setup = gauntlet("stop2", 50);
        boolean[] stop = {false};
        List<Integer> played = new ArrayList<>();
        GameTaskPlayer interruptedInGameTwo =
                task -> {
                    played.add(task.id());
                    stop[0] = played.size() == 2;
                    return TestGames.outcome(task, Result.WHITE_WIN);
                };
        TournamentResults r =
                Tournament.run(
                        setup,
                        interruptedInGameTwo,
                        new LocalExecutor(interruptedInGameTwo),
                        TournamentListener.NONE,
                        () -> stop[0]);
        assertThat(played).containsExactly(0, 1);
        assertThat(r.games()).extracting(o -> o.task().id()).containsExactly(0);
        assertThat(r.end()).isEqualTo(RunEnd.INTERRUPTED);
    }

    @Test
    void aRunPlayedToTheEndIsComplete() {
        TournamentSetup setup = gauntlet("whole", 2);
        GameTaskPlayer draws = task -> TestGames.outcome(task, Result.DRAW);
        TournamentResults r =
                Tournament.run(setup, draws, new LocalExecutor(draws), TournamentListener.NONE);
        assertThat(r.games()).hasSize(4);
        assertThat(r.end()).isEqualTo(RunEnd.COMPLETE);
        assertThat(ReportWriter.writtenLines(r, Path.of("out")))
                .as("no interrupted line")
                .containsExactly(
                        "wrote "
                                + Path.of("out", "report.md")
                                + ", report.html, results.json, games/ (4 games)");
    }

    @Test
    void theArchiveARunOnTheWorkersKeptIsNamedAmongTheOutputs(@TempDir Path out) throws Exception {
        TournamentSetup setup = gauntlet("kept", 1);
        GameTaskPlayer draws = task -> TestGames.outcome(task, Result.DRAW);
        TournamentResults r =
                Tournament.run(setup, draws, new LocalExecutor(draws), TournamentListener.NONE);
        Files.writeString(out.resolve("games.archive"), "kept by the executor");
        assertThat(ReportWriter.writtenLines(r, out))
                .containsExactly(
                        "wrote "
                                + out.resolve("report.md")
                                + ", report.html, results.json, games/"
                                + " (2 games)",
                        "kept the run's games for `games load` in " + out.resolve("games.archive"));
    }

    /** Players a and b, the built-in engine, in a gauntlet from the start position. */
    private static TournamentSetup gauntlet(String id, int rounds) {
        return new TournamentSetup(
                id,
                List.of(EngineSpec.parse("name=a builtin"), EngineSpec.parse("name=b builtin")),
                TournamentFormat.GAUNTLET,
                rounds,
                OpeningSuite.startPosition(),
                null,
                SHORT);
    }
}
