import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Paths;
import java.util.Random;

/**
 * Two builds of common/ side by side in one JVM, each in its own class loader, taking turns round by
 * round, timed by the thread's CPU time; prints the best round of each. On a shared machine this is far
 * steadier than comparing two separate runs, which another process's load can move by 30 %.
 *
 * <pre>
 *   java bench/engine/BuildsAB.java perft  A_CLASSES B_CLASSES ROUNDS   # perft 5 from the start position
 *   java bench/engine/BuildsAB.java random A_CLASSES B_CLASSES ROUNDS   # generation, 200 random 40-ply games
 *   java bench/engine/BuildsAB.java bench  A_CLASSES B_CLASSES ROUNDS   # the engine bench (depth 7), CPU nps
 *   java bench/engine/BuildsAB.java usi    A_CLASSES B_CLASSES ROUNDS   # the bench positions to depth 8 with
 *                                                                       # one 64 MB table, cleared between rounds
 * </pre>
 *
 * The usi mode is the bench with the table a USI game uses (64 MB, as bench/engine/nps-vs-peer.sh sets):
 * larger than this machine's 32 MB L3 cache. The table is allocated once per build and cleared untimed before
 * each round, so neither the allocation nor the first touch of its pages is timed.
 *
 * A_CLASSES / B_CLASSES are class directories such as common/target/classes of two worktrees (built with
 * {@code mvn -o -q -pl common compile}). Uses only public API through reflection, so any two builds work.
 */
public class BuildsAB {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    public static void main(String[] args) throws Throwable {
        final String mode = args[0];
        final int rounds = Integer.parseInt(args[3]);
        final ClassLoader[] builds = {loader(args[1]), loader(args[2])};
        final double[] best = {Double.MAX_VALUE, Double.MAX_VALUE};
        final Run[] runs = new Run[2];
        for (int i = 0; i < 2; i++) {
            runs[i] = switch (mode) {
                case "perft" -> perft(builds[i]);
                case "random" -> random(builds[i]);
                case "bench" -> bench(builds[i]);
                case "usi" -> usi(builds[i]);
                default -> throw new IllegalArgumentException("mode must be perft, random, bench or usi: " + mode);
            };
        }
        for (int r = 0; r < rounds; r++) {
            for (int j = 0; j < 2; j++) {
                final int i = r % 2 == 0 ? j : 1 - j; // alternate who goes first
                runs[i].prepare();
                final long t0 = THREADS.getCurrentThreadCpuTime();
                final long work = runs[i].run();
                final double ns = (THREADS.getCurrentThreadCpuTime() - t0) / (double) work;
                best[i] = Math.min(best[i], ns);
                System.out.printf("round %d build %s: %.1f ns per %s (work %d)%n", r, i == 0 ? "A" : "B", ns,
                        runs[i].unit(), work);
            }
        }
        System.out.printf("best: A %.1f, B %.1f ns per %s; B/A time %.3f%n", best[0], best[1], runs[0].unit(),
                best[1] / best[0]);
    }

    interface Run {
        /** Untimed set-up before each round. */
        default void prepare() throws Throwable {
        }

        long run() throws Throwable;

        String unit();
    }

    private static ClassLoader loader(String classes) throws Exception {
        return new URLClassLoader(new URL[] {Paths.get(classes).toUri().toURL()}, null);
    }

    private static Run perft(ClassLoader cl) throws Exception {
        final Object pos = cl.loadClass("dev.joseki.notation.Sfen").getMethod("startPosition").invoke(null);
        final Class<?> perftClass = cl.loadClass("dev.joseki.rules.Perft");
        final Object perft = perftClass.getConstructor(int.class).newInstance(5);
        final Method count = perftClass.getMethod("count", cl.loadClass("dev.joseki.rules.Position"), int.class);
        return new Run() {
            public long run() throws Exception {
                return (Long) count.invoke(perft, pos, 5);
            }

            public String unit() {
                return "leaf";
            }
        };
    }

    private static Run random(ClassLoader cl) throws Throwable {
        final Class<?> positionClass = cl.loadClass("dev.joseki.rules.Position");
        final MethodHandle generate = MethodHandles.publicLookup()
                .unreflect(cl.loadClass("dev.joseki.rules.MoveGenerator").getMethod("generateLegal", positionClass,
                        int[].class, int.class))
                .asType(MethodType.methodType(int.class, Object.class, int[].class, int.class));
        final Method doMove = positionClass.getMethod("doMove", int.class);
        final Method start = cl.loadClass("dev.joseki.notation.Sfen").getMethod("startPosition");
        final Object[] positions = new Object[200];
        final int[] moves = new int[640];
        final Random random = new Random(1); // the same games for both builds
        for (int g = 0; g < positions.length; g++) {
            positions[g] = start.invoke(null);
            for (int ply = 0; ply < 40; ply++) {
                final int n = (int) generate.invokeExact(positions[g], moves, 0);
                if (n == 0) {
                    break;
                }
                doMove.invoke(positions[g], moves[random.nextInt(n)]);
            }
        }
        return new Run() {
            public long run() throws Throwable {
                for (int k = 0; k < 1000; k++) {
                    for (Object p : positions) {
                        final int n = (int) generate.invokeExact(p, moves, 0);
                    }
                }
                return 1000L * positions.length;
            }

            public String unit() {
                return "generation";
            }
        };
    }

    private static Run bench(ClassLoader cl) throws Exception {
        final Class<?> listener = cl.loadClass("dev.joseki.engine.SearchListener");
        final Method run = cl.loadClass("dev.joseki.engine.Bench").getMethod("run", int.class, listener);
        final Object none = listener.getField("NONE").get(null);
        return new Run() {
            public long run() throws Exception {
                final Object totals = run.invoke(null, 7, none);
                return (Long) totals.getClass().getMethod("nodes").invoke(totals);
            }

            public String unit() {
                return "node";
            }
        };
    }

    private static Run usi(ClassLoader cl) throws Exception {
        final Class<?> listener = cl.loadClass("dev.joseki.engine.SearchListener");
        final Class<?> evalI = cl.loadClass("dev.joseki.engine.Evaluator");
        final Class<?> searchC = cl.loadClass("dev.joseki.engine.Search");
        final Object search = searchC.getConstructor(evalI, int.class).newInstance(
                cl.loadClass("dev.joseki.engine.HandcraftedEvaluator").getConstructor().newInstance(), 64);
        final Object none = listener.getField("NONE").get(null);
        final Class<?> posC = cl.loadClass("dev.joseki.rules.Position");
        final Class<?> limC = cl.loadClass("dev.joseki.engine.Limits");
        final Method go = searchC.getMethod("go", posC, boolean[].class, limC, listener);
        final Method parse = cl.loadClass("dev.joseki.notation.Sfen").getMethod("parse", String.class);
        final Method depth = limC.getMethod("depth", int.class);
        @SuppressWarnings("unchecked")
        final java.util.List<String> positions =
                (java.util.List<String>) cl.loadClass("dev.joseki.engine.Bench").getField("POSITIONS").get(null);
        final Method clear = searchC.getMethod("clear");
        return new Run() {
            public void prepare() throws Exception {
                clear.invoke(search);
            }

            public long run() throws Exception {
                long nodes = 0;
                for (String sfen : positions) {
                    final Object r = go.invoke(search, parse.invoke(null, sfen), null, depth.invoke(null, 8), none);
                    nodes += (Long) r.getClass().getMethod("nodes").invoke(r);
                }
                return nodes;
            }

            public String unit() {
                return "node";
            }
        };
    }
}
