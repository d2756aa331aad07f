package dev.joseki.play.usi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.book.Book;
import dev.joseki.book.MemoryBook;
import dev.joseki.notation.Sfen;
import dev.joseki.rules.Result;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The book at the engine's root through the USI front end, with an in-memory book. */
// Full tier: asserts on wall-clock time.
@Tag("full")
class UsiFrontBookTest {

    /** Runs commands and returns everything the engine printed up to its bestmove. */
    static String run(Book book, String... commands) throws InterruptedException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        UsiFront engine = new UsiFront(out, dir -> book);
        engine.handle("setoption name BookDir value test");
        for (String c : commands) {
            engine.handle(c);
        }
        long deadline = System.currentTimeMillis() + 60_000;
        while (!bytes.toString(StandardCharsets.UTF_8).contains("bestmove")) {
            assertThat(System.currentTimeMillis()).isLessThan(deadline);
            Thread.sleep(5);
        }
        engine.handle("quit");
        return bytes.toString(StandardCharsets.UTF_8);
    }

    static String bestmove(String output) {
        return output.lines()
                .filter(l -> l.startsWith("bestmove"))
                .findFirst()
                .orElseThrow()
                .split(" ")[1];
    }

    static final String START = Sfen.STARTPOS;

    /** Start position except White's 3c pawn on 3d: Black's pieces as at the start. */
    static final String OTHER_WHITE =
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

    @Test
    void fullMatchPlaysABookMoveDrawnByFrequencyInEveryMode() throws Exception {
        MemoryBook book =
                new MemoryBook()
                        .game(START, Result.BLACK_WIN, "7g7f")
                        .game(START, Result.BLACK_WIN, "7g7f")
                        .game(START, Result.DRAW, "2g2f");
        Set<String> played = new HashSet<>();
        for (int seed = 1; seed <= 12; seed++) {
            String out =
                    run(
                            book,
                            "setoption name BookMode value NM",
                            "setoption name BookSeed value " + seed,
                            "position startpos",
                            "go depth 1");
            assertThat(out).contains("info string book full match: 2 moves");
            assertThat(out).doesNotContain("info depth"); // no search
            played.add(bestmove(out));
        }
        assertThat(played).containsExactlyInAnyOrder("7g7f", "2g2f");
        String again1 =
                run(book, "setoption name BookSeed value 5", "position startpos", "go depth 1");
        String again2 =
                run(book, "setoption name BookSeed value 5", "position startpos", "go depth 1");
        assertThat(bestmove(again1)).isEqualTo(bestmove(again2)); // seedable
    }

    @Test
    void bookChoiceValuePlaysTheBestValuedFullMatchMoveAndWindowDrawsNearIt() throws Exception {
        // 7g7f played 10 times but valued −30; 2g2f once, valued 60; 5g5f once, valued 45
        MemoryBook book =
                new MemoryBook()
                        .value(START, "7g7f", -30, 4)
                        .value(START, "2g2f", 60, 2)
                        .value(START, "5g5f", 45, 6)
                        .game(START, Result.DRAW, "2g2f")
                        .game(START, Result.DRAW, "5g5f");
        for (int i = 0; i < 10; i++) {
            book.game(START, Result.DRAW, "7g7f");
        }
        Set<String> byValue = new HashSet<>(), inWindow = new HashSet<>();
        for (int seed = 1; seed <= 12; seed++) {
            String v =
                    run(
                            book,
                            "setoption name BookChoice value value",
                            "setoption name BookSeed value " + seed,
                            "position startpos",
                            "go depth 1");
            assertThat(v).contains("value 60 depth 2", "choice value");
            byValue.add(bestmove(v));
            inWindow.add(
                    bestmove(
                            run(
                                    book,
                                    "setoption name BookChoice value window",
                                    "setoption name BookEvalWindow value 20",
                                    "setoption name BookSeed value " + seed,
                                    "position startpos",
                                    "go depth 1")));
        }
        assertThat(byValue).containsExactly("2g2f");
        assertThat(inWindow).containsExactlyInAnyOrder("2g2f", "5g5f"); // ≥ 60 − 20; never 7g7f
    }

    @Test
    void byDefaultALosingMoveIsSkippedAndABadPositionIsSearched() throws Exception {
        // 7g7f played 10 times but valued −400 (losing at the default 300); 2g2f once, −100
        MemoryBook book =
                new MemoryBook()
                        .value(START, "7g7f", -400, 4)
                        .value(START, "2g2f", -100, 4)
                        .game(START, Result.DRAW, "2g2f");
        for (int i = 0; i < 10; i++) {
            book.game(START, Result.DRAW, "7g7f");
        }
        String out =
                run(book, "setoption name BookSeed value 3", "position startpos", "go depth 1");
        assertThat(out)
                .contains(
                        "info string book full match: skipped 7g7f value -400 (losing)",
                        "choice auto");
        assertThat(bestmove(out)).isEqualTo("2g2f");
        // the same book with Black's limit at YaneuraOu's 0: best −100 is below it, so the search
        // decides
        String searched =
                run(
                        book,
                        "setoption name BookEvalBlackLimit value 0",
                        "position startpos",
                        "go depth 1");
        assertThat(searched)
                .contains(
                        "info string book full match: best book value -100 below limit 0 (black):"
                                + " searching",
                        "info depth");
    }

    @Test
    void halfMatchBonusIsShownAndChangesTheChosenMove() throws Exception {
        String plain = bestmove(run(new MemoryBook(), "position startpos", "go depth 3"));
        String suggestion = plain.equals("1g1f") ? "9g9f" : "1g1f";
        MemoryBook book = new MemoryBook().game(OTHER_WHITE, Result.BLACK_WIN, suggestion);
        String hm =
                run(book, "setoption name BookMode value HM", "position startpos", "go depth 3");
        assertThat(hm).contains("info string book half match: " + suggestion + " fq 1 bonus 75");
        assertThat(bestmove(hm)).isEqualTo(suggestion);
        String nm =
                run(book, "setoption name BookMode value NM", "position startpos", "go depth 3");
        assertThat(nm)
                .doesNotContain("half match")
                .contains("info string book: no match (mode NM)");
        assertThat(bestmove(nm)).isEqualTo(plain);
    }

    @Test
    void quarterMatchBonusOnlyInHqmAndWithinTenPlies() throws Exception {
        MemoryBook book = new MemoryBook().game(OTHER_WHITE, Result.BLACK_WIN, "1g1f");
        String at11 = START.replace(" 1", " 11"); // ply window: entry at 1, query at 11
        String hqm =
                run(
                        book,
                        "setoption name BookMode value HQM",
                        "position sfen " + at11,
                        "go depth 1");
        assertThat(hqm)
                .contains("info string book quarter match: 1g1f fq 1 bonus 25 area right")
                .doesNotContain("half match");
        String hm =
                run(
                        book,
                        "setoption name BookMode value HM",
                        "position sfen " + at11,
                        "go depth 1");
        assertThat(hm).doesNotContain("quarter match");
        String at12 = START.replace(" 1", " 12");
        assertThat(run(book, "position sfen " + at12, "go depth 1"))
                .doesNotContain("quarter match");
        assertThat(List.of(hqm)).isNotEmpty();
    }

    @Test
    void aBadOptionIsAnsweredWithAnInfoStringThatNamesItAndChangesNothing() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        UsiFront engine = new UsiFront(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        engine.handle("setoption name BookDir value /nonexistent/book");
        engine.handle("setoption name NoSuchOption value 1");
        engine.handle("setoption name USI_Hash value abc");
        engine.handle("quit");
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines).hasSize(3).allMatch(l -> l.startsWith("info string "));
        assertThat(lines.get(0)).contains("BookDir", "/nonexistent/book");
        assertThat(lines.get(1)).contains("NoSuchOption");
        assertThat(lines.get(2)).contains("USI_Hash", "abc");
    }
}
