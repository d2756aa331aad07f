package dev.joseki.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.play.EngineSpec;
import dev.joseki.rules.Game;
import dev.joseki.rules.Result;
import dev.joseki.rules.Termination;
import dev.joseki.tournament.report.HtmlReport;
import dev.joseki.tournament.report.MarkdownReport;
import dev.joseki.tournament.report.ResultsJson;
import dev.joseki.tournament.stats.Pentanomial;
import dev.joseki.tournament.stats.Sprt;
import dev.joseki.tournament.stats.SprtModel;
import dev.joseki.tournament.stats.Trinomial;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Crosstable, pentanomial pairing and results.json on hand-made outcomes of a 3-player round robin,
 * one pair per matchup (pairs: 0 = A–B, 1 = A–C, 2 = B–C; in game 0 of a pair the first player has
 * Black).
 */
class TournamentResultsTest {
    private static final List<EngineSpec> PLAYERS =
            List.of(
                    EngineSpec.parse("name=A builtin"),
                    EngineSpec.parse("name=B builtin"),
                    EngineSpec.parse("name=C builtin"));
    private static final TournamentSetup SETUP =
            new TournamentSetup(
                    "t",
                    PLAYERS,
                    TournamentFormat.ROUND_ROBIN,
                    1,
                    OpeningSuite.startPosition(),
                    new Sprt(0, 5, 0.05, 0.05, SprtModel.NORMALIZED),
                    Game.Rules.DEFAULT);

    /**
     * A–B: A wins as Black, draws as White (A 1.5). A–C: A loses as Black, draws (A 0.5). B–C: each
     * wins as Black.
     */
    private static List<GameOutcome> outcomes() {
        List<GameTask> t = SETUP.schedule();
        List<GameOutcome> o = new ArrayList<>();
        o.add(TestGames.outcome(t.get(0), Result.BLACK_WIN)); // A beats B
        o.add(TestGames.outcome(t.get(1), Result.DRAW)); // B–A draw
        o.add(TestGames.outcome(t.get(2), Result.WHITE_WIN)); // A (Black) loses to C
        o.add(TestGames.outcome(t.get(3), Result.DRAW)); // C–A draw
        o.add(TestGames.outcome(t.get(4), Result.BLACK_WIN)); // B beats C
        o.add(TestGames.outcome(t.get(5), Result.BLACK_WIN)); // C beats B
        return o;
    }

    @Test
    void crosstableCountsEachGameFromBothSides() {
        TournamentResults r = TournamentResults.of(SETUP, outcomes(), 6, RunEnd.COMPLETE);
        Crosstable c = r.crosstable();
        assertThat(c.cell(0, 1)).isEqualTo(new Trinomial(0, 1, 1));
        assertThat(c.cell(1, 0)).isEqualTo(new Trinomial(1, 1, 0));
        assertThat(c.cell(0, 2)).isEqualTo(new Trinomial(1, 1, 0));
        assertThat(c.cell(1, 2)).isEqualTo(new Trinomial(1, 0, 1));
        assertThat(c.players())
                .containsExactly(
                        new PlayerLine("A", 4, 1, 1, 2, 2.0),
                        new PlayerLine("B", 4, 1, 2, 1, 1.5),
                        new PlayerLine("C", 4, 2, 1, 1, 2.5));
        assertThat(c.pairs())
                .containsExactly(
                        new PairLine("A", "B", 1, 0, 1),
                        new PairLine("A", "C", 0, 1, 1),
                        new PairLine("B", "C", 1, 1, 0));
    }

    @Test
    void pentanomialCountsWholePairsOfTheTestedPlayer() {
        TournamentResults r = TournamentResults.of(SETUP, outcomes(), 6, RunEnd.COMPLETE);
        // A's pairs: 1.5 (WD) against B, 0.5 (LD) against C; B–C does not involve A.
        assertThat(r.testedPairs()).isEqualTo(new Pentanomial(0, 1, 0, 1, 0));
        assertThat(r.tested()).isEqualTo(new Trinomial(1, 2, 1));
        // A lone game of a pair is left out of the pentanomial but counted in the crosstable.
        TournamentResults partial =
                TournamentResults.of(SETUP, outcomes().subList(0, 3), 6, RunEnd.COMPLETE);
        assertThat(partial.testedPairs()).isEqualTo(new Pentanomial(0, 0, 0, 1, 0));
        assertThat(partial.tested()).isEqualTo(new Trinomial(1, 1, 1));
    }

