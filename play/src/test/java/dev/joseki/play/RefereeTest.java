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
        public Answer move(Position start, List<Integer> moves, MoveLimit limit, int lines)
                throws PlayerException {
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
        public void close() {}
    }

    private static PlayedGame play(String sfen, Player black, Player white) {
        Opening o = sfen.isEmpty() ? Opening.STARTPOS : new Opening(sfen, List.of());
        return Referee.play(
                Referee.Start.of(o, RULES, 42),
                new Referee.Seat("b", black, SearchLimit.nodes(1)),
                new Referee.Seat("w", white, SearchLimit.nodes(1)),
                () -> false);
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
        PlayedGame a =
                Referee.play(
                        start,
                        new Referee.Seat("b", new Scripted("resign"), SearchLimit.nodes(1)),
                        new Referee.Seat("w", new Scripted("resign"), SearchLimit.nodes(1)),
                        () -> false);
        PlayedGame b =
                Referee.play(
                        start,
                        new Referee.Seat("b", new Scripted("resign"), SearchLimit.nodes(1)),
                        new Referee.Seat("w", new Scripted("resign"), SearchLimit.nodes(1)),
                        () -> false);
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
    }

    @Test
    void stoppingCallerRecordsNothingEvenThoughTheGameEnded() {
        AtomicBoolean stop = new AtomicBoolean();
        Player cancelled =
                new Scripted() {
                    @Override
                    public Answer move(
                            Position start, List<Integer> moves, MoveLimit limit, int lines)
                            throws PlayerException {
                        stop.set(true);
                        throw new PlayerException(PlayerException.Kind.CANCELLED, "stopping");
                    }
                };
        PlayedGame g =
                Referee.play(
                        Referee.Start.of(Opening.STARTPOS, RULES, 1),
                        new Referee.Seat("b", cancelled, SearchLimit.nodes(1)),
                        new Referee.Seat("w", new Scripted(), SearchLimit.nodes(1)),
                        stop::get);
        assertThat(g).isNull();
    }

    @Test
    void startSfenIsKept() {
        PlayedGame g =
                play("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", new Scripted("resign"), new Scripted());
        assertThat(g.startSfen())
                .isEqualTo(Sfen.write(Sfen.parse("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")));
    }

    /** Answers its side's opening move with four lines when asked for several, else resigns. */
    private static final class Lines extends Scripted {
        final List<Integer> asked = new java.util.ArrayList<>();

        @Override
        public Answer move(Position start, List<Integer> moves, MoveLimit limit, int lines) {
            asked.add(lines);
            boolean black = moves.size() % 2 == 0;
            String[] m =
                    black
                            ? new String[] {"7g7f", "2g2f", "5g5f", "1g1f"}
                            : new String[] {"3c3d", "8c8d", "5c5d", "1c1d"};
            MoveInfo info = new MoveInfo(MoveInfo.Source.SEARCH, 1, 7, true, false, 0, 0);
            if (lines == 1) {
                return new Answer("resign", info);
            }
            // scores 0, -10, -20, -200: the last is outside a 30 cp window
            return new Answer(
                    m[0],
                    info,
                    List.of(
                            new Sampling.Line(m[0], false, 0),
                            new Sampling.Line(m[1], false, -10),
                            new Sampling.Line(m[2], false, -20),
                            new Sampling.Line(m[3], false, -200)));
        }
    }

    private static PlayedGame sampled(long seed, Lines black, Lines white) {
        Referee.Start start =
                new Referee.Start(Opening.STARTPOS, 0, 0, RULES, seed, new Sampling(2, 30, 4));
        return Referee.play(
                start,
                new Referee.Seat("b", black, SearchLimit.nodes(1)),
                new Referee.Seat("w", white, SearchLimit.nodes(1)),
                () -> false);
    }

    @Test
    void sampledPliesAskForLinesAndRecordTheDrawnMove() {
        Lines black = new Lines(), white = new Lines();
        PlayedGame g = sampled(5, black, white);
        // plies 0 and 1 are sampled (4 lines asked), ply 2 is not (and Black resigns there)
        assertThat(black.asked).containsExactly(4, 1);
        assertThat(white.asked).containsExactly(4);
        assertThat(g.plies()).isEqualTo(2);
        assertThat(Move.usi(g.moves().get(0))).isIn("7g7f", "2g2f", "5g5f");
        assertThat(Move.usi(g.moves().get(1))).isIn("3c3d", "8c8d", "5c5d");
        assertThat(g.info().get(0).source()).isEqualTo(MoveInfo.Source.SAMPLED);
        assertThat(g.info().get(1).source()).isEqualTo(MoveInfo.Source.SAMPLED);
        // the same game seed draws the same moves; over many seeds every candidate is drawn
        assertThat(sampled(5, new Lines(), new Lines()).moves()).isEqualTo(g.moves());
        java.util.Set<String> first = new java.util.HashSet<>();
        for (long seed = 0; seed < 100; seed++) {
            first.add(Move.usi(sampled(seed, new Lines(), new Lines()).moves().get(0)));
        }
        assertThat(first).containsExactlyInAnyOrder("7g7f", "2g2f", "5g5f");
    }
}
