package dev.joseki.rules;

import dev.joseki.notation.Sfen;
import java.util.Random;
import java.util.function.Consumer;

/**
 * Random legal games as a test fixture: from each start, {@code games} games of up to {@code plies}
 * plies, every position visited before its move is chosen (a final position without a legal move
 * included). One seeded generator runs through all the games, so the positions are the same from
 * run to run.
 */
public final class RandomGames {
    /**
     * The usual starts: the initial position, a wild middle game, a late middle game with many
     * pieces in hand.
     */
    public static final String[] STARTS = {
        Sfen.STARTPOS,
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
        "3gk2+L1/r2sgs3/2nppppP+L/1pp6/9/1PP3P2/2NPPPN1R/p2SGS3/2G1K4 b B2L2Pbn2p 65"
    };

    private RandomGames() {}

    public static void walk(
            long seed, int games, int plies, Consumer<Position> visit, String... starts) {
        Random random = new Random(seed);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        for (String sfen : starts) {
            for (int game = 0; game < games; game++) {
                Position pos = Sfen.parse(sfen);
                for (int ply = 0; ply < plies; ply++) {
                    visit.accept(pos);
                    int n = MoveGenerator.generateLegal(pos, moves, 0);
                    if (n == 0) {
                        break;
                    }
                    pos.doMove(moves[random.nextInt(n)]);
                }
            }
        }
    }
}