    @Test
    void terminationsAndAverageLength() {
        TournamentResults r = TournamentResults.of(SETUP, outcomes(), 6, RunEnd.COMPLETE);
        // Black wins are 1-ply resignations, White wins 0 plies, draws 2 plies (max plies).
        assertThat(r.terminations())
                .containsEntry(Termination.RESIGN, 4L)
                .containsEntry(Termination.MAX_PLIES, 2L);
        assertThat(r.averagePlies()).isEqualTo((1 + 2 + 0 + 2 + 1 + 1) / 6.0);
        assertThat(r.byColour())
                .isEqualTo(new Trinomial(1, 2, 3)); // games 0, 4, 5 Black; game 2 White
        assertThat(r.progress()).hasSize(4);
        assertThat(r.progress().get(0).score()).isEqualTo(1.0);
        assertThat(r.progress().get(3).score()).isEqualTo(0.5);
    }

    @Test
    void resultsJsonHasTheShapeOfCliMd() throws Exception {
        JsonNode j =
                new ObjectMapper()
                        .readTree(
                                ResultsJson.write(
                                        TournamentResults.of(
                                                SETUP, outcomes(), 6, RunEnd.COMPLETE)));
        assertThat(j.fieldNames())
                .toIterable()
                .containsExactly(
                        "players",
                        "pairs",
                        "clock_warnings",
                        "distinct",
                        "scheduled",
                        "end",
                        "elo",
                        "sprt");
        assertThat(j.get("scheduled").asInt()).isEqualTo(6);
        assertThat(j.get("end").asText()).isEqualTo("complete");
        JsonNode p0 = j.get("players").get(0);
        assertThat(p0.fieldNames())
                .toIterable()
                .containsExactly("name", "games", "wins", "losses", "draws", "points");
        assertThat(p0.get("name").asText()).isEqualTo("A");
        assertThat(p0.get("points").asDouble()).isEqualTo(2.0);
        JsonNode pair = j.get("pairs").get(2);
        assertThat(pair.fieldNames())
                .toIterable()
                .containsExactly("a", "b", "a_wins", "b_wins", "draws", "warnings");
        assertThat(pair.get("a").asText()).isEqualTo("B");
        assertThat(pair.get("a_wins").asInt()).isOne();
        assertThat(j.get("elo").get("player").asText()).isEqualTo("A");
        assertThat(j.get("elo").get("pentanomial").toString()).isEqualTo("[0,1,0,1,0]");
        assertThat(j.get("sprt").get("decision").asText()).isEqualTo("continue");
        assertThat(j.get("sprt").get("upper_bound").asDouble()).isBetween(2.944, 2.945);
    }

    @Test
    void reportsShowTheCrosstableAndLinkEveryGame() {
        TournamentResults r = TournamentResults.of(SETUP, outcomes(), 6, RunEnd.COMPLETE);
        String md = MarkdownReport.write(r);
        assertThat(md).contains("| 1 | A |  | 1-0-1 | 0-1-1 | 2 | 4 | 1-1-2 | 50.00 % |");
        assertThat(md).contains("| 3 | C | 1-0-1 | 1-1-0 |  | 2.5 | 4 | 2-1-1 | 62.50 % |");
        assertThat(md).contains("games/00005-C-B.csa");
        assertThat(md).contains("| max_plies | 2 | 33.33 % |");
        assertThat(md)
                .contains(
                        "By colour: Black (sente) won 3, White (gote) won 1, draws 2 (Black scored"
                                + " 66.67 %)");
        assertThat(md).doesNotContain("-0.00");
        String html = HtmlReport.write(r);
        assertThat(html).contains("<svg").contains("<polyline").doesNotContain("<script");
        assertThat(html.replace("http://www.w3.org/2000/svg", "")).doesNotContain("http");
    }

    /**
     * Two pairs are fewer than IntervalFloor's 15: every report says so instead of printing an
     * interval (A's pairs WD and LD: 2 points of 4 games, score 50 %). The paired games are A's
     * four: 1 win, 2 draws, 1 loss.
     */
    @Test
    void fewPairsPrintNoIntervalAnywhere() throws Exception {
        TournamentResults r = TournamentResults.of(SETUP, outcomes(), 6, RunEnd.COMPLETE);
        assertThat(TournamentResults.pairedGamesOf(0, outcomes()))
                .isEqualTo(new Trinomial(1, 2, 1));
        String line = "Elo +0.00 ± n/a (fewer than 15 pairs), nElo n/a, LOS 50.00 %, score 50.00 %";
        assertThat(dev.joseki.tournament.report.ReportLines.elo(r)).startsWith(line);
        assertThat(MarkdownReport.write(r)).contains(line);
        assertThat(HtmlReport.write(r)).contains(line);
        JsonNode elo = new ObjectMapper().readTree(ResultsJson.write(r)).get("elo");
        assertThat(elo.get("error").isNull()).isTrue();
        assertThat(elo.get("nelo").isNull()).isTrue();
        assertThat(elo.get("nelo_error").isNull()).isTrue();
        assertThat(elo.get("no_interval").asText()).isEqualTo("fewer than 15 pairs");
        // The chart's points have no band before 15 games either.
        assertThat(r.progress()).allSatisfy(p -> assertThat(p.error()).isNaN());
    }
}
