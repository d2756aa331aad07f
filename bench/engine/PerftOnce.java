import dev.joseki.notation.Sfen;
import dev.joseki.rules.Perft;
import dev.joseki.rules.Position;

/**
 * One bulk-counted perft from the start position in this JVM, timed: what `./joseki perft` measures, for a
 * class directory of any build (see perft-cold.sh, which alternates two builds in fresh JVMs).
 * <pre>  java -cp COMMON_CLASSES bench/engine/PerftOnce.java DEPTH</pre>
 */
public class PerftOnce {
    public static void main(String[] args) {
        final int depth = Integer.parseInt(args[0]);
        final Position pos = Sfen.startPosition();
        final long start = System.nanoTime();
        final long nodes = new Perft(depth).count(pos, depth);
        System.out.println(nodes + " " + (System.nanoTime() - start) / 1_000_000 + " ms");
    }
}
