package dev.joseki.tournament.report;

import dev.joseki.notation.RecordMove;
import dev.joseki.notation.Sfen;
import dev.joseki.rules.Move;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.tournament.GameOutcome;
import dev.joseki.tournament.MoveTimes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How long each player of a two-player match stayed in its own opening book, and which book lines
 * scored best and worst for player A (index 0). A move is a book move when the probe says so for
 * the mover's book, whatever the engine claimed, so engines that report nothing are measured the
 * same way.
 *
 * <p>Per game and player: its book moves are its consecutive book moves from its first move after
 * the opening; it left its book at the ply (1-based, counted from the game's start, opening plies
 * included) of its first move that was not a book move; games it ended in book have no exit ply.
 * Its clock at that point is its main time left after its last book move, or its whole main time
 * when it had none (clocked games only). A game's book line is its moves from the start up to the
 * first ply that is not a book move of its mover, cut at {@value #LINE_PLIES} plies.
 *
 * @param sides one per player, A first
 *     <p>Lines with at least {@value #LINE_MIN_GAMES} games are ranked (all lines when none has as
 *     many): the better half, at most {@value #SHOWN_LINES}, are the best lines, and up to {@value
 *     #SHOWN_LINES} of the others the worst, so no line is shown as both.
 * @param best lines by A's score, best first (ties: more games first, then by the moves)
 * @param worst other lines by A's score, worst first
 * @param divergence where the two books first disagreed, and who scored there
 */
public record BookUse(
        List<Side> sides, List<Line> best, List<Line> worst, BookDivergence divergence) {
    public static final int LINE_PLIES = 8;
    public static final int SHOWN_LINES = 5;

    /** Lines with at least this many games are ranked; with none such, every line is. */
    public static final int LINE_MIN_GAMES = 2;

    public BookUse {
        sides = List.copyOf(sides);
        best = List.copyOf(best);
        worst = List.copyOf(worst);
    }

    /** The book of each player, asked by player index; must not change the position. */
    @FunctionalInterface
    public interface Probe {
        boolean isBookMove(int player, Position pos, int move);
    }

    /**
     * @param bookMovesMean NaN without games
     * @param exits games in which the player left its book (the exit figures' sample)
     * @param exitPlyMean NaN when it never left its book
     * @param clockedGames games with a clock (the clock figure's sample)
     * @param exitClockMeanMs NaN without clocked games
     */
    public record Side(
            String name,
            int games,
            double bookMovesMean,
            int bookMovesMin,
            int bookMovesMax,
            int exits,
            double exitPlyMean,
            double exitPlyMedian,
            int clockedGames,
            double exitClockMeanMs) {}

    /** A book line (USI moves from the start) with its games and A's mean score in them. */
    public record Line(List<String> moves, int games, double scoreA) {
        public Line {
            moves = List.copyOf(moves);
        }
    }

    /**
     * @param names the players' names, A first (two)
     * @param mainTimeMs each player's main time, for a player without book moves in a clocked game
     */
    public static BookUse of(
            List<GameOutcome> games, List<String> names, long[] mainTimeMs, Probe probe) {
        int players = names.size();
        List<List<Integer>> bookMoves = new ArrayList<>(), exitPlies = new ArrayList<>();
        List<List<Long>> exitClocks = new ArrayList<>();
        for (int p = 0; p < players; p++) {
            bookMoves.add(new ArrayList<>());
            exitPlies.add(new ArrayList<>());
            exitClocks.add(new ArrayList<>());
        }
        Map<List<String>, double[]> lines = new LinkedHashMap<>(); // line -> {games, A's points}
        BookDivergence.Tally divergence = new BookDivergence.Tally(players);
        for (GameOutcome g : games) {
            int[] task = {g.task().black(), g.task().white()};
            int[] count = new int[players], lastBook = new int[players], exit = new int[players];
            boolean[] in = new boolean[players];
            Arrays.fill(lastBook, -1);
            Arrays.fill(exit, -1);
            Arrays.fill(in, true);
            List<String> line = new ArrayList<>();
            boolean lineOpen = true;
            boolean diverged = false;
            int openingPlies = g.task().opening().moves().size();
            Position pos = Sfen.parse(g.record().startSfen());
            List<RecordMove> moves = g.record().moves();
            for (int i = 0; i < moves.size(); i++) {
                int m = moves.get(i).move();
                if (i >= openingPlies) {
                    boolean blackMoves = pos.sideToMove() == Piece.BLACK;
                    int p = task[blackMoves ? 0 : 1], other = task[blackMoves ? 1 : 0];
                    if (!in[p] && !in[other]) {
                        break; // both players are out of their books
                    }
                    if (in[p]) {
                        if (probe.isBookMove(p, pos, m)) {
                            count[p]++;
                            lastBook[p] = i;
                            if (!diverged && p != other && !probe.isBookMove(other, pos, m)) {
                                diverged = true; // the game follows p's book alone from here
                                divergence.diverged(g, p, i + 1);
                            }
                        } else {
                            in[p] = false;
                            exit[p] = i + 1;
                            lineOpen = false;
                        }
                    }
                }
                if (lineOpen && line.size() < LINE_PLIES) {
                    line.add(Move.usi(m));
                }
                pos.doMove(m);
            }
            if (!diverged) {
                divergence.agreed(g);
            }
            MoveTimes times = g.times();
            for (int p : new HashSet<>(List.of(task[0], task[1]))) {
                bookMoves.get(p).add(count[p]);
                if (exit[p] > 0) {
                    exitPlies.get(p).add(exit[p]);
                }
                if (times.clocked()) {
                    exitClocks
                            .get(p)
                            .add(
                                    lastBook[p] >= 0
                                            ? times.clockLeftMs().get(lastBook[p])
                                            : mainTimeMs[p]);
                }
            }
            double[] sum = lines.computeIfAbsent(line, k -> new double[2]);
            sum[0]++;
            sum[1] += Double.isNaN(g.pointsOf(0)) ? 0 : g.pointsOf(0);
        }
        List<Side> sides = new ArrayList<>();
        for (int p = 0; p < players; p++) {
            sides.add(side(names.get(p), bookMoves.get(p), exitPlies.get(p), exitClocks.get(p)));
        }
        return ranked(sides, lines, divergence.result(names));
    }

    private static Side side(
            String name, List<Integer> moves, List<Integer> exits, List<Long> clock) {
        List<Integer> sorted = new ArrayList<>(exits);
        sorted.sort(null);
        int n = sorted.size();
        double median =
                n == 0
                        ? Double.NaN
                        : n % 2 == 1
                                ? sorted.get(n / 2)
                                : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2.0;
        return new Side(
                name,
                moves.size(),
                mean(moves),
                moves.stream().mapToInt(Integer::intValue).min().orElse(0),
                moves.stream().mapToInt(Integer::intValue).max().orElse(0),
                n,
                mean(exits),
                median,
                clock.size(),
                mean(clock));
    }

    private static double mean(List<? extends Number> values) {
        return values.stream().mapToDouble(Number::doubleValue).average().orElse(Double.NaN);
    }

    private static BookUse ranked(
            List<Side> sides, Map<List<String>, double[]> sums, BookDivergence divergence) {
        List<Line> all = new ArrayList<>();
        sums.forEach((moves, s) -> all.add(new Line(moves, (int) s[0], s[1] / s[0])));
        List<Line> shown =
                all.stream().anyMatch(l -> l.games() >= LINE_MIN_GAMES)
                        ? all.stream().filter(l -> l.games() >= LINE_MIN_GAMES).toList()
                        : all;
        Comparator<Line> tieBreak =
                Comparator.comparingInt(Line::games)
                        .reversed()
                        .thenComparing(l -> String.join(" ", l.moves()));
        List<Line> best =
                shown.stream()
                        .sorted(
                                Comparator.comparingDouble(Line::scoreA)
                                        .reversed()
                                        .thenComparing(tieBreak))
                        .limit(Math.min(SHOWN_LINES, (shown.size() + 1) / 2))
                        .toList();
        Set<Line> taken = new HashSet<>(best);
        List<Line> worst =
                shown.stream()
                        .filter(l -> !taken.contains(l))
                        .sorted(Comparator.comparingDouble(Line::scoreA).thenComparing(tieBreak))
                        .limit(SHOWN_LINES)
                        .toList();
        return new BookUse(sides, best, worst, divergence);
    }
}
