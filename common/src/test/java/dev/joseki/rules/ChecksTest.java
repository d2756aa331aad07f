package dev.joseki.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ChecksTest {
    @Test
    void givesCheckAgreesWithInCheckAfterEveryLegalMoveAlongRandomGames() {
        Random random = new Random(11);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int checks = 0;
        for (String sfen : new String[] {Sfen.STARTPOS,
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1"}) {
            for (int game = 0; game < 30; game++) {
                Position pos = Sfen.parse(sfen);
                for (int ply = 0; ply < 200; ply++) {
                    int n = MoveGenerator.generateLegal(pos, moves, 0);
                    if (n == 0) {
                        break;
                    }
                    for (int i = 0; i < n; i++) {
                        pos.doMove(moves[i]);
                        boolean expected = pos.inCheck();
                        checks += expected ? 1 : 0;
                        assertThat(Checks.givesCheck(pos, moves[i])).as("%s after %s", pos, Move.usi(moves[i]))
                                .isEqualTo(expected);
                        pos.undoMove(moves[i]);
                    }
                    pos.doMove(moves[random.nextInt(n)]);
                }
            }
        }
        assertThat(checks).isGreaterThan(1000); // the games did exercise checks
    }
}
