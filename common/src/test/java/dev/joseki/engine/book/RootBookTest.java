package dev.joseki.engine.book;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import dev.joseki.book.BookBonus;
import dev.joseki.book.MemoryBook;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The root decision's bonuses, worked out by hand with PV = 100 and FQ capped at 100: half max(75,
 * 50 + 2·FQ), quarter and castle max(25, 12 + FQ) (⅛·100 = 12.5 rounds down).
 */
class RootBookTest {
    /** Black: king 2h, gold 3i (RIGHT area), pawn 9g (LEFT area); White: king 5a. */
    private static final String FORMATION = "4k4/9/9/9/9/9/P8/7K1/6G2 b - ";

    /**
     * At ply 1: 3i3h once and 9g9f once; at ply 41 the same formation: 3i3h 100 times. The castle
     * index (no ply) then holds 3i3h 101 times in the RIGHT area (the king's); 9g9f touches LEFT
     * only, so it is no castle move.
     */
    private static MemoryBook book() {
        MemoryBook b =
                new MemoryBook()
                        .game(FORMATION + "1", Result.BLACK_WIN, "3i3h")
                        .game(FORMATION + "1", Result.BLACK_WIN, "9g9f");
        for (int i = 0; i < 100; i++) {
            b.game(FORMATION + "41", Result.BLACK_WIN, "3i3h");
        }
        return b;
    }

    /** The formation with a White pawn added on 1a: never a full match. */
    private static Position query(int ply) {
        return Sfen.parse("4k3p/9/9/9/9/9/P8/7K1/6G2 b - " + ply);
    }

    private static List<org.assertj.core.groups.Tuple> bonuses(RootBook.Decision d) {
        List<org.assertj.core.groups.Tuple> out = new ArrayList<>();
        for (int i = 0; i < d.bonusMoves().length; i++) {
            out.add(tuple(Move.usi(d.bonusMoves()[i]), d.bonuses()[i]));
        }
        return out;
    }

    private static RootBook.Decision decide(Position pos, BookMode mode) {
        return RootBook.decide(book(), pos, mode, BookBonus.paper(100), new SplittableRandom(1));
    }

    @Test
    void castleSuggestionWithoutHalfOrQuarterMatchGetsTheQuarterFormulaOnlyInHqcm() {
        // ply 57: no half match (ply differs), the quarter window 47..67 misses plies 1 and 41
        Position late = query(57);
        assertThat(decide(late, BookMode.HQM).bonusMoves()).isEmpty();
        RootBook.Decision d = decide(late, BookMode.HQCM);
        // castle FQ 101, capped at 100: max(25, 12 + 100) = 112
        assertThat(bonuses(d)).containsExactly(tuple("3i3h", 112));
        assertThat(d.source(UsiMove.parse(late, "3i3h"))).isEqualTo(RootBook.Source.CASTLE);
        assertThat(d.source(UsiMove.parse(late, "9g9f"))).isEqualTo(RootBook.Source.NONE);
        assertThat(d.info())
                .anyMatch(l -> l.equals("book castle match: 3i3h fq 101 bonus 112 area right"));
    }

    @Test
    void moveSuggestedBySeveralMatchesKeepsItsLargestBonus() {
        // ply 1: half FQ 1 each -> max(75, 52) = 75; quarter FQ 1 each -> 25 (window -9..11 misses
        // ply 41)
        Position early = query(1);
        assertThat(bonuses(decide(early, BookMode.HQM)))
                .containsExactlyInAnyOrder(tuple("3i3h", 75), tuple("9g9f", 75));
        // HQCM: 3i3h's castle bonus 112 beats its half bonus 75; 9g9f has no castle suggestion and
        // keeps 75
        RootBook.Decision d = decide(early, BookMode.HQCM);
        assertThat(bonuses(d)).containsExactlyInAnyOrder(tuple("3i3h", 112), tuple("9g9f", 75));
        // still credited to half matching, which suggested it first
        assertThat(d.source(UsiMove.parse(early, "3i3h"))).isEqualTo(RootBook.Source.HALF);
        assertThat(d.castleOnlyMoves()).isEmpty();
    }

