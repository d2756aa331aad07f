package dev.joseki.engine;

import static dev.joseki.rules.Piece.*;

import dev.joseki.rules.Square;

/**
 * The features of a trained evaluation ({@link TrainedEvaluator}): material, plus a table of pieces
 * relative to each king (Bonanza's KP family) or to the board alone (plain piece-square).
 *
 * <p>Each king sees the position from its own side: for a White king the board is turned 180° and
 * the colours swapped, so a piece is a friend (its own colour) or an enemy, on a square counted
 * from that king's side. A view's features are every piece on the board (the two kings included) by
 * relative colour, type and relative square, and every piece in hand by relative colour, type and
 * count (one feature per piece held: "the n-th pawn"), each indexed in the row of the king's
 * relative square ({@link #KP}) or in the one row of {@link #PSQ}. The score from Black's side is
 * Black's view's sum less White's view's sum, plus material; a position and its flipped twin swap
 * the two views, so every feature set is colour-symmetric by construction. {@link #HKP} has the
 * layout of {@link #KP} and adds its score to the handcrafted evaluation's.
 *
 * <pre>
 *   row layout (ROW = 2,506 entries):  board  (relColour * 15 + type) * 81 + relSquare    0..2,429
 *                                      hand   2,430 + relColour * 38 + HAND_OFFSET[type] + n - 1
 *   material (MATERIAL_NB = 23):       board type t at t (1..14, the king's unused), hand type h at 15 + h
 * </pre>
 */
public enum FeatureSet {
    /** Pieces relative to each king: 81 rows. */
    KP(1, "kp", Square.NB),
    /** Plain piece-square: one row shared by both views. */
    PSQ(2, "psq", 1),
    /** Material only (no table): the smallest model, for tests and as a baseline. */
    MATERIAL(3, "material", 0),
    /**
     * A correction to the handcrafted evaluation: {@link HandcraftedEvaluator} plus the {@link #KP}
     * table and material weights, which start at zero and hold only what training adds.
     */
    HKP(4, "hkp", Square.NB, true),
    /**
     * A small network correcting the handcrafted evaluation ({@link Network}): the features of
     * {@link #KP} in 9 king buckets, two hidden layers; not linear, so its table is the network's.
     */
    HKN(5, "hkn", 0, true);

    public static final int MATERIAL_NB = 23;
    static final int HAND_BASE = 15;

    /**
     * Pieces of each hand type in a set: pawn 18, lance, knight, silver, gold 4, bishop, rook 2.
     */
    private static final int[] HAND_OFFSET = {0, 0, 18, 22, 26, 30, 32, 34};

    private static final int HAND_SLOTS = 38;
    private static final int BOARD_PART = 2 * TYPE_NB * Square.NB;
    public static final int ROW = BOARD_PART + 2 * HAND_SLOTS;

    /** BOARD_INDEX[(view * 32 + piece) * 81 + sq]: the entry in a row of a board piece. */
    private static final int[] BOARD_INDEX = new int[2 * 32 * Square.NB];

    static {
        for (int view = 0; view < 2; view++) {
            for (int p = 0; p < 32; p++) {
                int t = type(p);
                if (p == 0 || t == 0 || t >= TYPE_NB) {
                    continue;
                }
                int rel = color(p) ^ view;
                for (int sq = 0; sq < Square.NB; sq++) {
                    int relSq = view == BLACK ? sq : Square.flip(sq);
                    BOARD_INDEX[(view * 32 + p) * Square.NB + sq] =
                            (rel * TYPE_NB + t) * Square.NB + relSq;
                }
            }
        }
    }

    public final int id;
    public final String label;

    /** Rows of the table: one per king square, one, or none. */
    public final int rows;

    /**
     * True when the weights are a residual: the evaluation is the handcrafted one plus the score of
     * the weights, and training starts from all-zero weights (material included, so material is not
     * counted twice).
     */
    public final boolean residual;

    FeatureSet(int id, String label, int rows) {
        this(id, label, rows, false);
    }

    FeatureSet(int id, String label, int rows, boolean residual) {
        this.id = id;
        this.label = label;
        this.rows = rows;
        this.residual = residual;
    }

    /** Entries of the table. */
    public int tableSize() {
        return network() ? Network.SIZE : rows * ROW;
    }

    /** True for {@link #HKN}, evaluated by a network rather than summed table entries. */
    public boolean network() {
        return this == HKN;
    }

    /** Every weight of the set: material then table. */
    public int weightCount() {
        return MATERIAL_NB + tableSize();
    }

    /** The first table entry of the view of colour view, whose king stands on kingSq. */
    public int rowStart(int view, int kingSq) {
        if (rows <= 1) {
            return 0;
        }
        return (view == BLACK ? kingSq : Square.flip(kingSq)) * ROW;
    }

    /** The entry (within a row) of a coloured piece on sq, seen by colour view. */
    public static int boardIndex(int view, int piece, int sq) {
        return BOARD_INDEX[(view * 32 + piece) * Square.NB + sq];
    }

    /** The entry (within a row) of the n-th (1..) piece of hand type t held by colour c. */
    public static int handIndex(int view, int c, int t, int n) {
        return BOARD_PART + (c ^ view) * HAND_SLOTS + HAND_OFFSET[t] + n - 1;
    }

    /** The material index of a board piece type (1..14). */
    public static int boardMaterial(int type) {
        return type;
    }

    /** The material index of a hand type (1..7). */
    public static int handMaterial(int type) {
        return HAND_BASE + type;
    }

    /**
     * The set of a label ("kp", "hkp", "hkn", "psq", "material"); IllegalArgumentException naming
     * them.
     */
    public static FeatureSet of(String label) {
        for (FeatureSet f : values()) {
            if (f.label.equals(label)) {
                return f;
            }
        }
        throw new IllegalArgumentException(
                "unknown feature set '" + label + "' (kp, hkp, hkn, psq or material)");
    }

    /** The set of an id as files store it, or null. */
    public static FeatureSet ofId(int id) {
        for (FeatureSet f : values()) {
            if (f.id == id) {
                return f;
            }
        }
        return null;
    }
}
