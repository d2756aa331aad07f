package dev.joseki.engine.match;

import dev.joseki.engine.SearchListener;
import dev.joseki.engine.SearchResult;
import dev.joseki.notation.Sfen;
import dev.joseki.rules.Game;
import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;

/**
 * An in-process match between two players, for strength sanity checks (not a tournament: no clocks,
 * no records). Games come in pairs: an opening of {@code randomPlies} uniformly random legal moves
 * (from a seeded generator), then the pair plays it once with each colour assignment. Adjudication is
 * {@link Game}'s: checkmate, resignation, sennichite, perpetual check, declaration, the ply limit.
 */
public final class Match {
    /** Outcome from player A's point of view. */
    public record Score(int wins, int losses, int draws) {
        public int games() {
            return wins + losses + draws;
        }

        public double points() {
            return wins + draws / 2.0;
        }

        public double percent() {
            return games() == 0 ? 0 : 100.0 * points() / games();
        }
    }

    /** One finished game. */
    public record GameRecord(int index, String blackName, String whiteName, Result result, String termination,
            int plies, String usi) {
    }

    private final Player a, b;
    private final int randomPlies;
    private final Game.Rules rules;

    public Match(Player a, Player b, int randomPlies, int maxPlies) {
        this.a = a;
        this.b = b;
        this.randomPlies = randomPlies;
        this.rules = new Game.Rules(maxPlies, dev.joseki.rules.Declaration.Rule.POINTS_27);
    }

    /** Plays {@code pairs} opening pairs (2 × pairs games). */
    public Score play(int pairs, long seed, Consumer<GameRecord> onGame) {
        Random random = new Random(seed);
        int w = 0, l = 0, d = 0, index = 0;
        for (int p = 0; p < pairs; p++) {
            List<Integer> opening = randomOpening(random);
            for (int swap = 0; swap < 2; swap++) {
                Player black = swap == 0 ? a : b, white = swap == 0 ? b : a;
                GameRecord g = playGame(++index, black, white, opening);
                onGame.accept(g);
                int aColor = swap == 0 ? Piece.BLACK : Piece.WHITE;
                if (g.result() == Result.DRAW || g.result() == Result.UNFINISHED) {
                    d++;
                } else if (g.result() == Result.winner(aColor)) {
                    w++;
                } else {
                    l++;
                }
            }
        }
        return new Score(w, l, d);
    }

    private List<Integer> randomOpening(Random random) {
        while (true) {
            Position pos = Sfen.startPosition();
            List<Integer> moves = new ArrayList<>();
            int[] buf = new int[MoveGenerator.MAX_MOVES];
            for (int i = 0; i < randomPlies; i++) {
                int n = MoveGenerator.generateLegal(pos, buf, 0);
                if (n == 0) {
                    break;
                }
                int m = buf[random.nextInt(n)];
                pos.doMove(m);
                moves.add(m);
            }
            if (moves.size() == randomPlies && MoveGenerator.generateLegal(pos, buf, 0) > 0) {
                return moves;
            }
        }
    }

    private GameRecord playGame(int index, Player black, Player white, List<Integer> opening) {
        black.search().clear();
        white.search().clear();
        Game game = new Game(Sfen.startPosition(), rules);
        List<Boolean> checks = new ArrayList<>();
        checks.add(false);
        StringBuilder usi = new StringBuilder("position startpos moves");
        for (int m : opening) {
            game.play(m);
            checks.add(game.position().inCheck());
            usi.append(' ').append(Move.usi(m));
        }
        while (!game.isOver()) {
            Position pos = game.position();
            Player p = pos.sideToMove() == Piece.BLACK ? black : white;
            boolean[] hist = new boolean[checks.size()];
            for (int i = 0; i < hist.length; i++) {
                hist[i] = checks.get(i);
            }
            SearchResult r = p.search().go(pos.copy(), hist, p.limits(), SearchListener.NONE);
            game.play(r.bestMove());
            if (!game.isOver() || !Move.isSpecial(r.bestMove())) {
                checks.add(game.position().inCheck());
            }
            usi.append(' ').append(Move.usi(r.bestMove()));
        }
        return new GameRecord(index, black.name(), white.name(), game.result(), game.termination().id(), game.plies(),
                usi.toString());
    }
}