    @Test
    void quarterBonusIsRaisedByALargerCastleFrequencyButNeverSummed() {
        // ply 11: no half match; the quarter window 1..21 holds ply 1: 3i3h FQ 1 -> 25 and 9g9f FQ
        // 1 -> 25
        Position mid = query(11);
        assertThat(bonuses(decide(mid, BookMode.HQM)))
                .containsExactlyInAnyOrder(tuple("3i3h", 25), tuple("9g9f", 25));
        RootBook.Decision d = decide(mid, BookMode.HQCM);
        assertThat(bonuses(d)).containsExactlyInAnyOrder(tuple("3i3h", 112), tuple("9g9f", 25));
        assertThat(d.source(UsiMove.parse(mid, "3i3h"))).isEqualTo(RootBook.Source.QUARTER);
    }

    @Test
    void fullMatchPlaysTheBookMoveAndSkipsEveryPartialMatch() {
        Position start = Sfen.parse(FORMATION + "1");
        RootBook.Decision d = decide(start, BookMode.HQCM);
        assertThat(d.playsBookMove()).isTrue();
        assertThat(Move.usi(d.bookMove())).isIn("3i3h", "9g9f");
        assertThat(d.bonusMoves()).isEmpty();
    }

    @Test
    void byValueAnEvaluatedMoveNoGamePlayedIsABookMoveAndByCountItIsNot() {
        // 7g7f played 3 times, valued −10; 2g2f never played, evaluated +50 (a mined move)
        String start = Sfen.STARTPOS;
        MemoryBook b = new MemoryBook().value(start, "7g7f", -10, 3).value(start, "2g2f", 50, 1);
        for (int i = 0; i < 3; i++) {
            b.game(start, Result.DRAW, "7g7f");
        }
        Position pos = Sfen.parse(start);
        for (int seed = 1; seed <= 8; seed++) {
            RootBook.Decision byValue =
                    RootBook.decide(
                            b,
                            pos,
                            BookMode.HQM,
                            BookBonus.paper(100),
                            BookChoice.VALUE,
                            BookValueRules.NONE,
                            new SplittableRandom(seed));
            assertThat(Move.usi(byValue.bookMove())).isEqualTo("2g2f");
            assertThat(byValue.info())
                    .anyMatch(
                            l ->
                                    l.contains(
                                            "2 moves, playing 2g2f (count 0 of 1, value 50 depth"
                                                    + " 1"));
            RootBook.Decision byCount =
                    RootBook.decide(
                            b,
                            pos,
                            BookMode.HQM,
                            BookBonus.paper(100),
                            BookChoice.COUNT,
                            BookValueRules.NONE,
                            new SplittableRandom(seed));
            assertThat(Move.usi(byCount.bookMove())).isEqualTo("7g7f");
        }
    }

    @Test
    void aPositionTheBookOnlyEvaluatedIsAFullMatchByValueOrWindowButNotByCount() {
        // no game reached the start position; two moves evaluated: 2g2f +40, 7g7f +25, 5g5f −80
        String start = Sfen.STARTPOS;
        MemoryBook b =
                new MemoryBook()
                        .value(start, "2g2f", 40, 2)
                        .value(start, "7g7f", 25, 2)
                        .value(start, "5g5f", -80, 2);
        Position pos = Sfen.parse(start);
        RootBook.Decision byCount =
                RootBook.decide(
                        b,
                        pos,
                        BookMode.HQM,
                        BookBonus.paper(100),
                        BookChoice.COUNT,
                        BookValueRules.NONE,
                        new SplittableRandom(1));
        assertThat(byCount.playsBookMove()).isFalse();
        java.util.Set<String> inWindow = new java.util.HashSet<>();
        for (int seed = 1; seed <= 16; seed++) {
            RootBook.Decision w =
                    RootBook.decide(
                            b,
                            pos,
                            BookMode.HQM,
                            BookBonus.paper(100),
                            BookChoice.WINDOW,
                            BookValueRules.window(20),
                            new SplittableRandom(seed));
            inWindow.add(Move.usi(w.bookMove()));
        }
        assertThat(inWindow).containsExactlyInAnyOrder("2g2f", "7g7f"); // 25 ≥ 40 − 20; −80 is out
        RootBook.Decision byValue =
                RootBook.decide(
                        b,
                        pos,
                        BookMode.HQM,
                        BookBonus.paper(100),
                        BookChoice.VALUE,
                        BookValueRules.NONE,
                        new SplittableRandom(1));
        assertThat(Move.usi(byValue.bookMove())).isEqualTo("2g2f");
    }

