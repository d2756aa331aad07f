package dev.joseki.book;

import dev.joseki.rules.Move;
import dev.joseki.rules.Square;

/**
 * The two quarter-match areas (Grimbergen and Matsubara, Figure 2), in mover coordinates: the
 * mover's own five ranks (ranks 5–9 counted from the mover's side, i.e. ranks e–i once the position
 * is seen from Black) split into files 9–5 ({@link #LEFT}, as the mover sees the board) and files
 * 5–1 ({@link #RIGHT}); the centre file 5 belongs to both. This is the only place that defines
 * them.
 */
public enum Area {
    LEFT(0, 9, 5),
    RIGHT(1, 5, 1);

    /** Squares per area (5 files × 5 ranks). */
    public static final int SQUARES = 25;

    public static final int FIRST_RANK = 5, LAST_RANK = 9;

    private final int id;
    private final int highFile;
    private final int lowFile;

    /** squares()[i] is the mover-coordinate square of area index i: files high→low, ranks 5→9. */
    private final int[] squares = new int[SQUARES];

    Area(int id, int highFile, int lowFile) {
        this.id = id;
        this.highFile = highFile;
        this.lowFile = lowFile;
        int i = 0;
        for (int f = highFile; f >= lowFile; f--) {
            for (int r = FIRST_RANK; r <= LAST_RANK; r++) {
                squares[i++] = Square.of(f, r);
            }
        }
    }

    /** The byte stored in quarter keys. */
    public int id() {
        return id;
    }

    public static Area ofId(int id) {
        return switch (id) {
            case 0 -> LEFT;
            case 1 -> RIGHT;
            default -> throw new IllegalArgumentException("no quarter area with id " + id);
        };
    }

    /** Mover-coordinate square of area index i (0..24). */
    public int square(int i) {
        return squares[i];
    }

    /** True when a mover-coordinate square lies in this area. */
    public boolean contains(int sq) {
        int f = Square.file(sq), r = Square.rank(sq);
        return f <= highFile && f >= lowFile && r >= FIRST_RANK && r <= LAST_RANK;
    }

    /**
     * The quarter filter of §2.2 for a mover-coordinate move: it moves a piece inside, out of or
     * into the area; a drop counts when it lands in the area.
     */
    public boolean touches(int moverMove16) {
        if (contains(Move.to(moverMove16))) {
            return true;
        }
        return !Move.isDrop(moverMove16) && contains(Move.from(moverMove16));
    }

    /** Lower-case name used in JSON output. */
    public String jsonName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
