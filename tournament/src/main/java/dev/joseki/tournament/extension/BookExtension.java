package dev.joseki.tournament.extension;

import dev.joseki.book.Book;
import dev.joseki.book.ProbeResult;
import dev.joseki.book.QuarterKey;
import dev.joseki.notation.GameRecord;
import dev.joseki.rules.Move;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import java.util.List;

/**
 * Measures how far full, half and quarter matching reach in a played game (Grimbergen and Matsubara
 * §3.1):
 *
 * <ol>
 *   <li>replay the game and, at every position where the measured player is to move, probe the book
 *       with {@link Book#probe} — the same {@code BookProbe} the engine's {@code RootBook} uses,
 *       whatever the player's BookMode was (the book's offer is measured, not the player's use of
 *       it);
 *   <li>remember the last ply at which each kind of match returned at least one move;
 *   <li>where full matching returned nothing (the engine would have searched), count whether half
 *       (quarter) matching suggested moves and whether the move actually played was one of them —
 *       except for the first {@code givenPlies} moves, which were given to the players (a
 *       tournament opening), not chosen by them.
 * </ol>
 *
 * Probing stops after the book's max_ply + {@link QuarterKey#WINDOW} when the book records its
 * max_ply: no index holds an entry that could match later.
 */
public final class BookExtension {
    private BookExtension() {}

    /** Both players of the game, Black's measurement first. */
    public static List<GameExtension> measure(
            Book book, GameRecord game, String gameName, int givenPlies) {
        return List.of(
                measure(book, game, gameName, Piece.BLACK, givenPlies),
                measure(book, game, gameName, Piece.WHITE, givenPlies));
    }

    /**
     * The plies of a tournament opening, read from the record's "opening ... moves m1 m2 ..."
     * comment ({@link RecordOfGame}); 0 when there is none.
     */
    public static int openingPlies(GameRecord game) {
        for (String c : game.comments()) {
            String t = c.strip();
            int i = t.indexOf(" moves ");
            if (t.startsWith("opening ") && i >= 0) {
                return t.substring(i + 7).strip().split("\\s+").length;
            }
        }
        return 0;
    }

    /** The player of the given colour (Piece.BLACK or Piece.WHITE). */
    public static GameExtension measure(
            Book book, GameRecord game, String gameName, int color, int givenPlies) {
        long maxPly = book.metadata().getLong(dev.joseki.book.BookMetadata.MAX_PLY, -1);
        long lastUseful = maxPly < 0 ? Long.MAX_VALUE : maxPly + QuarterKey.WINDOW;
        Position pos = game.startPosition();
        int lastFull = 0, lastHalf = 0, lastQuarter = 0;
        int halfSuggested = 0, halfPlayed = 0, quarterSuggested = 0, quarterPlayed = 0;
        for (int move : game.moveArray()) {
            int ply = pos.moveNumber();
            if (ply > lastUseful) {
                break;
            }
            if (pos.sideToMove() == color) {
                ProbeResult r = book.probe(pos);
                int m16 = Move.move16(move);
                if (!r.full().isEmpty()) {
                    lastFull = ply;
                } else if (ply > givenPlies) {
                    if (!r.half().isEmpty()) {
                        halfSuggested++;
                        halfPlayed += contains(r.half(), m16) ? 1 : 0;
                    }
                    if (!r.quarter().isEmpty()) {
                        quarterSuggested++;
                        quarterPlayed += contains(r.quarter(), m16) ? 1 : 0;
                    }
                }
                if (!r.half().isEmpty()) {
                    lastHalf = ply;
                }
                if (!r.quarter().isEmpty()) {
                    lastQuarter = ply;
                }
            }
            pos.doMove(move);
        }
        lastHalf = Math.max(lastHalf, lastFull);
        lastQuarter = Math.max(lastQuarter, lastHalf);
        String player = color == Piece.BLACK ? game.blackName() : game.whiteName();
        String opponent = color == Piece.BLACK ? game.whiteName() : game.blackName();
        return new GameExtension(
                gameName,
                name(player, color),
                name(opponent, 1 - color),
                game.plies(),
                lastFull,
                lastHalf,
                lastQuarter,
                halfSuggested,
                halfPlayed,
                quarterSuggested,
                quarterPlayed);
    }

    private static boolean contains(List<ProbeResult.Suggestion> suggestions, int m16) {
        for (ProbeResult.Suggestion s : suggestions) {
            if (s.move16() == m16) {
                return true;
            }
        }
        return false;
    }

    private static String name(String n, int color) {
        return n == null || n.isBlank() ? (color == Piece.BLACK ? "black" : "white") : n;
    }
}
