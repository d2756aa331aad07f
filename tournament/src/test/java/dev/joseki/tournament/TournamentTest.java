package dev.joseki.tournament;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TournamentTest {
    private static final Game.Rules SHORT = new Game.Rules(80, Declaration.Rule.POINTS_27);

    /** End to end in process: a 3-player round robin of real searches at tiny node counts, all outputs written. */
    @Test
    void threePlayerRoundRobinPlaysEveryGameAndWritesTheReports(@TempDir Path out) throws Exception {
        List<EngineSpec> players = List.of(
                EngineSpec.parse("name=n300 builtin option.USI_Hash=1 nodes=300"),
                EngineSpec.parse("name=n100 builtin option.USI_Hash=1 nodes=100"),
                EngineSpec.parse("name=d1 builtin option.USI_Hash=1 depth=1"));
        OpeningSuite openings = OpeningSuite.sequential(OpeningSuite.parse("startpos moves 7g7f 3c3d\n", "o"));
        TournamentSetup setup = new TournamentSetup("rr", players, TournamentFormat.ROUND_ROBIN, 1, openings, null, SHORT);
        List<Integer> progress = new ArrayList<>();
        TournamentResults r;
        try (RefereedGames player = new RefereedGames(SHORT, "rr")) {
            r = Tournament.run(setup, player, new LocalExecutor(player), (o, done, total, tested) -> progress.add(done));
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
        assertThat(r.terminations().values().stream().mapToLong(Long::longValue).sum()).isEqualTo(6);

        JsonNode json = new ObjectMapper().readTree(out.resolve("results.json").toFile());
        assertThat(json.get("players")).hasSize(3);
        assertThat(json.get("pairs")).hasSize(3);
        assertThat(json.get("sprt").isNull()).isTrue();
        assertThat(Files.readString(out.resolve("report.md"))).contains("## Crosstable", "| 1 | n300 |");
        assertThat(Files.readString(out.resolve("report.html"))).contains("<svg", "n300");
        try (Stream<Path> files = Files.list(out.resolve("games"))) {
            assertThat(files.count()).isEqualTo(12);
        }
        // The records read back with our own readers: same moves, same result.
        GameOutcome first = r.games().get(0);
        String base = GameFiles.baseName(first);
        GameRecord csa = CsaReader.read(Files.readString(out.resolve("games/" + base + ".csa"), StandardCharsets.UTF_8),
                base + ".csa").get(0);
        assertThat(csa.usi()).isEqualTo(first.record().usi());
        assertThat(csa.result()).isEqualTo(first.result());
        GameRecord kif = KifReader.read(RecordText.decode(Files.readAllBytes(out.resolve("games/" + base + ".kif")), base + ".kif"),
                base + ".kif").get(0);
        assertThat(kif.usi()).isEqualTo(first.record().usi());
        assertThat(kif.result()).isEqualTo(first.result());
    }

    /** A player whose first engine always wins: the SPRT must accept H1 and stop before all games are played. */
    @Test
    void sprtStopsTheTournamentWhenDecided() {
        List<EngineSpec> players = List.of(EngineSpec.parse("name=strong builtin"), EngineSpec.parse("name=weak builtin"));
        TournamentSetup setup = new TournamentSetup("sprt", players, TournamentFormat.GAUNTLET, 500,
                OpeningSuite.startPosition(), Sprt.parse("elo0=0,elo1=10,model=logistic"), SHORT);
        GamePlayer strongWins = task -> TestGames.outcome(task, task.black() == 0 ? Result.BLACK_WIN : Result.WHITE_WIN);
        TournamentResults r = Tournament.run(setup, strongWins, new LocalExecutor(strongWins), TournamentListener.NONE);
        assertThat(r.sprt().decision()).isEqualTo(SprtDecision.H1);
        assertThat(r.stoppedEarly()).isTrue();
        assertThat(r.games().size()).isLessThan(1000).isEven();
        assertThat(r.sprt().llr()).isGreaterThanOrEqualTo(r.sprt().upperBound());
        // One pair fewer would not have been decided: the runner stopped at the first decisive pair.
        Pentanomial oneLess = new Pentanomial(0, 0, 0, 0, r.testedPairs().ww() - 1);
        assertThat(setup.sprt().status(oneLess).decision()).isEqualTo(SprtDecision.CONTINUE);
    }

    /** An executor that delivers every game twice (as an at-least-once consumer may): each counts once. */
    @Test
    void repeatedDeliveriesCountOnce() {
        List<EngineSpec> players = List.of(EngineSpec.parse("name=a builtin"), EngineSpec.parse("name=b builtin"));
        TournamentSetup setup = new TournamentSetup("dup", players, TournamentFormat.ROUND_ROBIN, 3,
                OpeningSuite.startPosition(), null, SHORT);
        GamePlayer draws = task -> TestGames.outcome(task, Result.DRAW);
        MatchExecutor twice = (tasks, sink) -> {
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
}
