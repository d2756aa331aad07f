package dev.joseki.play.usi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.engine.mate.MateProblems;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Game;
import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Position;
import dev.joseki.rules.Termination;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The USI engine as a real subprocess over stdin/stdout. */
// Full tier: starts the front end as a child process.
@Tag("full")
class UsiFrontProcessTest {
    private static final long T = 20_000;

    private static UsiProcess started() throws Exception {
        UsiProcess e = new UsiProcess();
        e.send("usi");
        e.expect("usiok"::equals, T);
        e.send("isready");
        e.expect("readyok"::equals, T);
        return e;
    }

    private static String bestmove(String line) {
        return line.split("\\s+")[1];
    }

    @Test
    void playsAFullGameAgainstItselfWithLegalMovesOnly() throws Exception {
        try (UsiProcess e = started()) {
            e.send("usinewgame");
            Game game =
                    new Game(
                            Sfen.startPosition(),
                            new Game.Rules(160, dev.joseki.rules.Declaration.Rule.POINTS_27));
            List<String> moves = new ArrayList<>();
            while (!game.isOver()) {
                e.send(
                        "position startpos"
                                + (moves.isEmpty() ? "" : " moves " + String.join(" ", moves)));
                e.send("go nodes 3000");
                String best = bestmove(e.expectStartingWith("bestmove", T));
                if (best.equals("resign")) {
                    game.play(Move.RESIGN);
                    break;
                }
                assertThat(best).isNotEqualTo("win");
                int m = UsiMove.parseSyntax(game.position(), best, "engine", game.plies() + 1, 1);
                game.play(m);
                assertThat(game.termination())
                        .as("move %s", best)
                        .isNotEqualTo(Termination.ILLEGAL_MOVE);
                moves.add(best);
            }
            e.send("gameover draw");
            e.send("isready");
            e.expect("readyok"::equals, T);
            e.send("quit");
            assertThat(e.waitFor(T)).isZero();
            Files.write(
                    Path.of("target", "usi-game-transcript.txt"),
                    e.transcript,
                    StandardCharsets.UTF_8);
            assertThat(game.isOver()).isTrue();
            assertThat(game.plies()).isGreaterThan(10);
        }
    }

