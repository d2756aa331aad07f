package dev.joseki.book.builder.training;

/** The buckets of the export's statistics: by move number and by the teacher's score. */
public final class TrainingBuckets {
    /** Move numbers in buckets of this many; the last bucket is open. */
    static final int PLY_WIDTH = 20;

    static final int LAST_PLY_BUCKET = 200;

    /** Score edges in centipawns (side to move); a bucket is [edge, next edge). */
    static final int[] SCORE_EDGES = {-2000, -1000, -500, -200, -50, 50, 200, 500, 1000, 2000};

    private TrainingBuckets() {}

    /** "1-20", "21-40", ..., "201+". */
    public static String ply(int ply) {
        if (ply > LAST_PLY_BUCKET) {
            return (LAST_PLY_BUCKET + 1) + "+";
        }
        int low = Math.max(0, (ply - 1) / PLY_WIDTH) * PLY_WIDTH + 1;
        return low + "-" + (low + PLY_WIDTH - 1);
    }

    /** "<-2000", "-2000..-1001", ..., "-50..49", ..., ">=2000": [edge, next edge). */
    public static String score(int score) {
        if (score < SCORE_EDGES[0]) {
            return "<" + SCORE_EDGES[0];
        }
        for (int i = 1; i < SCORE_EDGES.length; i++) {
            if (score < SCORE_EDGES[i]) {
                return SCORE_EDGES[i - 1] + ".." + (SCORE_EDGES[i] - 1);
            }
        }
        return ">=" + SCORE_EDGES[SCORE_EDGES.length - 1];
    }

    /** Every move-number label, in order. */
    public static java.util.List<String> plyLabels() {
        java.util.List<String> out = new java.util.ArrayList<>();
        for (int low = 1; low <= LAST_PLY_BUCKET; low += PLY_WIDTH) {
            out.add(ply(low));
        }
        out.add(ply(LAST_PLY_BUCKET + 1));
        return out;
    }

    /** Every score label, in order. */
    public static java.util.List<String> scoreLabels() {
        java.util.List<String> out = new java.util.ArrayList<>();
        out.add(score(SCORE_EDGES[0] - 1));
        for (int edge : SCORE_EDGES) {
            out.add(score(edge));
        }
        return out;
    }
}
