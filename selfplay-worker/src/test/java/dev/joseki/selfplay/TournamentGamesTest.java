package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.play.BuiltinPlayer;
import dev.joseki.play.EngineSpec;
import dev.joseki.records.GameRecords;
import dev.joseki.records.proto.BookSource;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.SelfPlayTask;
import dev.joseki.rules.Declaration;
import dev.joseki.rules.Game;
import dev.joseki.rules.Result;
import dev.joseki.tournament.GameOutcome;
import dev.joseki.tournament.GameTask;
import dev.joseki.tournament.OpeningSuite;
import dev.joseki.tournament.RefereedGames;
import dev.joseki.tournament.Schedule;
import dev.joseki.tournament.TournamentFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TournamentGamesTest {
    private static final EngineSpec A =
            EngineSpec.parse("name=a builtin option.USI_Hash=1 depth=1");
    private static final EngineSpec B =
            EngineSpec.parse("name=b builtin option.USI_Hash=1 nodes=30");

    @Test
    void gameIdsAreStableAndBelongToOneTournamentOnly() {
        assertThat(TournamentGames.gameId("t1", 12)).isEqualTo("t1-g12/0");
        assertThat(TournamentGames.gameNumber("t1", "t1-g12/0")).isEqualTo(12);
        assertThat(TournamentGames.gameNumber("t1", "t10-g1/0")).isEqualTo(-1);
        assertThat(TournamentGames.gameNumber("t1", "t1-g12/1")).isEqualTo(-1);
        assertThat(TournamentGames.gameNumber("t1", "t1-gx/0")).isEqualTo(-1);
        assertThat(TournamentGames.gameNumber("t1", null)).isEqualTo(-1);
    }

    @Test
    void anExternalSpecKeepsCommandArgumentsDirectoryOptionsAndLimit() {
        Player p =
                TaskPlayers.player(
                        EngineSpec.parse(
                                "name=ext cmd=/opt/e dir=/tmp arg=--usi arg=\"a b\""
                                        + " option.USI_Hash=64 option.Threads=2 movetime=200"));
        assertThat(p.getName()).isEqualTo("ext");
        assertThat(p.getUsiCommand().getArgvList()).containsExactly("/opt/e", "--usi", "a b");
        assertThat(p.getUsiCommand().getWorkingDir()).isEqualTo("/tmp");
        assertThat(p.getOptionsMap()).isEqualTo(Map.of("USI_Hash", "64", "Threads", "2"));
        assertThat(p.getLimits().getMovetimeMs()).isEqualTo(200);
        assertThat(p.getLimits().getNodes()).isZero();
    }

    @Test
    void aBuiltinSpecTravelsAsGivenAndComesBackEqual() {
        EngineSpec spec =
                EngineSpec.parse("name=h builtin option.BookMode=hqm option.BookDir=/b nodes=10");
        Player p = TaskPlayers.player(spec);
        // No patching: the workers read options with the same table as this process.
        assertThat(p.getOptionsMap()).isEqualTo(Map.of("BookMode", "hqm", "BookDir", "/b"));
        SelfPlayTask task = SelfPlayTask.newBuilder().setBlack(p).build();
        assertThat(TaskPlayers.spec(task, p)).isEqualTo(spec);
    }

    @Test
    void aGameOnAWorkerIsTheSameGameAsInThisProcess() {
        GameTask t = secondGame();
        GameRecord rec = play(TournamentGames.task("t", t, 40));
        GameOutcome onWorker = TournamentGames.outcome("t", t, rec);
        GameOutcome here;
        try (RefereedGames local =
                new RefereedGames(new Game.Rules(40, Declaration.Rule.POINTS_27), "t")) {
            here = local.play(t);
        }
        assertThat(onWorker.record().usi()).isEqualTo(here.record().usi());
        assertThat(onWorker.result()).isEqualTo(here.result());
        assertThat(onWorker.termination()).isEqualTo(here.termination());
        assertThat(onWorker.record().moves().get(2).comments())
                .isEqualTo(here.record().moves().get(2).comments());
    }

    /**
     * With sampled plies the task carries them and the worker plays the very game this process
     * would.
     */
    @Test
    void aSampledGameOnAWorkerIsTheSameGameAsInThisProcess() {
        GameTask t =
                Schedule.build(
                                List.of(A, B),
                                TournamentFormat.ROUND_ROBIN,
                                1,
                                openings(),
                                new dev.joseki.play.Sampling(6, 30, 4))
                        .get(1);
        SelfPlayTask task = TournamentGames.task("t", t, 40);
        assertThat(task.getOpening().getSamplePlies()).isEqualTo(6);
        assertThat(task.getOpening().getSampleWindowCp()).isEqualTo(30);
        assertThat(task.getOpening().getSampleLines()).isEqualTo(4);
        assertThat(TaskValidator.problem(task, true)).isNull();
        GameOutcome onWorker = TournamentGames.outcome("t", t, play(task));
        GameOutcome here;
        Game.Rules rules = new Game.Rules(40, Declaration.Rule.POINTS_27);
        try (RefereedGames local = new RefereedGames(rules, "t")) {
            here = local.play(t);
        }
        assertThat(onWorker.record().usi()).isEqualTo(here.record().usi());
        assertThat(onWorker.result()).isEqualTo(here.result());
    }

    @Test
    void aTaskIsOneGameWithTheOpeningLineAsMoves() {
        GameTask t = secondGame();
        SelfPlayTask task = TournamentGames.task("t", t, 30);
        assertThat(task.getTaskId()).isEqualTo("t-g1");
        assertThat(task.getGames()).isEqualTo(1);
        assertThat(task.getOpening().getMovesList()).containsExactly("7g7f", "3c3d");
        assertThat(task.getBlack().getName())
                .isEqualTo("b"); // colours swapped in the pair's second game
        assertThat(task.getWhite().getLimits().getDepth()).isEqualTo(1);
        assertThat(TaskValidator.problem(task, true)).isNull();
        // The engines' own moves by default.
        assertThat(task.getOpening().getSamplePlies()).isZero();
    }

    @Test
    void aWorkersRecordBecomesTheOutcomeWithTheOpeningUntimed() {
        GameTask t = secondGame();
        GameRecord rec = play(TournamentGames.task("t", t, 16));
        assertThat(rec.getGameId()).isEqualTo("t-g1/0");
        assertThat(rec.getOpeningPlies()).isEqualTo(2);
        assertThat(rec.getMoves(0).getBookSource()).isEqualTo(BookSource.BOOK_SOURCE_OPENING_LINE);
        GameOutcome o = TournamentGames.outcome("ev", t, rec);
        assertThat(o.result())
                .isEqualTo(GameRecords.result(rec.getResult()))
                .isNotEqualTo(Result.UNFINISHED);
        assertThat(o.plies()).isEqualTo(rec.getMovesCount());
        assertThat(o.record().moves().get(0).seconds()).isEqualTo(-1);
        assertThat(o.record().moves().get(2).comments())
                .singleElement()
                .asString()
                .contains("depth");
        assertThat(o.record().blackName()).isEqualTo("b");
    }

    @Test
    void aRecordOfOtherPlayersIsRefused() {
        GameRecord rec = play(TournamentGames.task("t", secondGame(), 8));
        GameTask first =
                Schedule.build(List.of(A, B), TournamentFormat.ROUND_ROBIN, 1, openings()).get(0);
        assertThatThrownBy(() -> TournamentGames.outcome("ev", first, rec))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("is b vs a")
                .hasMessageContaining("schedules a vs b");
    }

    @Test
    void anIllegalOpeningLineIsATaskProblem() {
        SelfPlayTask task = TournamentGames.task("t", secondGame(), 8);
        SelfPlayTask bad =
                task.toBuilder()
                        .setOpening(task.getOpening().toBuilder().setMoves(1, "7g7f"))
                        .build();
        assertThat(TaskValidator.problem(bad, true)).contains("opening.moves:1:2");
    }

    private static OpeningSuite openings() {
        return OpeningSuite.sequential(OpeningSuite.parse("startpos moves 7g7f 3c3d\n", "test"));
    }

    private static GameTask secondGame() {
        return Schedule.build(List.of(A, B), TournamentFormat.ROUND_ROBIN, 1, openings()).get(1);
    }

    private static GameRecord play(SelfPlayTask task) {
        try (BuiltinPlayer b = new BuiltinPlayer(task.getBlack().getOptionsMap());
                BuiltinPlayer w = new BuiltinPlayer(task.getWhite().getOptionsMap())) {
            return new TaskGames("w", "test")
                    .play(
                            task,
                            0,
                            new TaskGames.Seat(b, task.getBlack()),
                            new TaskGames.Seat(w, task.getWhite()),
                            () -> false);
        }
    }
}