    /** The engine's defaults: loss value 300, both limits −140, window 50. */
    private static final BookValueRules DEFAULTS = new BookValueRules(50, 300, -140, -140);

    private static RootBook.Decision auto(
            MemoryBook b, Position pos, BookValueRules rules, int seed) {
        return RootBook.decide(
                b,
                pos,
                BookMode.HQM,
                BookBonus.paper(100),
                BookChoice.AUTO,
                rules,
                new SplittableRandom(seed));
    }

    @Test
    void aLosingBookMoveIsNeverPlayedEvenByCount() {
        // 7g7f played 20 times but valued −420 (losing), 2g2f played once, valued +10
        String start = Sfen.STARTPOS;
        MemoryBook b = new MemoryBook().value(start, "7g7f", -420, 4).value(start, "2g2f", 10, 4);
        b.game(start, Result.DRAW, "2g2f");
        for (int i = 0; i < 20; i++) {
            b.game(start, Result.DRAW, "7g7f");
        }
        Position pos = Sfen.parse(start);
        for (int seed = 1; seed <= 40; seed++) {
            for (BookChoice c : BookChoice.values()) {
                RootBook.Decision d =
                        RootBook.decide(
                                b,
                                pos,
                                BookMode.HQM,
                                BookBonus.paper(100),
                                c,
                                DEFAULTS,
                                new SplittableRandom(seed));
                assertThat(Move.usi(d.bookMove())).isEqualTo("2g2f");
                assertThat(d.info()).contains("book full match: skipped 7g7f value -420 (losing)");
            }
        }
    }

    @Test
    void aBestValueBelowTheLimitLeavesTheBookWithoutBonuses() {
        // Black to move at the start: best 2g2f −180 < −140 (7g7f only evaluated, −200); the
        // game's 2g2f is also a half-match suggestion, which must not come back as a bonus
        String start = Sfen.STARTPOS;
        MemoryBook b = new MemoryBook().value(start, "2g2f", -180, 4).value(start, "7g7f", -200, 4);
        b.game(start, Result.DRAW, "2g2f");
        assertThat(b.probe(Sfen.parse(start), BookMode.HQM.indexes()).half())
                .extracting(h -> Move.usi(h.move16()))
                .contains("2g2f");
        RootBook.Decision d = auto(b, Sfen.parse(start), DEFAULTS, 1);
        assertThat(d.playsBookMove()).isFalse();
        assertThat(d.bonusMoves()).isEmpty();
        assertThat(d.info())
                .containsExactly(
                        "book full match: best book value -180 below limit -140 (black):"
                                + " searching");
        // a Black limit of −200 keeps it in the book, both moves within 50 of the best
        BookValueRules lower = new BookValueRules(50, 300, -200, -140);
        java.util.Set<String> played = new java.util.HashSet<>();
        for (int seed = 1; seed <= 16; seed++) {
            played.add(Move.usi(auto(b, Sfen.parse(start), lower, seed).bookMove()));
        }
        assertThat(played).containsExactlyInAnyOrder("2g2f", "7g7f");
    }

