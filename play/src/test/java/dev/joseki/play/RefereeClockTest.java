package dev.joseki.play;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.rules.Declaration;
import dev.joseki.rules.Game;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import dev.joseki.rules.Termination;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The referee's clocks on a hand-driven time source: each scripted player moves the time on by the
 * milliseconds its script says a move took. Expected clocks are worked out by hand in the comments.
 */
class RefereeClockTest {
    private static final Game.Rules RULES = new Game.Rules(256, Declaration.Rule.POINTS_27);
    private static final String[] BLACK_MOVES = {"7g7f", "2g2f", "6g6f", "5g5f"};
    private static final String[] WHITE_MOVES = {"3c3d", "8c8d", "4c4d", "5c5d"};

    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);

    /**
     * Plays its moves in order taking the scripted milliseconds each, then resigns; records its
     * limits.
     */
    private final class Timed implements Player {
        private final Deque<String> moves;
        private final Deque<Long> ms;
        final List<MoveLimit> told = new ArrayList<>();
        boolean timeOutAfterwards;

        Timed(String[] moves, long... ms) {
            this.moves = new ArrayDeque<>(List.of(moves));
            this.ms = new ArrayDeque<>();
            for (long m : ms) {
                this.ms.add(m);
            }
        }

        @Override
        public void newGame(long gameSeed) {}

        @Override
        public Answer move(Position start, List<Integer> played, MoveLimit limit, int lines)
                throws PlayerException {
            told.add(limit);
            Long took = ms.poll();
            if (took == null) {
                return new Answer("resign", MoveInfo.NONE);
            }
            nanos.addAndGet(took * 1_000_000L);
            if (timeOutAfterwards && ms.isEmpty()) {
                throw new PlayerException(PlayerException.Kind.TIME, "no bestmove within the flag");
            }
            // the engine claims 1 ms: the record must hold the referee's measurement instead
            return new Answer(
                    moves.poll(), new MoveInfo(MoveInfo.Source.SEARCH, 1, 1, false, false, 0, 1));
        }

        @Override
        public String engineId() {
            return "timed";
        }

        @Override
        public String engineVersion() {
            return "";
        }

        @Override
        public void close() {}
    }

    private PlayedGame play(Timed black, TimeControl bt, Timed white, TimeControl wt) {
        return Referee.play(
                Referee.Start.of(Opening.STARTPOS, RULES, 1),
                new Referee.Seat("B", black, null, bt),
                new Referee.Seat("W", white, null, wt),
                () -> false,
                nanos::get);
    }

    private static String go(MoveLimit l) {
        return l.usiGo();
    }

    @Test
    void incrementIsAddedAfterTheMoveAndEachSideHasItsOwnClock() {
        TimeControl tenPlusTenth = new TimeControl(10_000, 100, 0, 50); // tc=10+0.1
        TimeControl fivePlusOne = new TimeControl(5_000, 1_000, 0, 50); // tc=5+1: time odds
        Timed black = new Timed(BLACK_MOVES, 1_000, 9_150);
        Timed white = new Timed(WHITE_MOVES, 2_500);
        PlayedGame g = play(black, tenPlusTenth, white, fivePlusOne);
        // Black 1000 of 10000: 9000 + 100 = 9100. White 2500 of 5000: 2500 + 1000 = 3500.
        // Black 9150 with 9100 left: 50 over, within the 50 ms margin: in time, 0 + 100 = 100.
        // White's script then resigns.
        assertThat(go(black.told.get(0))).isEqualTo("go btime 10000 wtime 5000 binc 100 winc 1000");
        assertThat(go(white.told.get(0))).isEqualTo("go btime 9100 wtime 5000 binc 100 winc 1000");
        assertThat(go(black.told.get(1))).isEqualTo("go btime 9100 wtime 3500 binc 100 winc 1000");
        assertThat(go(white.told.get(1))).isEqualTo("go btime 100 wtime 3500 binc 100 winc 1000");
        assertThat(g.clockLeftMs()).containsExactly(9_100L, 3_500L, 100L);
        assertThat(g.info()).extracting(MoveInfo::timeMs).containsExactly(1_000, 2_500, 9_150);
        assertThat(g.termination()).isEqualTo(Termination.RESIGN);
        assertThat(g.clocked()).isTrue();
    }

    @Test
    void byoyomiFollowsTheMainTimeAndOneMillisecondPastTheMarginLoses() {
        TimeControl oneSecondThenHalf = new TimeControl(1_000, 0, 500, 50); // tc=1 byoyomi=500
        // Black: 800 of 1000 leaves 200; 650 with 200 + 500 allowed: main gone, in byoyomi;
        // 550 = 500 + margin 50: in time; 551: lost.
        Timed black = new Timed(BLACK_MOVES, 800, 650, 550, 551);
        Timed white = new Timed(WHITE_MOVES, 10, 10, 10, 10);
        PlayedGame g = play(black, oneSecondThenHalf, white, oneSecondThenHalf);
        assertThat(go(black.told.get(0))).isEqualTo("go btime 1000 wtime 1000 byoyomi 500");
        assertThat(go(black.told.get(1))).isEqualTo("go btime 200 wtime 990 byoyomi 500");
        assertThat(go(black.told.get(2))).isEqualTo("go btime 0 wtime 980 byoyomi 500");
        assertThat(((ClockReading) black.told.get(3)).flagMs()).isEqualTo(550);
        assertThat(g.clockLeftMs()).containsExactly(200L, 990L, 0L, 980L, 0L, 970L);
        assertThat(g.termination()).isEqualTo(Termination.TIME);
        assertThat(g.result()).isEqualTo(Result.WHITE_WIN);
        assertThat(g.reason())
                .isEqualTo("black (B) exceeded its time: used 551 ms with 500 ms left + margin 50");
        assertThat(g.plies()).isEqualTo(6);
    }

    @Test
    void suddenDeathMoveWithinTheMarginStandsAndOneMillisecondMoreLoses() {
        TimeControl oneSecond = new TimeControl(1_000, 0, 0, 50); // tc=1
        PlayedGame inTime =
                play(new Timed(BLACK_MOVES, 1_050), oneSecond, new Timed(WHITE_MOVES), oneSecond);
        assertThat(inTime.termination())
                .isEqualTo(Termination.RESIGN); // White's script resigns at once
        assertThat(inTime.clockLeftMs()).containsExactly(0L);
        PlayedGame late =
                play(new Timed(BLACK_MOVES, 1_051), oneSecond, new Timed(WHITE_MOVES), oneSecond);
        assertThat(late.termination()).isEqualTo(Termination.TIME);
        assertThat(late.result()).isEqualTo(Result.WHITE_WIN);
        assertThat(late.reason())
                .isEqualTo(
                        "black (B) exceeded its time: used 1051 ms with 1000 ms left + margin 50");
        assertThat(late.plies()).isZero();
    }

    @Test
    void aPlayerThatGaveUpWaitingAtTheFlagLosesWithTheClocksReason() {
        TimeControl oneSecond = new TimeControl(1_000, 0, 0, 50);
        Timed white = new Timed(WHITE_MOVES, 1_060);
        white.timeOutAfterwards = true;
        PlayedGame g = play(new Timed(BLACK_MOVES, 100, 100), oneSecond, white, oneSecond);
        assertThat(g.result()).isEqualTo(Result.BLACK_WIN);
        assertThat(g.termination()).isEqualTo(Termination.TIME);
        assertThat(g.reason())
                .isEqualTo(
                        "white (W) exceeded its time: no move within 1050 ms (1000 ms left + margin"
                                + " 50)");
        assertThat(g.crashed()).isFalse();
    }

    @Test
    void perMoveLimitsKeepNoClockButRecordTheMeasuredTime() {
        Timed black = new Timed(BLACK_MOVES, 30);
        Timed white = new Timed(WHITE_MOVES);
        PlayedGame g =
                Referee.play(
                        Referee.Start.of(Opening.STARTPOS, RULES, 1),
                        new Referee.Seat("B", black, SearchLimit.nodes(5)),
                        new Referee.Seat("W", white, SearchLimit.nodes(5)),
                        () -> false,
                        nanos::get);
        assertThat(g.clocked()).isFalse();
        assertThat(g.clockLeftMs()).isEmpty();
        assertThat(black.told).containsExactly(SearchLimit.nodes(5));
        assertThat(g.info().get(0).timeMs()).isEqualTo(30);
    }

    @Test
    void clockReadingGivesOurEngineTheSameClocks() {
        ClockReading r = new ClockReading(9_100, 3_500, 100, 1_000, 0, 9_150);
        assertThat(r.toLimits().btime()).isEqualTo(9_100);
        assertThat(r.toLimits().wtime()).isEqualTo(3_500);
        assertThat(r.toLimits().binc()).isEqualTo(100);
        assertThat(r.toLimits().winc()).isEqualTo(1_000);
        assertThat(r.toLimits().byoyomi()).isZero();
    }
}
