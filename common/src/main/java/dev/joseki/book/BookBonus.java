package dev.joseki.book;

/**
 * Root-move bonuses for partial matches (Grimbergen and Matsubara §2.3):
 * half match max(¾·PV, ½·PV + 2·FQ), quarter match max(¼·PV, ⅛·PV + FQ), where PV is the evaluation's
 * pawn value and FQ the move's frequency in the matching entries. The big book of a self-play project
 * holds counts far larger than the paper's hand-made book, so FQ is capped: with the default cap of one
 * pawn a half-match bonus never exceeds 2½ pawns and a quarter-match bonus 1⅛ pawns, keeping the paper's
 * intent that a book move "will not be played if it leads to the loss of material".
 *
 * <p>All arithmetic is integer (the engine's score units); fractions round towards zero.
 *
 * @param pawnValue PV, in the engine's score units
 * @param fqCap     FQ is clamped to this before use; negative = no cap
 * @param halfBase  numerator of the half constant term over 4 (3 → ¾·PV)
 * @param halfMix   numerator of the half mixed term over 2 (1 → ½·PV)
 * @param halfFq    multiplier of FQ in the half mixed term (2)
 * @param quarterBase numerator over 4 (1 → ¼·PV)
 * @param quarterMix  numerator over 8 (1 → ⅛·PV)
 * @param quarterFq   multiplier of FQ in the quarter mixed term (1)
 */
public record BookBonus(int pawnValue, long fqCap, int halfBase, int halfMix, int halfFq,
                        int quarterBase, int quarterMix, int quarterFq) {

    /** The paper's constants with FQ capped at one pawn value. */
    public static BookBonus paper(int pawnValue) {
        return new BookBonus(pawnValue, pawnValue, 3, 1, 2, 1, 1, 1);
    }

    public BookBonus withFqCap(long cap) {
        return new BookBonus(pawnValue, cap, halfBase, halfMix, halfFq, quarterBase, quarterMix, quarterFq);
    }

    private long fq(long frequency) {
        return fqCap < 0 ? frequency : Math.min(frequency, fqCap);
    }

    public int half(long frequency) {
        long a = (long) pawnValue * halfBase / 4;
        long b = (long) pawnValue * halfMix / 2 + halfFq * fq(frequency);
        return (int) Math.min(Integer.MAX_VALUE, Math.max(a, b));
    }

    public int quarter(long frequency) {
        long a = (long) pawnValue * quarterBase / 4;
        long b = (long) pawnValue * quarterMix / 8 + quarterFq * fq(frequency);
        return (int) Math.min(Integer.MAX_VALUE, Math.max(a, b));
    }
}