    @Test
    void pondersUntilPonderhitThenMoves() throws Exception {
        try (UsiProcess e = started()) {
            e.send("position startpos moves 7g7f 3c3d");
            e.send("go ponder btime 0 wtime 0 byoyomi 300");
            List<String> during = e.drain(700);
            assertThat(during).noneMatch(l -> l.startsWith("bestmove"));
            e.send("ponderhit");
            // Generous bounds: the child JVM may be starved by other processes on a 2-core machine.
            String best = e.expectStartingWith("bestmove", 15_000);
            Position pos =
                    Sfen.parse(
                            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
            assertThat(pos.isLegal(UsiMove.parseSyntax(pos, bestmove(best), "engine", 1, 1)))
                    .isTrue();
            assertThat(best).matches("bestmove \\S+( ponder \\S+)?");
        }
    }

    @Test
    void stopEndsPonderingWithABestMove() throws Exception {
        try (UsiProcess e = started()) {
            e.send("position startpos");
            e.send("go ponder btime 60000 wtime 60000 byoyomi 10000");
            assertThat(e.drain(500)).noneMatch(l -> l.startsWith("bestmove"));
            e.send("stop");
            e.expectStartingWith("bestmove", 10_000);
        }
    }

    @Test
    void stopEndsAnInfiniteSearch() throws Exception {
        try (UsiProcess e = started()) {
            e.send("position startpos");
            e.send("go infinite");
            List<String> during = e.drain(3_000);
            assertThat(during).noneMatch(l -> l.startsWith("bestmove"));
            assertThat(during)
                    .anyMatch(
                            l ->
                                    l.matches(
                                            "info depth \\d+ seldepth \\d+ score cp -?\\d+ nodes"
                                                + " \\d+ nps \\d+ time \\d+ hashfull \\d+ pv .*"));
            e.send("stop");
            String best = e.expectStartingWith("bestmove", 10_000);
            assertThat(
                            Sfen.startPosition()
                                    .isLegal(
                                            UsiMove.parseSyntax(
                                                    Sfen.startPosition(),
                                                    bestmove(best),
                                                    "e",
                                                    1,
                                                    1)))
                    .isTrue();
        }
    }

    @Test
    void malformedCommandsAreAnsweredWithInfoStringAndIgnored() throws Exception {
        String[] bad = {
            "hello engine",
            "position",
            "position sfen not/a/real/sfen b - 1",
            "position startpos moves 7g7f 7g7f",
            "position startpos moves 7g7x",
            "position banana",
            "setoption name NoSuchOption value 3",
            "setoption name USI_Hash value 0",
            "setoption name Threads value many",
            "setoption name USI_Hash value 4096", // more than the child's 256 MB heap
            "setoption Threads 2",
            "go depth",
            "go nodes -5",
            "go sideways 3",
            "\u00e9\u00e8 \u2603",
        };
        try (UsiProcess e = started()) {
            e.send("position startpos moves 7g7f");
            for (String b : bad) {
                e.send(b);
                e.expectStartingWith("info string", T);
            }
            assertThat(e.isAlive()).isTrue();
            e.send("isready");
            e.expect("readyok"::equals, T);
            // The position is still the one before the malformed commands: White to move after
            // 7g7f.
            e.send("go depth 2");
            String best = bestmove(e.expectStartingWith("bestmove", T));
            Position after =
                    Sfen.parse("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
            assertThat(after.isLegal(UsiMove.parseSyntax(after, best, "engine", 1, 1))).isTrue();
            e.send("quit");
            assertThat(e.waitFor(T)).isZero();
        }
    }

    @Test
    void survivesSeededGarbageInterleavedWithRealCommands() throws Exception {
        java.util.Random random = new java.util.Random(42);
        String[] words = {
            "position",
            "startpos",
            "sfen",
            "moves",
            "go",
            "depth",
            "nodes",
            "setoption",
            "name",
            "value",
            "USI_Hash",
            "MultiPV",
            "7g7f",
            "P*5e",
            "8h2b+",
            "-1",
            "99999999999999999999",
            "lnsgkgsnl/",
            "b",
            "w",
            "-",
            "+",
            "*",
            "ponder",
            "mate",
            "byoyomi",
            "",
            "\t"
        };
        try (UsiProcess e = started()) {
            for (int i = 0; i < 200; i++) {
                StringBuilder line = new StringBuilder();
                int n = 1 + random.nextInt(6);
                for (int j = 0; j < n; j++) {
                    line.append(words[random.nextInt(words.length)]).append(' ');
                }
                String l = line.toString().trim();
                if (l.startsWith("go") || l.equals("stop") || l.startsWith("quit")) {
                    continue; // a valid go would start a search; keep the garbage inert
                }
                e.send(l);
            }
            e.send("isready");
            e.expect("readyok"::equals, T);
            assertThat(e.isAlive()).isTrue();
            e.send("position startpos");
            e.send("go nodes 2000");
            e.expectStartingWith("bestmove", T);
            e.send("quit");
            assertThat(e.waitFor(T)).isZero();
        }
    }

    @Test
    void goMateAnswersCheckmateWithAMatingLineOrNomate() throws Exception {
        List<MateProblems.Problem> problems = MateProblems.load();
        MateProblems.Problem three =
                problems.stream().filter(p -> p.plies() == 3).findFirst().orElseThrow();
        MateProblems.Problem none =
                problems.stream().filter(p -> p.plies() == 0).findFirst().orElseThrow();
        try (UsiProcess e = started()) {
            e.send("position sfen " + three.sfen());
            e.send("go mate 10000");
            String line = e.expectStartingWith("checkmate", T);
            Position pos = three.position();
            String[] mv = line.substring("checkmate ".length()).split(" ");
            for (String m : mv) {
                pos.doMove(UsiMove.parse(pos, m));
            }
            assertThat(pos.inCheck()).isTrue();
            assertThat(MoveGenerator.generateLegal(pos, new int[MoveGenerator.MAX_MOVES], 0))
                    .isZero();
            e.send("position sfen " + none.sfen());
            e.send("go mate 10000");
            assertThat(e.expectStartingWith("checkmate", T)).isEqualTo("checkmate nomate");
        }
    }

    /** Sends go perft and returns the divide lines ("move count") followed by the total line. */
    private static List<String> perft(UsiProcess e, int depth) throws Exception {
        List<String> lines = new ArrayList<>();
        e.send("go perft " + depth);
        e.expect(
                l -> {
                    if (l.startsWith("info string ")) {
                        lines.add(l.substring("info string ".length()));
                    }
                    return l.startsWith("info string perft ");
                },
                T);
        return lines;
    }

    @Test
    void goPerftGivesThePublishedCountsWithOneLinePerRootMove() throws Exception {
        // Published counts (YaneuraOu's position.cpp unit tests, in the project's perft suite): the
        // start position at depth 3, 25,470 from 30 root moves; "matsuri" at depth 2, 28,684 from
        // 207 root moves.
        try (UsiProcess e = started()) {
            List<String> hirate = perft(e, 3);
            assertThat(hirate).hasSize(31);
            assertThat(hirate.get(30)).startsWith("perft depth 3 nodes 25470 time ");
            assertThat(
                            hirate.subList(0, 30).stream()
                                    .mapToLong(l -> Long.parseLong(l.split(" ")[1]))
                                    .sum())
                    .as("the divide adds up to the total")
                    .isEqualTo(25470);
            e.send(
                    "position sfen l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w"
                            + " GR5pnsg 1");
            List<String> matsuri = perft(e, 2);
            assertThat(matsuri).hasSize(208);
            assertThat(matsuri.get(207)).startsWith("perft depth 2 nodes 28684 time ");
            // The engine still searches afterwards, from the position it was given.
            e.send("go nodes 2000");
            assertThat(e.expectStartingWith("bestmove", T)).doesNotContain("resign");
            e.send("go perft 0");
            assertThat(e.expectStartingWith("info string", T)).contains("depth 0 is outside 1..10");
        }
    }

    @Test
    void stopEndsAGoPerftInsideARootMoveAndTheEngineAnswersAtOnce() throws Exception {
        // Depth 8 from the start: each first move alone takes seconds to count (PerftTest), so a
        // stop 300 ms in
        // ends the count inside the first root move, which is not reported.
        try (UsiProcess e = started()) {
            e.send("position startpos");
            e.send("go perft 8");
            Thread.sleep(300);
            final long stopAt = System.nanoTime();
            e.send("stop");
            e.send("isready");
            List<String> lines = new ArrayList<>();
            e.expect(l -> lines.add(l) && l.equals("readyok"), 5_000);
            assertThat((System.nanoTime() - stopAt) / 1_000_000)
                    .as("ms from stop to readyok")
                    .isLessThan(2_000);
            assertThat(lines)
                    .filteredOn(l -> l.startsWith("info string "))
                    .singleElement()
                    .asString()
                    .startsWith("info string perft depth 8 nodes 0 time ")
                    .endsWith(" ms (stopped after 0 of 30 root moves)");
            // It searches afterwards.
            e.send("go nodes 2000");
            assertThat(e.expectStartingWith("bestmove", T)).doesNotContain("resign");
        }
    }

    @Test
    void declaresWinOnlyWhenTheDeclarationIsValid() throws Exception {
        // Black king on 5b with 11 pieces in the zone: R R B B (20) + 4 G + 3 S (7) + a pawn in
        // hand = 28.
        try (UsiProcess e = started()) {
            e.send("position sfen RRBBGGGGS/3SKS3/9/9/9/9/9/9/8k b P 1");
            e.send("go nodes 1000");
            assertThat(e.expectStartingWith("bestmove", T)).isEqualTo("bestmove win");
            // Without the pawn: 27 points, one short of Black's 28.
            e.send("position sfen RRBBGGGGS/3SKS3/9/9/9/9/9/9/8k b - 1");
            e.send("go nodes 1000");
            assertThat(e.expectStartingWith("bestmove", T)).isNotEqualTo("bestmove win");
        }
    }
}
