package dev.joseki.engine.book;

/**
 * How the engine uses its opening book at the root (the paper's program versions): every mode plays a
 * book move on a full match; HM adds half-match bonuses, HQM half- and quarter-match bonuses.
 */
public enum BookMode {
    NM, HM, HQM;

    public boolean half() {
        return this != NM;
    }

    public boolean quarter() {
        return this == HQM;
    }
}
