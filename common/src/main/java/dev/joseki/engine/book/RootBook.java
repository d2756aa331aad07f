package dev.joseki.engine.book;

import dev.joseki.book.Book;
import dev.joseki.book.BookBonus;
import dev.joseki.book.ProbeResult;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The book at the root (Grimbergen and Matsubara §2.3):
 * <ol>
 * <li>full match: play a book move drawn at random with probability proportional to its count;
 * <li>otherwise, in HM/HQM, each move suggested by half matching gets {@link BookBonus#half}, and in HQM each
 *     move suggested by quarter matching gets {@link BookBonus#quarter}; a move suggested more than once
 *     (by both indexes, or by both quarter areas) gets the largest of its bonuses, not their sum;
 * <li>the search then decides with the bonuses added to those root moves' scores.
 * </ol>
 * Every decision is explained in {@code info string} lines.
 */
public final class RootBook {
    /** Which match, if any, a root move owes its bonus to. */
    public enum Source { NONE, FULL, HALF, QUARTER }

    /**
     * bookMove is a full move to play at once, or {@link Move#NONE}; bonuses are by 16-bit move;
     * halfMoves are the 16-bit moves suggested by half matching.
     */
    public record Decision(int bookMove, int[] bonusMoves, int[] bonuses, int[] halfMoves, List<String> info) {
        public boolean playsBookMove() {
            return bookMove != Move.NONE;
        }

        /** FULL for the book move; HALF / QUARTER for a move with a bonus from that match; else NONE. */
        public Source source(int move) {
            int m16 = Move.move16(move);
            if (bookMove != Move.NONE) {
                return Move.move16(bookMove) == m16 ? Source.FULL : Source.NONE;
            }
            for (int h : halfMoves) {
                if (h == m16) {
                    return Source.HALF;
                }
            }
            for (int b : bonusMoves) {
                if (b == m16) {
                    return Source.QUARTER;
                }
            }
            return Source.NONE;
        }
    }

    private RootBook() {
    }

    public static Decision decide(Book book, Position pos, BookMode mode, BookBonus bonus, SplittableRandom random) {
        ProbeResult r = book.probe(pos, mode.indexes());
        List<String> info = new ArrayList<>();

        // 1. full match
        if (!r.full().isEmpty()) {
            long total = 0;
            for (ProbeResult.FullMove f : r.full()) {
                total += f.stats().count();
            }
            long pick = random.nextLong(total);
            ProbeResult.FullMove chosen = r.full().get(r.full().size() - 1);
            for (ProbeResult.FullMove f : r.full()) {
                if (pick < f.stats().count()) {
                    chosen = f;
                    break;
                }
                pick -= f.stats().count();
            }
            info.add("book full match: " + r.full().size() + " moves, playing " + Move.usi(chosen.move16())
                    + " (count " + chosen.stats().count() + " of " + total + ")");
            return new Decision(pos.completeMove(chosen.move16()), new int[0], new int[0], new int[0], info);
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
                sb.append(' ').append(Move.usi(s.move16())).append(" fq ").append(s.frequency()).append(" bonus ").append(b);
            }
            info.add(sb.toString());
        }
        if (mode.quarter() && !r.quarter().isEmpty()) {
            StringBuilder sb = new StringBuilder("book quarter match:");
            for (ProbeResult.Suggestion s : r.quarter()) {
                int b = bonus.quarter(s.frequency());
                bonuses.merge(s.move16(), b, Math::max);
                sb.append(' ').append(Move.usi(s.move16())).append(" fq ").append(s.frequency()).append(" bonus ")
                        .append(b).append(" area ").append(s.area().jsonName());
            }
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
        return new Decision(Move.NONE, moves, values, halfMoves, info);
    }
}
