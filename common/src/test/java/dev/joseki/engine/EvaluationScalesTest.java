package dev.joseki.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.notation.Sfen;
import dev.joseki.rules.Position;
import org.junit.jupiter.api.Test;

class EvaluationScalesTest {
    /** A black silver on 5h beside its king on 5i, the white king on 5a. */
    private static final Position SILVER = Sfen.parse("4k4/9/9/9/9/9/9/4S4/4K4 b - 1");

    /** Bare kings on 5i and 5a, a pawn in Black's hand. */
    private static final Position PAWN_IN_HAND = Sfen.parse("4k4/9/9/9/9/9/9/9/4K4 b P 1");

    private static int eval(Position pos, int pst, int attack, int defence, int handThreat) {
        return new HandcraftedEvaluator(new EvaluationScales(pst, attack, defence, handThreat))
                .evaluate(pos);
    }

    @Test
    void everyGroupAtZeroLeavesOnlyTheMaterial() {
        // Material.BOARD[silver] = 616, Material.HAND[pawn] = 104
        assertThat(eval(SILVER, 0, 0, 0, 0)).isEqualTo(616);
        assertThat(eval(PAWN_IN_HAND, 0, 0, 0, 0)).isEqualTo(104);
    }

    @Test
    void theDefenceScaleMultipliesTheSilversDefenceBonus() {
        // the silver is 1 square from its king: DEFENCE[silver][1] = 31; 50 % of it is 15.5 -> 16
        assertThat(eval(SILVER, 0, 0, 100, 0)).isEqualTo(616 + 31);
        assertThat(eval(SILVER, 0, 0, 50, 0)).isEqualTo(616 + 16);
        // 7 squares from the enemy king: ATTACK[silver][7] = 0, at any scale
        assertThat(eval(SILVER, 0, 300, 0, 0)).isEqualTo(616);
    }

    @Test
    void theHandThreatScaleMultipliesKingSafety() {
        // the white king has none of its four generals: the pawn threatens 4 * HAND_THREAT[pawn] =
        // 4 * 2;
        // at 250 % HAND_THREAT[pawn] is 5
        assertThat(eval(PAWN_IN_HAND, 0, 0, 0, 100)).isEqualTo(104 + 8);
        assertThat(eval(PAWN_IN_HAND, 0, 0, 0, 250)).isEqualTo(104 + 20);
    }

    @Test
    void eachGroupIsLinearInItsScale() {
        // 0 %, 100 % and 200 % scale every weight exactly, so each group's share doubles
        Position pos =
                Sfen.parse("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
        int all = eval(pos, 100, 100, 100, 100);
        assertThat(eval(pos, 200, 100, 100, 100) + eval(pos, 0, 100, 100, 100)).isEqualTo(2 * all);
        assertThat(eval(pos, 100, 200, 100, 100) + eval(pos, 100, 0, 100, 100)).isEqualTo(2 * all);
        assertThat(eval(pos, 100, 100, 200, 100) + eval(pos, 100, 100, 0, 100)).isEqualTo(2 * all);
    }

    @Test
    void theDefaultsAreTheFittedEvaluation() {
        HandcraftedEvaluator fitted = new HandcraftedEvaluator();
        for (String sfen : Bench.POSITIONS) {
            Position pos = Sfen.parse(sfen);
            assertThat(eval(pos, 100, 100, 100, 100)).isEqualTo(fitted.evaluate(pos));
        }
    }

    @Test
    void aNewEvaluatorChangesTheSearchAndTheDefaultOneDoesNot() {
        assertThat(nodes(EvaluationScales.DEFAULT)).isEqualTo(nodes(null));
        assertThat(nodes(new EvaluationScales(100, 100, 100, 300))).isNotEqualTo(nodes(null));
    }

    /**
     * Nodes of the bench positions at depth 6, the evaluator set after construction (null: not).
     */
    private static long nodes(EvaluationScales scales) {
        long n = 0;
        for (String sfen : Bench.POSITIONS) {
            Search s = new Search(new HandcraftedEvaluator(), 16);
            s.setRootMateNodes(0);
            if (scales != null) {
                s.setEvaluator(new HandcraftedEvaluator(scales));
            }
            n += s.go(Sfen.parse(sfen), null, Limits.depth(6), SearchListener.NONE).nodes();
        }
        return n;
    }

    @Test
    void aNegativeScaleIsRefused() {
        assertThatThrownBy(() -> new EvaluationScales(100, -1, 100, 100))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
