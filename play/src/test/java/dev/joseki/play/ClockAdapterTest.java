package dev.joseki.play;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.rules.Declaration;
import dev.joseki.rules.Game;
import dev.joseki.rules.Termination;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The exact {@code go} lines of each adapter, expected lines worked out from the USI fields; and
 * GPS Shogi itself, which needs {@code clock=byoyomi} to play a Fischer clock at all.
 */
class ClockAdapterTest {
    /** Debian's gpsshogi; deploy/ci/install-engines.sh installs it before the tests. */
    private static final Path GPSUSI = Path.of("/usr/games/gpsusi");

    // tc=10+0.1 some moves in: black has 9.35 s, white 8.72 s, black to move (flag 9350 + 50)
    private static final ClockReading FISCHER_GAME =
            new ClockReading(9_350, 8_720, 100, 100, 0, 9_400);

    @Test
    void fischerSendsTheClocksAsTheyStand() {
        assertThat(ClockAdapter.FISCHER.usiGo(FISCHER_GAME, true))
                .isEqualTo("go btime 9350 wtime 8720 binc 100 winc 100");
    }

    @Test
    void byoyomiSendsTheIncrementAsByoyomiAndEachMainTimeLessItsIncrement() {
        // 9350 - 100 = 9250, 8720 - 100 = 8620; no binc/winc words
        assertThat(ClockAdapter.BYOYOMI.usiGo(FISCHER_GAME, true))
                .isEqualTo("go btime 9250 wtime 8620 byoyomi 100");
        // the first move of tc=10+0.1: 10000 - 100
        assertThat(
                        ClockAdapter.BYOYOMI.usiGo(
                                new ClockReading(10_000, 10_000, 100, 100, 0, 10_050), false))
                .isEqualTo("go btime 9900 wtime 9900 byoyomi 100");
    }

    @Test
    void byoyomiTellsTheMoverItsOwnIncrementWhenTheSidesDiffer() {
        // black 10+0.1, white 10+0.05, white to move: 9250 = 9350 - 100, 8670 = 8720 - 50
        ClockReading odds = new ClockReading(9_350, 8_720, 100, 50, 0, 8_770);
        assertThat(ClockAdapter.BYOYOMI.usiGo(odds, false))
                .isEqualTo("go btime 9250 wtime 8670 byoyomi 50");
        assertThat(ClockAdapter.BYOYOMI.usiGo(odds, true))
                .isEqualTo("go btime 9250 wtime 8670 byoyomi 100");
    }

    @Test
    void byoyomiKeepsTheMoversOwnByoyomiWhenOnlyTheOpponentHasAnIncrement() {
        // black tc=10 byoyomi=100 to move with its main time gone, white tc=10+0.1 with 9 s left
        ClockReading odds = new ClockReading(0, 9_000, 0, 100, 100, 150);
        assertThat(ClockAdapter.FISCHER.usiGo(odds, true))
                .isEqualTo("go btime 0 wtime 9000 binc 0 winc 100 byoyomi 100");
        // 9000 - 100 for white; black's own byoyomi of 100 ms
        assertThat(ClockAdapter.BYOYOMI.usiGo(odds, true))
                .isEqualTo("go btime 0 wtime 8900 byoyomi 100");
        assertThat(ClockAdapter.NOINC.usiGo(odds, true))
                .isEqualTo("go btime 0 wtime 9000 byoyomi 100");
    }

    @Test
    void byoyomiNeverSendsANegativeMainTime() {
        // tc=0.05+0.1 at its first move: 50 - 100 is below zero, sent as 0
        assertThat(ClockAdapter.BYOYOMI.usiGo(new ClockReading(50, 50, 100, 100, 0, 100), true))
                .isEqualTo("go btime 0 wtime 0 byoyomi 100");
    }

