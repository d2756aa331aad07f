package dev.joseki.bench;

import dev.joseki.notation.Sfen;
import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Position;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Games from seeded random legal play, as USI lines, for measuring book builds and probes. The
 * first {@code narrowPlies} moves are drawn from only the {@code narrowWidth} lowest-numbered legal
 * moves, so that games share openings (otherwise almost every position would be seen once).
 */
public final class SyntheticGames {
    private SyntheticGames() {}

    /** One game line "position startpos moves ..." of at most plies moves. */
    public static String game(SplittableRandom rnd, int plies, int narrowPlies, int narrowWidth) {
        Position p = Sfen.startPosition();
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        StringBuilder sb = new StringBuilder("position startpos moves");
        for (int ply = 0; ply < plies; ply++) {
            int n = MoveGenerator.generateLegal(p, buf, 0);
            if (n == 0) {
                break;
            }
            int m;
            if (ply < narrowPlies) {
                int[] sorted = Arrays.copyOf(buf, n);
                Arrays.sort(sorted);
                m = sorted[rnd.nextInt(Math.min(narrowWidth, n))];
            } else {
                m = buf[rnd.nextInt(n)];
            }
            sb.append(' ').append(Move.usi(m));
            p.doMove(m);
        }
        return sb.toString();
    }

    public static void write(Path file, int games, int plies, long seed) throws IOException {
        SplittableRandom rnd = new SplittableRandom(seed);
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int i = 0; i < games; i++) {
                w.write(game(rnd, plies, 8, 3));
                w.newLine();
            }
        }
    }

    /**
     *
     *
     * <pre>
     * java -cp 'bench/target/joseki-bench.jar:cli/target/lib/*' dev.joseki.bench.SyntheticGames OUT.usi GAMES PLIES SEED
     * </pre>
     */
    public static void main(String[] args) throws IOException {
        write(
                Path.of(args[0]),
                Integer.parseInt(args[1]),
                Integer.parseInt(args[2]),
                Long.parseLong(args[3]));
    }
}
