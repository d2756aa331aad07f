package dev.joseki.tournament.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.MoveInfo;
import dev.joseki.rules.Game;
import dev.joseki.rules.Result;
import dev.joseki.rules.Termination;
import dev.joseki.tournament.GameOutcome;
import dev.joseki.tournament.GameTask;
import dev.joseki.tournament.OpeningSuite;
import dev.joseki.tournament.RecordOfGame;
import dev.joseki.tournament.RunEnd;
import dev.joseki.tournament.TournamentFormat;
import dev.joseki.tournament.TournamentResults;
import dev.joseki.tournament.TournamentSetup;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Clock warnings on hand-made games; every median and allowance is worked out in the comments
 * (allowance: main left before the move / 20 + increment + byoyomi).
 */
class ClockWarningsTest {
    private static final String[] MOVES = {"7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e"};

    private static TournamentSetup setup(String... specs) {
        return new TournamentSetup(
                "t",
                java.util.Arrays.stream(specs).map(EngineSpec::parse).toList(),
                TournamentFormat.ROUND_ROBIN,
                1,
                OpeningSuite.startPosition(),
                null,
                Game.Rules.DEFAULT);
    }

    /** The first plies of MOVES with these times and clocks, then the given end. */
    private static GameOutcome game(
            GameTask task, long[] ms, long[] left, Result result, Termination end) {
        Game g = new Game(Sfen.startPosition(), Game.Rules.DEFAULT);
        List<MoveInfo> info = new ArrayList<>();
        List<Long> clock = new ArrayList<>();
        for (int i = 0; i < ms.length; i++) {
            g.play(UsiMove.parse(g.position(), MOVES[i]));
            info.add(MoveInfo.NONE.withTimeMs((int) ms[i]));
            clock.add(left[i]);
        }
        g.end(result, end, end.id());
        return RecordOfGame.outcome("t", task, g, info, clock);
    }

    private static GameTask task(TournamentSetup s, int black, int white) {
        return s.schedule().stream()
                .filter(t -> t.black() == black && t.white() == white)
                .findFirst()
                .orElseThrow();
    }

    @Test
    void anEngineThatLosesMostOfItsGamesOnTimeIsNamedOnTheEloLine() {
        TournamentSetup s = setup("name=A builtin tc=10+0.1", "name=B cmd=/b tc=10+0.1");
        // A: 400 and 600 ms against allowances of 10000/20 + 100 = 600 and 9700/20 + 100 = 585:
        // not fast. B: 1000 and 2000 ms against 600 and 9100/20 + 100 = 555: not fast.
        long[] ms = {400, 1000, 600, 2000};
        long[] left = {9700, 9100, 9200, 7200};
        GameOutcome g0 = game(task(s, 0, 1), ms, left, Result.BLACK_WIN, Termination.TIME);
        GameOutcome g1 = game(task(s, 1, 0), ms, left, Result.WHITE_WIN, Termination.TIME);
        TournamentResults r = TournamentResults.of(s, List.of(g0, g1), 2, RunEnd.COMPLETE);

        List<ClockWarnings.Warning> w = ClockWarnings.of(r);
        assertThat(w).hasSize(1);
        assertThat(w.get(0).kind()).isEqualTo(ClockWarnings.Kind.TIME_LOSSES);
        assertThat(w.get(0).text()).isEqualTo("B lost 2 of 2 games against A on time");
        assertThat(ReportLines.elo(r))
                .startsWith("Elo +")
                .contains(
                        " — warning: B lost 2 of 2 games against A on time; the Elo measures clock"
                                + " handling, not play; known causes: YaneuraOu's NetworkDelay")
                .contains("RoundUpToFullSecond")
                .contains("GPS Shogi's LimitDepth (its search depth, not its clock, sets its time");
        assertThat(MarkdownReport.write(r))
                .contains("## Clock warnings\n\n- B lost 2 of 2 games against A on time\n");
        assertThat(HtmlReport.write(r))
                .contains(
                        "<h2>Clock warnings</h2>\n<ul>\n<li>B lost 2 of 2 games against A on"
                                + " time</li>\n</ul>");
    }

    @Test
    void losingHalfTheGamesOnTimeIsNotMost() {
        TournamentSetup s = setup("name=A builtin tc=10+0.1", "name=B cmd=/b tc=10+0.1");
        long[] ms = {400, 1000, 600, 2000};
        long[] left = {9700, 9100, 9200, 7200};
        GameOutcome g0 = game(task(s, 0, 1), ms, left, Result.BLACK_WIN, Termination.TIME);
        GameOutcome g1 = game(task(s, 1, 0), ms, left, Result.DRAW, Termination.ABORT);
        TournamentResults r = TournamentResults.of(s, List.of(g0, g1), 2, RunEnd.COMPLETE);
        assertThat(ClockWarnings.of(r)).isEmpty();
        assertThat(ReportLines.elo(r)).doesNotContain("warning");
        assertThat(MarkdownReport.write(r)).doesNotContain("Clock warnings");
    }

