package dev.joseki.tournament;

import dev.joseki.notation.GameRecord;
import dev.joseki.notation.ParseException;
import dev.joseki.notation.RecordMove;
import dev.joseki.notation.RecordText;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiRecordReader;
import dev.joseki.play.GameSeed;
import dev.joseki.play.Opening;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The openings of a tournament, taken in file order or in a seeded random order. A file holds one
 * opening per line: an SFEN (optionally prefixed by {@code sfen}) or a USI line ({@code position
 * startpos moves ...}, {@code position sfen ... moves ...}, also without {@code position}); blank
 * lines and {@code #} comments are skipped. Any bad line fails the whole file with a {@link
 * ParseException} naming line and column.
 *
 * <p>Random order is reproducible: pass k of cycle c = ⌊k/size⌋ takes element k mod size of the
 * shuffle seeded by {@link GameSeed#task}(seed, c), so every opening is used once per cycle and any
 * slice can be regenerated (as Fishtest's {@code order=random start=} slices are) from (seed, k)
 * alone.
 *
 * <p>The shipped suite ({@link #shipped}) is where self-play and tournaments start without {@code
 * --openings}: lines of real play from the resource {@code dev/joseki/play/default-openings.usi}
 * (its header names the sources), in random order.
 */
public final class OpeningSuite {
    /** The shipped suite's resource, next to {@link Opening}. */
    public static final String SHIPPED = "default-openings.usi";

    private static List<Opening> shippedLines;

    private final List<Opening> openings;
    private final boolean random;
    private final long seed;

    /**
     * The shuffle of the cycle last asked for (cycle, order): a suite of 10,000 lines is shuffled
     * once per cycle.
     */
    private long cachedCycle = -1;

    private int[] cachedOrder;

    private OpeningSuite(List<Opening> openings, boolean random, long seed) {
        if (openings.isEmpty()) {
            throw new IllegalArgumentException("an opening suite needs at least one opening");
        }
        this.openings = List.copyOf(openings);
        this.random = random;
        this.seed = seed;
    }

    /** Only the standard start position. */
    public static OpeningSuite startPosition() {
        return new OpeningSuite(List.of(Opening.STARTPOS), false, 0);
    }

    /** The shipped suite in random order from {@code seed} (see the class comment). */
    public static OpeningSuite shipped(long seed) {
        return random(shippedLines(), seed);
    }

    /** The lines of the shipped suite, read once per JVM. */
    public static synchronized List<Opening> shippedLines() {
        if (shippedLines == null) {
            try (var in = Opening.class.getResourceAsStream(SHIPPED)) {
                if (in == null) {
                    throw new IllegalStateException(
                            "the shipped opening suite " + SHIPPED + " is missing from the build");
                }
                shippedLines =
                        List.copyOf(
                                parse(
                                        new String(in.readAllBytes(), StandardCharsets.UTF_8),
                                        SHIPPED));
            } catch (IOException e) {
                throw new IllegalStateException(
                        "cannot read the shipped opening suite: " + e.getMessage(), e);
            }
        }
        return shippedLines;
    }

    public static OpeningSuite sequential(List<Opening> openings) {
        return new OpeningSuite(openings, false, 0);
    }

    public static OpeningSuite random(List<Opening> openings, long seed) {
        return new OpeningSuite(openings, true, seed);
    }

    /**
     * The suite for a command's {@code --openings-order}: "sequential" or "random" (seeded). Throws
     * IllegalArgumentException naming the option for anything else.
     */
    public static OpeningSuite of(List<Opening> openings, String order, long seed) {
        return switch (order) {
            case "sequential" -> sequential(openings);
            case "random" -> random(openings, seed);
            default ->
                    throw new IllegalArgumentException(
                            "--openings-order must be sequential or random, got '" + order + "'");
        };
    }

    public static List<Opening> read(Path file) throws IOException {
        return parse(RecordText.decode(Files.readAllBytes(file), file.toString()), file.toString());
    }

    public static List<Opening> parse(String text, String source) {
        List<Opening> out = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int lineNo = i + 1;
            int col = lines[i].indexOf(line.charAt(0)) + 1;
            boolean usi =
                    line.startsWith("position")
                            || line.startsWith("startpos")
                            || line.startsWith("sfen ") && (" " + line + " ").contains(" moves ");
            if (usi) {
                GameRecord g = UsiRecordReader.line(lines[i], source, lineNo);
                if (g.terminal() != null) {
                    throw new ParseException(
                            source, lineNo, col, "an opening cannot end in resign or win");
                }
                List<Integer> moves = new ArrayList<>();
                for (RecordMove m : g.moves()) {
                    moves.add(m.move());
                }
                out.add(new Opening(g.startSfen(), moves));
            } else {
                String sfen = line.startsWith("sfen ") ? line.substring(5).strip() : line;
                int sfenCol = lines[i].indexOf(sfen) + 1;
                out.add(
                        new Opening(
                                Sfen.write(Sfen.parse(sfen, source, lineNo, sfenCol)), List.of()));
            }
        }
        if (out.isEmpty()) {
            throw new ParseException(
                    source, Math.max(1, lines.length), 1, "no opening in the file");
        }
        return out;
    }

    public int size() {
        return openings.size();
    }

    public boolean isRandom() {
        return random;
    }

    /** The opening of the k-th use (k = 0, 1, ...), cycling through the suite. */
    public synchronized Opening opening(int k) {
        int n = openings.size();
        int inCycle = Math.floorMod(k, n);
        if (!random) {
            return openings.get(inCycle);
        }
        long cycle = Math.floorDiv(k, n);
        if (cycle != cachedCycle) {
            List<Integer> order = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                order.add(i);
            }
            Collections.shuffle(order, new Random(GameSeed.task(seed, cycle)));
            cachedOrder = order.stream().mapToInt(Integer::intValue).toArray();
            cachedCycle = cycle;
        }
        return openings.get(cachedOrder[inCycle]);
    }
}
