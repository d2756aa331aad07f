package dev.joseki.play;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.rules.Declaration;
import dev.joseki.rules.Game;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import dev.joseki.rules.Termination;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The referee judges every answer with the rules; scripted players stand in for engines. */
class RefereeTest {
    private static final Game.Rules RULES = new Game.Rules(256, Declaration.Rule.POINTS_27);

    /** Answers from a script; when it runs out the player times out. */
    private static class Scripted implements Player {
        private final Deque<String> answers;
        long seed = -1;

        Scripted(String... answers) {
            this.answers = new ArrayDeque<>(List.of(answers));
        }

        @Override
        public void newGame(long gameSeed) {
            seed = gameSeed;
        }

        @Override
        public Answer move(Position start, List<Integer> moves, SearchLimit limit) throws PlayerException {
            String a = answers.poll();
            if (a == null) {
                throw new PlayerException(PlayerException.Kind.TIME, "script ran out");
            }
            return new Answer(a, new MoveInfo(MoveInfo.Source.SEARCH, 1, 7, false, false, 0, 0));
        }

        @Override
        public String engineId() {
            return "scripted";
        }

        @Override
        public String engineVersion() {
            return "1";
        }

        @Override
        public void close() {
        }
    }

    private static PlayedGame play(String sfen, Player black, Player white) {
        Opening o = sfen.isEmpty() ? Opening.STARTPOS : new Opening(sfen, List.of());
        return Referee.play(Referee.Start.of(o, RULES, 42), new Referee.Seat("b", black, SearchLimit.nodes(1)),
                new Referee.Seat("w", white, SearchLimit.nodes(1)), () -> false);
    }

    @Test
    void falseWinClaimLosesAsAnIllegalMove() {
        PlayedGame g = play("", new Scripted("win"), new Scripted());
        assertThat(g.termination()).isEqualTo(Termination.ILLEGAL_MOVE);
        assertThat(g.result()).isEqualTo(Result.WHITE_WIN);
    }

    @Test
    void matingMoveEndsTheGameWithoutAskingTheLoser() {
        PlayedGame g = play("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", new Scripted("G*5b"), new Scripted());
        assertThat(g.termination()).isEqualTo(Termination.CHECKMATE);
        assertThat(g.result()).isEqualTo(Result.BLACK_WIN);
        assertThat(g.info().get(0).nodes()).isEqualTo(7);
        assertThat(g.toGame().isOver()).isTrue();
    }

    @Test
    void legalMovesThenResignationAreRecordedMoveByMove() {
        PlayedGame g = play("", new Scripted("7g7f", "2g2f"), new Scripted("3c3d", "resign"));
        assertThat(g.moves().stream().map(Move::usi)).containsExactly("7g7f", "3c3d", "2g2f");
        assertThat(g.termination()).isEqualTo(Termination.RESIGN);
        assertThat(g.result()).isEqualTo(Result.BLACK_WIN);
        Game replayed = g.toGame();
        assertThat(replayed.termination()).isEqualTo(Termination.RESIGN);
        assertThat(replayed.result()).isEqualTo(Result.BLACK_WIN);
    }

    @Test
    void garbageAnswerIsAnIllegalMoveNamingThePlayer() {
        PlayedGame g = play("", new Scripted("7g7f"), new Scripted("hello"));
        assertThat(g.termination()).isEqualTo(Termination.ILLEGAL_MOVE);
        assertThat(g.result()).isEqualTo(Result.BLACK_WIN);
        assertThat(g.reason()).contains("unreadable move 'hello' from 'w'");
    }

    @Test
    void timeOutLosesOnTime() {
        PlayedGame g = play("", new Scripted(), new Scripted());
        assertThat(g.termination()).isEqualTo(Termination.TIME);
        assertThat(g.result()).isEqualTo(Result.WHITE_WIN);
        assertThat(g.crashed()).isFalse();
    }

    @Test
    void openingLineAndRandomPliesComeFirstAndAreTheSameForTheSameSeed() {
        Opening line = Opening.fromUsi("", List.of("7g7f", "3c3d"), "test");
        Referee.Start start = new Referee.Start(line, 4, 99, RULES, 1);
        PlayedGame a = Referee.play(start, new Referee.Seat("b", new Scripted("resign"), SearchLimit.nodes(1)),
                new Referee.Seat("w", new Scripted("resign"), SearchLimit.nodes(1)), () -> false);
        PlayedGame b = Referee.play(start, new Referee.Seat("b", new Scripted("resign"), SearchLimit.nodes(1)),
                new Referee.Seat("w", new Scripted("resign"), SearchLimit.nodes(1)), () -> false);
        assertThat(a.openingPlies()).isEqualTo(6);
        assertThat(a.moves()).isEqualTo(b.moves());
        assertThat(a.moves().subList(0, 2).stream().map(Move::usi)).containsExactly("7g7f", "3c3d");
        assertThat(a.info().get(0).source()).isEqualTo(MoveInfo.Source.OPENING_LINE);
        assertThat(a.info().get(5).source()).isEqualTo(MoveInfo.Source.RANDOM_OPENING);
    }

    @Test
    void playersGetTheGameSeed() {
        Scripted black = new Scripted("resign");
        play("", black, new Scripted());
        assertThat(black.seed).isEqualTo(42);
        // the seed of a game id is fixed: FNV-1a 64 of "a" (published test vector)
        assertThat(Referee.seedOf("a")).isEqualTo(0xaf63dc4c8601ec8cL);
    }

    @Test
    void stoppingCallerRecordsNothingEvenThoughTheGameEnded() {
        AtomicBoolean stop = new AtomicBoolean();
        Player cancelled = new Scripted() {
            @Override
            public Answer move(Position start, List<Integer> moves, SearchLimit limit) throws PlayerException {
                stop.set(true);
                throw new PlayerException(PlayerException.Kind.CANCELLED, "stopping");
            }
        };
        PlayedGame g = Referee.play(Referee.Start.of(Opening.STARTPOS, RULES, 1), new Referee.Seat("b", cancelled,
                SearchLimit.nodes(1)), new Referee.Seat("w", new Scripted(), SearchLimit.nodes(1)), stop::get);
        assertThat(g).isNull();
    }

    @Test
    void startSfenIsKept() {
        PlayedGame g = play("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", new Scripted("resign"), new Scripted());
        assertThat(g.startSfen()).isEqualTo(Sfen.write(Sfen.parse("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")));
    }
}