    @Test
    void anEngineThatMovesFarFasterThanItsClockForMostOfItsGamesIsNamed() {
        // tc=1 byoyomi=100, as YaneuraOu plays once a network delay eats its byoyomi
        TournamentSetup s =
                setup("name=A builtin tc=1 byoyomi=100", "name=B cmd=/b tc=1 byoyomi=100");
        // Game 0, A Black. A: 500, 400, 80 ms against 1000/20 + 100 = 150, 500/20 + 100 = 125,
        // 100/20 + 100 = 105: none under 10 %. B: 900 against 150, then 2 and 3 against
        // 100/20 + 100 = 105 and 98/20 + 100 = 104: 2 of 3 moves fast, a fast game.
        GameOutcome g0 =
                game(
                        task(s, 0, 1),
                        new long[] {500, 900, 400, 2, 80, 3},
                        new long[] {500, 100, 100, 98, 20, 95},
                        Result.DRAW,
                        Termination.ABORT);
        // Game 1, B Black: 1 ms thrice against 150, 999/20 + 100 = 149, 998/20 + 100 = 149 (fast);
        // A 300 ms thrice against 150, 135, 120.
        GameOutcome g1 =
                game(
                        task(s, 1, 0),
                        new long[] {1, 300, 1, 300, 1, 300},
                        new long[] {999, 700, 998, 400, 997, 100},
                        Result.DRAW,
                        Termination.ABORT);
        TournamentResults r = TournamentResults.of(s, List.of(g0, g1), 2, RunEnd.COMPLETE);

        List<ClockWarnings.Warning> w = ClockWarnings.of(r);
        assertThat(w).hasSize(1);
        // B's moves 900, 2, 3, 1, 1, 1: median (1 + 2) / 2 = 1; allowances 150, 105, 104, 150,
        // 149, 149: median (149 + 149) / 2 = 149
        assertThat(w.get(0))
                .isEqualTo(
                        new ClockWarnings.Warning(
                                ClockWarnings.Kind.FAST_MOVES, 1, "B", 0, "A", 2, 2, 1, 149));
        assertThat(w.get(0).text())
                .isEqualTo(
                        "B moved in under 10 % of what its clock allowed for most of 2 of 2 games"
                                + " against A (median 1 ms a move, 149 ms allowed)");
        assertThat(ReportLines.elo(r)).contains(" — warning: B moved in under 10 %");
    }

    @Test
    void warningsOfAPairWithoutTheTestedPlayerGoToTheConsoleAndJsonNotToTheEloLine()
            throws Exception {
        TournamentSetup s =
                setup(
                        "name=A builtin tc=10+0.1",
                        "name=B cmd=/b tc=10+0.1",
                        "name=C cmd=/c tc=10+0.1");
        long[] ms = {400, 1000, 600, 2000};
        long[] left = {9700, 9100, 9200, 7200};
        // A and B draw twice; C (White, then Black) loses both games against B on time
        List<GameOutcome> games =
                List.of(
                        game(task(s, 0, 1), ms, left, Result.DRAW, Termination.ABORT),
                        game(task(s, 1, 0), ms, left, Result.DRAW, Termination.ABORT),
                        game(task(s, 1, 2), ms, left, Result.BLACK_WIN, Termination.TIME),
                        game(task(s, 2, 1), ms, left, Result.WHITE_WIN, Termination.TIME));
        TournamentResults r = TournamentResults.of(s, games, 6, RunEnd.COMPLETE);

        assertThat(ReportLines.elo(r)).doesNotContain("warning");
        assertThat(ReportWriter.writtenLines(r, Path.of("out")))
                .contains(
                        "warning: C lost 2 of 2 games against B on time; " + ClockWarnings.CAUSES);
        JsonNode json = new ObjectMapper().readTree(ResultsJson.write(r));
        assertThat(json.get("elo").get("warnings")).isEmpty();
        for (JsonNode pair : json.get("pairs")) {
            boolean bc =
                    pair.get("a").asText().equals("B") && pair.get("b").asText().equals("C")
                            || pair.get("a").asText().equals("C")
                                    && pair.get("b").asText().equals("B");
            assertThat(pair.get("warnings")).hasSize(bc ? 1 : 0);
        }
        JsonNode c = json.get("clock_warnings").get(0);
        assertThat(c.get("engine").asText()).isEqualTo("C");
        assertThat(c.get("opponent").asText()).isEqualTo("B");
        assertThat(c.get("kind").asText()).isEqualTo("time_losses");
        assertThat(c.get("games").asInt()).isEqualTo(2);
        assertThat(c.get("pair_games").asInt()).isEqualTo(2);
        assertThat(json.get("clock_warnings")).hasSize(1);
    }

    @Test
    void allowanceIsAShareOfTheMainTimePlusIncrementAndByoyomiOrThePerMoveTime() {
        // 5000 / 20 + 100
        assertThat(ClockWarnings.allowanceMs(EngineSpec.parse("cmd=/x tc=10+0.1"), 5_000))
                .isEqualTo(350);
        // 0 / 20 + 1000
        assertThat(ClockWarnings.allowanceMs(EngineSpec.parse("cmd=/x tc=60 byoyomi=1000"), 0))
                .isEqualTo(1_000);
        assertThat(ClockWarnings.allowanceMs(EngineSpec.parse("cmd=/x byoyomi=1000"), 0))
                .isEqualTo(1_000);
        assertThat(ClockWarnings.allowanceMs(EngineSpec.parse("cmd=/x movetime=200"), 0))
                .isEqualTo(200);
        assertThat(ClockWarnings.allowanceMs(EngineSpec.parse("cmd=/x nodes=5000"), 0)).isZero();
        assertThat(ClockWarnings.allowanceMs(EngineSpec.parse("cmd=/x"), 0)).isZero();
    }

    @Test
    void medianOfOddAndEvenCounts() {
        assertThat(ClockWarnings.median(List.of())).isEqualTo(-1);
        assertThat(ClockWarnings.median(List.of(7L))).isEqualTo(7);
        assertThat(ClockWarnings.median(List.of(9L, 1L, 5L))).isEqualTo(5);
        assertThat(ClockWarnings.median(List.of(4L, 1L, 3L, 2L))).isEqualTo(2);
    }
}
