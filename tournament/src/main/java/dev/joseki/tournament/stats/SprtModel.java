package dev.joseki.tournament.stats;

/**
 * What elo0 and elo1 of an SPRT mean. LOGISTIC: ordinary Elo, the statistic is the expected score.
 * NORMALIZED (Fishtest's and fastchess's default): normalized Elo, the statistic is the t-value (μ
 * − ½)/σ, which makes the test length independent of the draw rate.
 */
public enum SprtModel {
    LOGISTIC("logistic"),
    NORMALIZED("normalized");

    private final String id;

    SprtModel(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public static SprtModel fromId(String s) {
        for (SprtModel m : values()) {
            if (m.id.equalsIgnoreCase(s)) {
                return m;
            }
        }
        throw new IllegalArgumentException(
                "unknown SPRT model '" + s + "' (logistic or normalized)");
    }
}
