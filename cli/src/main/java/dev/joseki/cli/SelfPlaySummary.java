package dev.joseki.cli;

import dev.joseki.records.DistinctGames;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.selfplay.RunFiles;
import dev.joseki.selfplay.RunRate;
import java.io.PrintWriter;
import java.util.Map;
import java.util.TreeMap;

/**
 * The summary {@code selfplay --wait} prints on stdout: results, speed and mean length, the
 * terminations by kind, and how many games were distinct.
 */
final class SelfPlaySummary {
    private SelfPlaySummary() {}

    static void print(PrintWriter out, Map<String, GameRecord> got, double secs) {
        int b = 0, w = 0, d = 0;
        long plies = 0;
        Map<String, Integer> terminations = new TreeMap<>();
        for (GameRecord g : got.values()) {
            switch (g.getResult()) {
                case GAME_RESULT_BLACK_WIN -> b++;
                case GAME_RESULT_WHITE_WIN -> w++;
                case GAME_RESULT_DRAW -> d++;
                default -> {}
            }
            plies += g.getMovesCount();
            String t =
                    g.getTermination()
                            .name()
                            .replace("TERMINATION_", "")
                            .toLowerCase(java.util.Locale.ROOT);
            terminations.merge(t, 1, Integer::sum);
        }
        out.printf(
                java.util.Locale.ROOT,
                "games %d black_win %d white_win %d draw %d seconds %.1f games_per_hour %.0f"
                        + " mean_plies %.1f%n",
                got.size(),
                b,
                w,
                d,
                secs,
                RunRate.perHour(got.size(), secs),
                got.isEmpty() ? 0.0 : (double) plies / got.size());
        StringBuilder sb = new StringBuilder("terminations");
        terminations.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
        out.println(sb);
        DistinctGames.Count n = RunFiles.distinct(got.values());
        out.println("distinct " + n.distinct() + " duplicates " + n.duplicates());
        out.flush();
    }
}