    @Test
    void byoyomiLeavesTheEngineExactlyTheTimeTheRefereeAllows() {
        // The engine may take main + byoyomi; the referee allows the time left (its margin aside).
        Clock black = new Clock(new TimeControl(10_000, 100, 0, 50));
        Clock white = new Clock(new TimeControl(10_000, 100, 0, 50));
        long[] used = {300, 150, 2_000, 100};
        // told main + byoyomi before each of black's moves, worked out by hand:
        // 9900 + 100; then 10000 - 300 + 100 = 9800 -> 9700 + 100; 9800 - 150 + 100 = 9750 ->
        // 9650 + 100; 9750 - 2000 + 100 = 7850 -> 7750 + 100
        long[] told = {10_000, 9_800, 9_750, 7_850};
        for (int i = 0; i < used.length; i++) {
            ClockReading r =
                    new ClockReading(black.leftMs(), white.leftMs(), 100, 100, 0, black.flagMs());
            String[] w = ClockAdapter.BYOYOMI.usiGo(r, true).split(" ");
            long main = Long.parseLong(w[2]), byoyomi = Long.parseLong(w[6]);
            assertThat(main + byoyomi).isEqualTo(told[i]).isEqualTo(black.allowedMs());
            black.charge(used[i]);
        }
    }

    @Test
    void noincLeavesTheIncrementWordsOut() {
        assertThat(ClockAdapter.NOINC.usiGo(FISCHER_GAME, true))
                .isEqualTo("go btime 9350 wtime 8720");
    }

    @Test
    void withoutAnIncrementEveryAdapterSendsTheSameLine() {
        ClockReading byoyomiGame = new ClockReading(0, 3_000, 0, 0, 100, 150);
        ClockReading suddenDeath = new ClockReading(4_000, 3_000, 0, 0, 0, 4_050);
        for (ClockAdapter a : ClockAdapter.values()) {
            assertThat(a.usiGo(byoyomiGame, true)).isEqualTo("go btime 0 wtime 3000 byoyomi 100");
            assertThat(a.usiGo(suddenDeath, true)).isEqualTo("go btime 4000 wtime 3000");
        }
    }

    @Test
    void specKeysNameTheAdapters() {
        assertThat(ClockAdapter.fromKey("fischer")).isEqualTo(ClockAdapter.FISCHER);
        assertThat(ClockAdapter.fromKey("byoyomi")).isEqualTo(ClockAdapter.BYOYOMI);
        assertThat(ClockAdapter.fromKey("noinc")).isEqualTo(ClockAdapter.NOINC);
        assertThat(ClockAdapter.fromKey("Byoyomi")).isNull();
    }

    private static EngineSpec gps(ClockAdapter clock) {
        assertThat(Files.isExecutable(GPSUSI))
                .as(
                        "GPS Shogi at "
                                + GPSUSI
                                + ": install the Debian package gpsshogi"
                                + " (deploy/ci/install-engines.sh does, as root)")
                .isTrue();
        return new EngineSpec(
                "gps",
                GPSUSI.toString(),
                null,
                List.of(),
                Map.of("BookDepth", "0", "Thread", "1"),
                null,
                0,
                null,
                clock);
    }

    // Full tier: a child process. tc=3+0.1 with a 2 s margin: the protocol, not the tightness of
    // the clock (this machine may be loaded).
    @Test
    @Tag("full")
    void gpsShogiPlaysAFischerClockSentAsByoyomi() {
        TimeControl tc = new TimeControl(3_000, 100, 0, 2_000);
        // GPS Shogi reads its tables before usiok: on a machine loaded by other processes that
        // took more than the default 20 s, so its handshake gets a minute here
        UsiTimeouts patient =
                new UsiTimeouts(
                        java.time.Duration.ofMinutes(1),
                        UsiTimeouts.DEFAULT.margin(),
                        UsiTimeouts.DEFAULT.untimedMove());
        try (UsiClient gps = new UsiClient(gps(ClockAdapter.BYOYOMI), patient, () -> false);
                BuiltinPlayer builtin = new BuiltinPlayer(Map.of("USI_Hash", "1"))) {
            PlayedGame g =
                    Referee.play(
                            Referee.Start.of(
                                    Opening.STARTPOS,
                                    new Game.Rules(4, Declaration.Rule.POINTS_27),
                                    3),
                            new Referee.Seat("gps", gps, null, tc),
                            new Referee.Seat("joseki", builtin, null, tc),
                            () -> false);
            assertThat(g.termination()).as(g.reason()).isEqualTo(Termination.MAX_PLIES);
            assertThat(g.clockLeftMs()).hasSize(4);
        }
    }
}
