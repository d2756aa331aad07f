package dev.joseki.book;

/**
 * Root-move bonuses for partial matches (Grimbergen and Matsubara §2.3): half match max(¾·PV, ½·PV
 * + 2·FQ), quarter match max(¼·PV, ⅛·PV + FQ), where PV is the evaluation's pawn value and FQ the
 * move's frequency in the matching entries. The terms in PV are given in permille of PV (750, 500;
 * 250, 125) and the FQ weights as integers (2; 1), so every constant is configurable. A self-play
 * book holds counts far larger than the paper's hand-made book, so FQ is capped: with the default
 * cap of one pawn a half-match bonus never exceeds 2½ pawns and a quarter-match bonus 1⅛ pawns,
 * keeping the paper's intent that a book move "will not be played if it leads to the loss of
 * material".
 *
 * <p>All arithmetic is integer (the engine's score units); fractions round towards zero.
 *
 * @param pawnValue PV, in the engine's score units
 * @param fqCap FQ is clamped to this before use; negative = no cap
 * @param halfFloor permille of PV: the half bonus is at least this (750 → ¾·PV)
 * @param halfBase permille of PV in the mixed half term (500 → ½·PV)
 * @param halfFq weight of FQ in the mixed half term (2)
 * @param quarterFloor permille of PV (250 → ¼·PV)
 * @param quarterBase permille of PV (125 → ⅛·PV)
 * @param quarterFq weight of FQ in the mixed quarter term (1)
 */
public record BookBonus(
        int pawnValue,
        long fqCap,
        int halfFloor,
        int halfBase,
        int halfFq,
        int quarterFloor,
        int quarterBase,
        int quarterFq) {

    /** The paper's constants with FQ capped at one pawn value. */
    public static BookBonus paper(int pawnValue) {
        return new BookBonus(pawnValue, pawnValue, 750, 500, 2, 250, 125, 1);
    }

    public BookBonus withFqCap(long cap) {
        return new BookBonus(
                pawnValue, cap, halfFloor, halfBase, halfFq, quarterFloor, quarterBase, quarterFq);
    }

    private long fq(long frequency) {
        return fqCap < 0 ? frequency : Math.min(frequency, fqCap);
    }

    public int half(long frequency) {
        long a = (long) pawnValue * halfFloor / 1000;
        long b = (long) pawnValue * halfBase / 1000 + halfFq * fq(frequency);
        return (int) Math.min(Integer.MAX_VALUE, Math.max(a, b));
    }

    public int quarter(long frequency) {
        long a = (long) pawnValue * quarterFloor / 1000;
        long b = (long) pawnValue * quarterBase / 1000 + quarterFq * fq(frequency);
        return (int) Math.min(Integer.MAX_VALUE, Math.max(a, b));
    }
}
