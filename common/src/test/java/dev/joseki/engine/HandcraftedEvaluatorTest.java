package dev.joseki.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.rules.Position;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HandcraftedEvaluatorTest {
    private final Evaluator eval = new HandcraftedEvaluator();

    @ParameterizedTest
    @ValueSource(
            strings = {
                "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
                "ln1g3nl/1sk1gr3/1pppp1bpp/p3spp2/7P1/P1P1PPP2/1P1P4P/1BKGGS1R1/LNS4NL b - 25",
                "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124"
            })
    void evaluationIsTheSameSeenFromEitherSide(String sfen) {
        Position pos = Sfen.parse(sfen);
        assertThat(eval.evaluate(pos.flipped())).isEqualTo(eval.evaluate(pos));
    }

    @Test
    void incrementalUpdatesEqualTheFullEvaluationAlongRandomGames() {
        HandcraftedEvaluator h = new HandcraftedEvaluator();
        java.util.Random random = new java.util.Random(7);
        int[] moves = new int[dev.joseki.rules.MoveGenerator.MAX_MOVES];
        for (int game = 0; game < 20; game++) {
            Position pos = Sfen.startPosition();
            int[] state = new int[h.stateSize() * 2];
            h.refresh(pos, state, 0);
            for (int ply = 0; ply < 150; ply++) {
                int n = dev.joseki.rules.MoveGenerator.generateLegal(pos, moves, 0);
                if (n == 0) {
                    break;
                }
                int m = moves[random.nextInt(n)];
                pos.doMove(m);
                h.update(pos, m, state, 0, h.stateSize());
                System.arraycopy(state, h.stateSize(), state, 0, h.stateSize());
                assertThat(h.evaluate(pos, state, 0)).isEqualTo(h.evaluate(pos));
            }
        }
    }

    @Test
    void startPositionIsBalanced() {
        assertThat(eval.evaluate(Sfen.startPosition())).isZero();
    }

    @Test
    void anExtraRookIsWorthAboutTenPawns() {
        // White's rook taken off the board (and out of the game).
        Position pos = Sfen.parse("lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
        int v = eval.evaluate(pos);
        assertThat(v).isBetween(8 * Material.PAWN_VALUE, 14 * Material.PAWN_VALUE);
    }

    @Test
    void thePawnOnTheBoardIsTheUnitOfEveryScore() {
        assertThat(Material.PAWN_VALUE).isEqualTo(100).isEqualTo(Material.boardValue(1));
    }

    @Test
    void theFeaturesTimesTheWeightsAreTheEvaluationFromBlacksSideAlongRandomGames() {
        java.util.Random random = new java.util.Random(11);
        int[] moves = new int[dev.joseki.rules.MoveGenerator.MAX_MOVES];
        double[] f = new double[HandcraftedEvaluator.FEATURE_NB];
        double[] w = HandcraftedEvaluator.weights();
        for (int game = 0; game < 20; game++) {
            Position pos = Sfen.startPosition();
            for (int ply = 0; ply < 150; ply++) {
                HandcraftedEvaluator.features(pos, f);
                double dot = 0;
                for (int i = 0; i < f.length; i++) {
                    dot += w[i] * f[i];
                }
                int fromBlack =
                        pos.sideToMove() == dev.joseki.rules.Piece.BLACK
                                ? eval.evaluate(pos)
                                : -eval.evaluate(pos);
                assertThat(dot).as("game %d ply %d: %s", game, ply, pos).isEqualTo(fromBlack);
                int n = dev.joseki.rules.MoveGenerator.generateLegal(pos, moves, 0);
                if (n == 0) {
                    break;
                }
                pos.doMove(moves[random.nextInt(n)]);
            }
        }
    }

    @Test
    void featuresOfTwoKingsAndAPawnInHandAreWorkedByHand() {
        // Black: king 5i, a pawn in hand; White: king 5a. No generals, so White's king lacks all
        // four defenders and the pawn in hand counts 4 against it; the pawn is one hand pawn more.
        double[] f = new double[HandcraftedEvaluator.FEATURE_NB];
        HandcraftedEvaluator.features(Sfen.parse("4k4/9/9/9/9/9/9/9/4K4 b P 1"), f);
        double[] expected = new double[HandcraftedEvaluator.FEATURE_NB];
        expected[HandcraftedEvaluator.F_HAND + 1] = 1;
        expected[HandcraftedEvaluator.F_THREAT + 1] = 4;
        // Both kings on their back rank in the centre file: the piece-square counts cancel.
        assertThat(f).containsExactly(expected);
    }

    @Test
    void aBlackSilverNextToBothKingsCountsInItsPieceSquareAttackAndDefenceColumns() {
        // Black: king 5i, silver 5h; White: king 5b. The silver stands on Black's relative rank 8
        // in the centre file (PST column (8 - 1) * 5 + 0 = 35), one square from its own king and
        // six from White's.
        double[] f = new double[HandcraftedEvaluator.FEATURE_NB];
        HandcraftedEvaluator.features(Sfen.parse("9/4k4/9/9/9/9/9/4S4/4K4 b - 1"), f);
        assertThat(f[dev.joseki.rules.Piece.SILVER]).isEqualTo(1);
        assertThat(f[HandcraftedEvaluator.F_PST + dev.joseki.rules.Piece.SILVER * 45 + 35])
                .isEqualTo(1);
        assertThat(f[HandcraftedEvaluator.F_DEFENCE + dev.joseki.rules.Piece.SILVER * 9 + 1])
                .isEqualTo(1);
        assertThat(f[HandcraftedEvaluator.F_ATTACK + dev.joseki.rules.Piece.SILVER * 9 + 6])
                .isEqualTo(1);
        // The kings: Black's on relative rank 9 (column 40), White's on its relative rank 8 (column
        // 35).
        assertThat(f[HandcraftedEvaluator.F_PST + dev.joseki.rules.Piece.KING * 45 + 40])
                .isEqualTo(1);
        assertThat(f[HandcraftedEvaluator.F_PST + dev.joseki.rules.Piece.KING * 45 + 35])
                .isEqualTo(-1);
        // White's king lacks four defenders but Black has nothing in hand; Black's king has one
        // (the silver).
        assertThat(f[HandcraftedEvaluator.F_THREAT + dev.joseki.rules.Piece.PAWN]).isZero();
        double sum = 0;
        for (double v : f) {
            sum += Math.abs(v);
        }
        assertThat(sum).as("nothing else counted").isEqualTo(6);
    }
}
