package dev.joseki.engine.book;

import dev.joseki.book.Book;
import dev.joseki.book.BookBonus;
import dev.joseki.book.MoveEval;
import dev.joseki.book.MoveStats;
import dev.joseki.book.ProbeResult;
import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The book at the root (Grimbergen and Matsubara §2.3):
 *
 * <ol>
 *   <li>full match: play a book move chosen by {@link BookChoice}: drawn at random in proportion to
 *       its count (the paper), or by its value ({@code book propagate}), or by count among the
 *       moves valued near the best; except by count or with {@link BookValueRules#minedMoves} off,
 *       a legal move the book only evaluated (mined, no game played it) counts too, so a position
 *       reached only through mined moves is a full match as well; {@link BookValueRules} never play
 *       a losing move and leave the book when the best value is below the limit of the side to
 *       move: then the search decides without any bonus (a half match would only suggest the same
 *       moves from other plies);
 *   <li>otherwise, in HM/HQM/HQCM, each move suggested by half matching gets {@link
 *       BookBonus#half}, in HQM and HQCM each move suggested by quarter matching gets {@link
 *       BookBonus#quarter}, and in HQCM (beyond the paper) each move suggested by the castle match
 *       ({@link Book#castle}) gets the quarter formula too, with its own FQ; a move suggested more
 *       than once (by several matches, or by both areas) gets the largest of its bonuses, not their
 *       sum, so castle suggestions add bonuses to moves that had none and raise a quarter bonus
 *       only when the castle FQ is larger;
 *   <li>the search then decides with the bonuses added to those root moves' scores.
 * </ol>
 *
 * Every decision is explained in {@code info string} lines.
 */
public final class RootBook {
    /** Which match, if any, a root move owes its bonus to. */
    public enum Source {
        NONE,
        FULL,
        HALF,
        QUARTER,
        CASTLE
    }

    /**
     * bookMove is a full move to play at once, or {@link Move#NONE}; bonuses are by 16-bit move;
     * halfMoves are the 16-bit moves suggested by half matching; castleOnlyMoves those suggested by
     * the castle match alone (neither half nor quarter suggested them).
     */
    public record Decision(
            int bookMove,
            int[] bonusMoves,
            int[] bonuses,
            int[] halfMoves,
            int[] castleOnlyMoves,
            List<String> info) {
        public boolean playsBookMove() {
            return bookMove != Move.NONE;
        }

        /**
         * FULL for the book move; HALF for a half suggestion, QUARTER for another move with a
         * quarter bonus, CASTLE for a castle-only suggestion; else NONE.
         */
        public Source source(int move) {
            int m16 = Move.move16(move);
            if (bookMove != Move.NONE) {
                return Move.move16(bookMove) == m16 ? Source.FULL : Source.NONE;
            }
            if (contains(halfMoves, m16)) {
                return Source.HALF;
            }
            if (contains(castleOnlyMoves, m16)) {
                return Source.CASTLE;
            }
            return contains(bonusMoves, m16) ? Source.QUARTER : Source.NONE;
        }

        private static boolean contains(int[] moves, int m16) {
            for (int m : moves) {
                if (m == m16) {
                    return true;
                }
            }
            return false;
        }
    }

    private RootBook() {}

    /**
     * The full-match moves, then each legal evaluated move no game played (count 0), in move order.
     */
    static List<ProbeResult.FullMove> withEvaluatedMoves(
            List<ProbeResult.FullMove> full, Map<Integer, MoveEval> values, Position pos) {
        if (values.isEmpty()) {
            return full;
        }
        List<ProbeResult.FullMove> out = new ArrayList<>(full);
        int[] legal = new int[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.generateLegal(pos, legal, 0);
        for (int m16 : values.keySet()) {
            boolean inBook = full.stream().anyMatch(f -> f.move16() == m16);
            boolean isLegal = false;
            for (int i = 0; i < n && !isLegal; i++) {
                isLegal = Move.move16(legal[i]) == m16;
            }
            if (!inBook && isLegal) {
                out.add(new ProbeResult.FullMove(m16, NO_GAMES));
            }
        }
        return out;
    }

    private static final MoveStats NO_GAMES = new MoveStats(0, 0, 0, 0, 0, 0);

    /**
     * Whether a legal move the book only evaluated (mined, no game played it) is a book move: not
     * by count, and not with {@link BookValueRules#minedMoves} off.
     */
    public static boolean evaluatedMovesInBook(BookChoice choice, BookValueRules rules) {
        return choice != BookChoice.COUNT && rules.minedMoves();
    }

    /**
     * Full matches chosen by count, as the paper does, values neither read nor obeyed (the
     * tournament's book openings).
     */
    public static Decision decide(
            Book book, Position pos, BookMode mode, BookBonus bonus, SplittableRandom random) {
        return decide(book, pos, mode, bonus, BookChoice.COUNT, BookValueRules.NONE, random);
    }

    public static Decision decide(
            Book book,
            Position pos,
            BookMode mode,
            BookBonus bonus,
            BookChoice choice,
            BookValueRules rules,
            SplittableRandom random) {
        ProbeResult r = book.probe(pos, mode.indexes());
        List<String> info = new ArrayList<>();

        // 1. full match; every choice reads the values (losing moves, limits) unless no rule
        // applies; except by count, a move the book only holds an evaluation for (a mined move no
        // game played, or a position reached only through one) is a book move too, with count 0
        boolean byCount = choice == BookChoice.COUNT;
        Map<Integer, MoveEval> valued =
                byCount && rules.equals(BookValueRules.NONE) ? Map.of() : book.values(pos);
        List<ProbeResult.FullMove> full =
                evaluatedMovesInBook(choice, rules)
                        ? withEvaluatedMoves(r.full(), valued, pos)
                        : r.full();
        if (!full.isEmpty()) {
            BookChoice.Pick pick =
                    choice.choose(full, valued, rules, pos.sideToMove() == Piece.BLACK, random);
            info.addAll(pick.info());
            if (pick.move() != null) {
                return new Decision(
                        pos.completeMove(pick.move().move16()),
                        new int[0],
                        new int[0],
                        new int[0],
                        new int[0],
                        info);
            }
            // the values judged this very position; a half match would suggest its moves again
            return new Decision(Move.NONE, new int[0], new int[0], new int[0], new int[0], info);
        }

        // 2. partial matches
        Map<Integer, Integer> bonuses = new LinkedHashMap<>();
        int[] halfMoves = new int[0];
        if (mode.half() && !r.half().isEmpty()) {
            halfMoves = r.half().stream().mapToInt(ProbeResult.Suggestion::move16).toArray();
            StringBuilder sb = new StringBuilder("book half match:");
            for (ProbeResult.Suggestion s : r.half()) {
                int b = bonus.half(s.frequency());
                bonuses.merge(s.move16(), b, Math::max);
                sb.append(' ')
                        .append(Move.usi(s.move16()))
                        .append(" fq ")
                        .append(s.frequency())
                        .append(" bonus ")
                        .append(b);
            }
            info.add(sb.toString());
        }
        if (mode.quarter() && !r.quarter().isEmpty()) {
            StringBuilder sb = new StringBuilder("book quarter match:");
            for (ProbeResult.Suggestion s : r.quarter()) {
                int b = bonus.quarter(s.frequency());
                bonuses.merge(s.move16(), b, Math::max);
                sb.append(' ')
                        .append(Move.usi(s.move16()))
                        .append(" fq ")
                        .append(s.frequency())
                        .append(" bonus ")
                        .append(b)
                        .append(" area ")
                        .append(s.area().jsonName());
            }
            info.add(sb.toString());
        }
        int[] castleOnly = new int[0];
        List<ProbeResult.Suggestion> castle = mode.castle() ? book.castle(pos) : List.of();
        if (!castle.isEmpty()) {
            StringBuilder sb = new StringBuilder("book castle match:");
            List<Integer> only = new ArrayList<>();
            for (ProbeResult.Suggestion s : castle) {
                int b = bonus.quarter(s.frequency());
                if (!bonuses.containsKey(s.move16()) && !only.contains(s.move16())) {
                    only.add(s.move16());
                }
                bonuses.merge(s.move16(), b, Math::max);
                sb.append(' ')
                        .append(Move.usi(s.move16()))
                        .append(" fq ")
                        .append(s.frequency())
                        .append(" bonus ")
                        .append(b)
                        .append(" area ")
                        .append(s.area().jsonName());
            }
            castleOnly = only.stream().mapToInt(Integer::intValue).toArray();
            info.add(sb.toString());
        }
        if (bonuses.isEmpty()) {
            info.add("book: no match (mode " + mode + ")");
        }
        int[] moves = new int[bonuses.size()], values = new int[bonuses.size()];
        int i = 0;
        for (Map.Entry<Integer, Integer> e : bonuses.entrySet()) {
            moves[i] = e.getKey();
            values[i++] = e.getValue();
        }
        return new Decision(Move.NONE, moves, values, halfMoves, castleOnly, info);
    }
}
