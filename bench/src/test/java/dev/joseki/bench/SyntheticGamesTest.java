package dev.joseki.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Position;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SyntheticGamesTest {
    private static List<String> games(long seed, int n, int plies, int narrowPlies, int width) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<String> g = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            g.add(SyntheticGames.game(rnd, plies, narrowPlies, width));
        }
        return g;
    }

    private static String[] moves(String line) {
        String prefix = "position startpos moves";
        assertThat(line).startsWith(prefix);
        String rest = line.substring(prefix.length()).strip();
        return rest.isEmpty() ? new String[0] : rest.split(" ");
    }

    @Test
    void everyMoveOfEveryGameIsLegalWhereItIsPlayed() {
        for (String line : games(7, 50, 40, 8, 3)) {
            String[] moves = moves(line);
            assertThat(moves.length).isBetween(1, 40);
            Position p = Sfen.startPosition();
            for (String m : moves) {
                p.doMove(UsiMove.parse(p, m)); // throws on an illegal move
            }
        }
    }

    @Test
    void theSameSeedGivesTheSameGames() {
        assertThat(games(11, 20, 30, 6, 3)).isEqualTo(games(11, 20, 30, 6, 3));
    }

    @Test
    void withOneMoveToChooseFromTheNarrowPliesAreTheSameInEveryGame() {
        // width 1: the first 6 moves are each the lowest-numbered legal move, so every game opens
        // alike
        List<String> g = games(3, 30, 20, 6, 1);
        String[] first = Arrays.copyOf(moves(g.get(0)), 6);
        for (String line : g) {
            assertThat(Arrays.copyOf(moves(line), 6)).containsExactly(first);
        }
        // and they part afterwards: 30 random games of 14 more plies are not all one game
        assertThat(g.stream().distinct().count()).isGreaterThan(1);
    }
}
