package dev.joseki.engine.mate;

import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Position;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The hand-composed mate suite in resources/engine/mate-problems.txt. */
public final class MateProblems {
    public record Problem(int line, String sfen, int plies, List<String> solution, String note) {
        public Position position() {
            return Sfen.parseProblem(sfen);
        }

        /** Plays the solution with legality checks; returns the final position. */
        public Position afterSolution() {
            Position pos = position();
            for (String m : solution) {
                pos.doMove(UsiMove.parse(pos, m));
            }
            return pos;
        }

        @Override
        public String toString() {
            return "line " + line + " (" + plies + " plies): " + sfen;
        }
    }

    private MateProblems() {}

    public static List<Problem> load() throws IOException {
        List<Problem> out = new ArrayList<>();
        try (InputStream in = MateProblems.class.getResourceAsStream("/engine/mate-problems.txt")) {
            String[] lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n");
            for (int i = 0; i < lines.length; i++) {
                String l = lines[i].trim();
                if (l.isEmpty() || l.startsWith("#")) {
                    continue;
                }
                String[] f = l.split("\\|");
                String sol = f[2].trim();
                out.add(
                        new Problem(
                                i + 1,
                                f[0].trim(),
                                Integer.parseInt(f[1].trim()),
                                sol.equals("-") ? List.of() : List.of(sol.split("\\s+")),
                                f[3].trim()));
            }
        }
        return out;
    }
}
