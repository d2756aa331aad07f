package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.play.EngineSpec;
import dev.joseki.play.SearchLimit;
import dev.joseki.play.TimeControl;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.MoveRecord;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.SelfPlayTask;
import org.junit.jupiter.api.Test;

/** A spec's clock travels to a worker in the task and comes back as the same spec. */
class TaskPlayersTest {

    @Test
    void aClockedSpecSurvivesTheTaskBytes() throws Exception {
        EngineSpec spec = EngineSpec.parse("name=yo cmd=/opt/yo arg=-x tc=10+0.1 timemargin=30");
        SelfPlayTask task =
                SelfPlayTask.newBuilder()
                        .setTaskId("t")
                        .setGames(1)
                        .setBlack(TaskPlayers.player(spec))
                        .setWhite(TaskPlayers.player(EngineSpec.parse("builtin nodes=5")))
                        .build();
        SelfPlayTask back = SelfPlayTask.parseFrom(task.toByteArray());
        Limits l = back.getBlack().getLimits();
        assertThat(l.getMainTimeMs()).isEqualTo(10_000);
        assertThat(l.getIncrementMs()).isEqualTo(100);
        assertThat(l.getTimeMarginMs()).isEqualTo(30);
        assertThat(l.getNodes()).isZero();
        EngineSpec again = TaskPlayers.spec(back, back.getBlack());
        assertThat(again).isEqualTo(spec);
        assertThat(again.timeControl()).isEqualTo(new TimeControl(10_000, 100, 0, 30));
        assertThat(TaskPlayers.spec(back, back.getWhite()).limit()).isEqualTo(SearchLimit.nodes(5));
    }

    @Test
    void aPinnedArtifactTravelsAsItsNameHashArgumentsAndClock() throws Exception {
        String hash = "c0ffee".repeat(10) + "c0ff";
        EngineSpec spec =
                EngineSpec.parse("name=yane artifact=yane-9 arg=-v clock=noinc tc=10+0.1")
                        .withArtifactHash(hash);
        Player p = Player.parseFrom(TaskPlayers.player(spec).toByteArray());
        assertThat(p.getEngineCase()).isEqualTo(Player.EngineCase.ARTIFACT);
        assertThat(p.getArtifact().getName()).isEqualTo("yane-9");
        assertThat(p.getArtifact().getHash()).isEqualTo(hash);
        assertThat(p.getArtifact().getArgsList()).containsExactly("-v");
        assertThat(p.getArtifact().getClock()).isEqualTo("noinc");
        assertThat(TaskPlayers.spec(Limits.getDefaultInstance(), p)).isEqualTo(spec);
    }

    @Test
    void anArtifactWithoutItsHashNeverBecomesATask() {
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> TaskPlayers.player(EngineSpec.parse("artifact=yane nodes=5")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("not pinned");
    }

    @Test
    void aClockAdapterSurvivesTheTaskBytes() throws Exception {
        EngineSpec gps =
                EngineSpec.parse(
                        "name=gps cmd=/usr/games/gpsusi option.BookDepth=0 tc=10+0.1"
                                + " clock=byoyomi");
        EngineSpec noinc = EngineSpec.parse("name=n cmd=/opt/n movetime=100 clock=noinc");
        SelfPlayTask task =
                SelfPlayTask.newBuilder()
                        .setTaskId("t")
                        .setGames(1)
                        .setBlack(TaskPlayers.player(gps))
                        .setWhite(TaskPlayers.player(noinc))
                        .build();
        SelfPlayTask back = SelfPlayTask.parseFrom(task.toByteArray());
        assertThat(back.getBlack().getUsiCommand().getClock()).isEqualTo("byoyomi");
        assertThat(TaskPlayers.spec(back, back.getBlack())).isEqualTo(gps);
        assertThat(TaskPlayers.spec(back, back.getWhite())).isEqualTo(noinc);
        // the default is sent as nothing, as before adapters existed
        EngineSpec plain = EngineSpec.parse("name=p cmd=/opt/p tc=10+0.1");
        assertThat(TaskPlayers.player(plain).getUsiCommand().getClock()).isEmpty();
        assertThat(TaskPlayers.spec(SelfPlayTask.getDefaultInstance(), TaskPlayers.player(plain)))
                .isEqualTo(plain);
    }

    @Test
    void mainTimeWithByoyomiIsAClockButByoyomiAloneIsAPerMoveLimit() {
        Limits clock =
                Limits.newBuilder()
                        .setMainTimeMs(60_000)
                        .setByoyomiMs(1_000)
                        .setTimeMarginMs(50)
                        .build();
        assertThat(TaskPlayers.timeControl(clock)).isEqualTo(new TimeControl(60_000, 0, 1_000, 50));
        assertThat(TaskPlayers.limit(clock)).isNull();
        Limits byoyomi = Limits.newBuilder().setByoyomiMs(1_000).build();
        assertThat(TaskPlayers.timeControl(byoyomi)).isNull();
        assertThat(TaskPlayers.limit(byoyomi))
                .isEqualTo(new SearchLimit(SearchLimit.Kind.BYOYOMI, 1_000));
    }

    @Test
    void aClockedRecordKeepsItsClockReadingsThroughBytes() throws Exception {
        GameRecord rec =
                GameRecord.newBuilder()
                        .setGameId("t/0")
                        .setClocked(true)
                        .addMoves(
                                MoveRecord.newBuilder()
                                        .setUsi("7g7f")
                                        .setTimeMs(420)
                                        .setClockLeftMs(9_680))
                        .addMoves(
                                MoveRecord.newBuilder()
                                        .setUsi("3c3d")
                                        .setTimeMs(0)
                                        .setClockLeftMs(0))
                        .build();
        GameRecord back = GameRecord.parseFrom(rec.toByteArray());
        assertThat(back.getClocked()).isTrue();
        assertThat(back.getMoves(0).getClockLeftMs()).isEqualTo(9_680);
        assertThat(back.getMoves(0).getTimeMs()).isEqualTo(420);
        // zero left is still a reading (optional field), unlike an unclocked move
        assertThat(back.getMoves(1).hasClockLeftMs()).isTrue();
        assertThat(MoveRecord.newBuilder().setUsi("7g7f").build().hasClockLeftMs()).isFalse();
    }
}
