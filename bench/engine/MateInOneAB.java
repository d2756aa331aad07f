import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Mate-in-one detection of two builds of common/ side by side in one JVM, each in its own class loader,
 * taking turns round by round: the time per call over the positions (not in check) of 60 random 60-ply
 * games from a middle game with pieces in hand, and how many of them have a mate found.
 *
 * <pre>
 *   java bench/engine/MateInOneAB.java A_CLASSES B_CLASSES [find|close|closes]
 * </pre>
 *
 * A build is a classes folder or a jar. {@code find} (default) times MateInOne.find in both builds (a build
 * before cf431ba has find(Position), a later one find(Position, boolean)); {@code close} times B's
 * findClose against A's find; {@code closes} findClose in both.
 * Reflection is used on both sides, so its cost is in both figures.
 */
public class MateInOneAB {
    private static final String START = "3gk2+L1/r2sgs3/2nppppP+L/1pp6/9/1PP3P2/2NPPPN1R/p2SGS3/2G1K4 b B2L2Pbn2p 65";

    public static void main(String[] args) throws Exception {
        final String mode = args.length > 2 ? args[2] : "find";
        final ClassLoader[] builds = {load(args[0]), load(args[1])};
        for (int round = 0; round < 6; round++) {
            for (int b = 0; b < 2; b++) {
                final ClassLoader cl = builds[b];
                final Class<?> posClass = cl.loadClass("dev.joseki.rules.Position");
                final Method parse = cl.loadClass("dev.joseki.notation.Sfen").getMethod("parse", String.class);
                final Method legal = cl.loadClass("dev.joseki.rules.MoveGenerator")
                        .getMethod("generateLegal", posClass, int[].class, int.class);
                final Method doMove = posClass.getMethod("doMove", int.class);
                final Method inCheck = posClass.getMethod("inCheck");
                final Method copy = posClass.getMethod("copy");
                final Class<?> mateClass = cl.loadClass("dev.joseki.engine.mate.MateInOne");
                Method oldFind = null, newFind = null, findClose = null;
                for (Method m : mateClass.getMethods()) {
                    if (m.getName().equals("find")) {
                        if (m.getParameterCount() == 1) {
                            oldFind = m;
                        } else {
                            newFind = m;
                        }
                    } else if (m.getName().equals("findClose")) {
                        findClose = m;
                    }
                }
                final Object finder = mateClass.getConstructor().newInstance();
                final Random random = new Random(7);
                final List<Object> positions = new ArrayList<>();
                final int[] moves = new int[640];
                for (int g = 0; g < 60; g++) {
                    final Object p = parse.invoke(null, START);
                    for (int ply = 0; ply < 60; ply++) {
                        final int n = (int) legal.invoke(null, p, moves, 0);
                        if (n == 0) {
                            break;
                        }
                        if (!(boolean) inCheck.invoke(p)) {
                            positions.add(copy.invoke(p));
                        }
                        doMove.invoke(p, moves[random.nextInt(n)]);
                    }
                }
                final boolean useClose = mode.equals("closes") || (mode.equals("close") && b == 1);
                long found = 0;
                final long t = System.nanoTime();
                for (int rep = 0; rep < 20; rep++) {
                    for (Object p : positions) {
                        final int m = useClose ? (int) findClose.invoke(finder, p)
                                : newFind != null ? (int) newFind.invoke(finder, p, false) : (int) oldFind.invoke(finder, p);
                        found += m != 0 ? 1 : 0;
                    }
                }
                System.out.printf("round %d build %s (%s): %.0f ns per call, %d positions, %d with a mate found%n", round,
                        b == 0 ? "A" : "B", useClose ? "findClose" : "find", (System.nanoTime() - t) / (20.0 * positions.size()),
                        positions.size(), found / 20);
            }
        }
    }

    private static ClassLoader load(String dir) throws Exception {
        return new URLClassLoader(new URL[] {Paths.get(dir).toUri().toURL()}, MateInOneAB.class.getClassLoader().getParent());
    }
}