    @Test
    void withoutMinedMovesTheValuesOnlyRankTheMovesGamesPlayed() {
        // 2g2f played twice (+10), 7g7f played once (+30), 5g5f only mined (+90): by value the
        // mined move is best; without mined moves 7g7f is, and 5g5f is never played
        String start = Sfen.STARTPOS;
        MemoryBook b =
                new MemoryBook()
                        .value(start, "2g2f", 10, 4)
                        .value(start, "7g7f", 30, 4)
                        .value(start, "5g5f", 90, 4);
        b.game(start, Result.DRAW, "2g2f").game(start, Result.DRAW, "2g2f");
        b.game(start, Result.DRAW, "7g7f");
        BookValueRules playedOnly = new BookValueRules(50, 300, -140, -140, false);
        java.util.Set<String> withMined = new java.util.HashSet<>();
        java.util.Set<String> without = new java.util.HashSet<>();
        for (int seed = 1; seed <= 30; seed++) {
            withMined.add(Move.usi(auto(b, Sfen.parse(start), DEFAULTS, seed).bookMove()));
            without.add(Move.usi(auto(b, Sfen.parse(start), playedOnly, seed).bookMove()));
            RootBook.Decision byValue =
                    RootBook.decide(
                            b,
                            Sfen.parse(start),
                            BookMode.HQM,
                            BookBonus.paper(100),
                            BookChoice.VALUE,
                            playedOnly,
                            new SplittableRandom(seed));
            assertThat(Move.usi(byValue.bookMove())).isEqualTo("7g7f");
        }
        // window 50: at or above +40 only 5g5f with mined moves; at or above −20 both played ones
        // without
        assertThat(withMined).containsExactly("5g5f");
        assertThat(without).containsExactlyInAnyOrder("7g7f", "2g2f");
    }

    @Test
    void aPositionReachedOnlyByMinedMovesIsNoFullMatchWithoutThem() {
        // the position after 5g5f holds only an evaluation: a full match with mined moves, and
        // with them off no full match (no game played there), so the search decides
        String after = "lnsgkgsnl/1r5b1/ppppppppp/9/9/4P4/PPPP1PPPP/1B5R1/LNSGKGSNL w - 2";
        MemoryBook b = new MemoryBook().value(after, "3c3d", 20, 4);
        assertThat(Move.usi(auto(b, Sfen.parse(after), DEFAULTS, 1).bookMove())).isEqualTo("3c3d");
        RootBook.Decision d =
                auto(b, Sfen.parse(after), new BookValueRules(50, 300, -140, -140, false), 1);
        assertThat(d.playsBookMove()).isFalse();
    }

    @Test
    void blackAndWhiteHaveTheirOwnLimits() {
        // the same values after 7g7f (White to move) and at the start (Black to move): best −100
        String start = Sfen.STARTPOS;
        String afterFirst = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
        MemoryBook b =
                new MemoryBook().value(start, "2g2f", -100, 4).value(afterFirst, "3c3d", -100, 4);
        BookValueRules yaneuraou = new BookValueRules(50, 300, 0, -140);
        RootBook.Decision black = auto(b, Sfen.parse(start), yaneuraou, 1);
        assertThat(black.playsBookMove()).isFalse();
        assertThat(black.info()).anyMatch(l -> l.endsWith("below limit 0 (black): searching"));
        RootBook.Decision white = auto(b, Sfen.parse(afterFirst), yaneuraou, 1);
        assertThat(Move.usi(white.bookMove())).isEqualTo("3c3d");
    }

    @Test
    void aBookWithoutValuesPlaysAsThePaperSeedForSeed() {
        // the paper's choice (by count, values never read) against AUTO with the default rules
        Position start = Sfen.parse(FORMATION + "1");
        for (int seed = 1; seed <= 60; seed++) {
            RootBook.Decision paper =
                    RootBook.decide(
                            book(),
                            start,
                            BookMode.HQM,
                            BookBonus.paper(100),
                            new SplittableRandom(seed));
            RootBook.Decision now = auto(book(), start, DEFAULTS, seed);
            assertThat(now.bookMove()).isEqualTo(paper.bookMove());
            assertThat(now.info()).hasSize(1);
            assertThat(now.info().get(0))
                    .isEqualTo(
                            paper.info()
                                    .get(0)
                                    .replace(
                                            "choice count",
                                            "choice auto, no move has a value: by count"));
        }
    }
}
