package dev.joseki.book;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import org.junit.jupiter.api.Test;

class BookProbeTest {
    private static void game(BookAccumulator acc, Result r, boolean winnersOnly, String... usi) {
        Position p = Sfen.startPosition();
        int[] moves = new int[usi.length];
        for (int i = 0; i < usi.length; i++) {
            moves[i] = UsiMove.parse(p, usi[i]);
            p.doMove(moves[i]);
        }
        GameExploder.explode(Sfen.startPosition(), moves, r, 100, winnersOnly, acc);
    }

    @Test
    void minCountHidesRareEntries() {
        BookAccumulator acc = new BookAccumulator();
        game(acc, Result.DRAW, false, "7g7f");
        game(acc, Result.DRAW, false, "7g7f");
        game(acc, Result.DRAW, false, "2g2f");
        ProbeResult all = BookProbe.probe(Sfen.startPosition(), acc, 1);
        ProbeResult common = BookProbe.probe(Sfen.startPosition(), acc, 2);
        assertThat(all.full()).hasSize(2);
        assertThat(common.full()).extracting(f -> Move.usi(f.move16())).containsExactly("7g7f");
        assertThat(common.full().get(0).stats().draws()).isEqualTo(2);
        assertThat(common.half()).extracting(s -> Move.usi(s.move16())).containsExactly("7g7f");
    }

    @Test
    void winnersOnlyCountsOnlyTheWinnersMoves() {
        BookAccumulator acc = new BookAccumulator();
        game(acc, Result.WHITE_WIN, true, "7g7f", "3c3d", "2g2f");
        assertThat(acc.entries(BookLayout.Index.FULL)).hasSize(1); // only White's 3c3d
        // 3c3d is 7g7f in White's mover coordinates: inside LEFT (files 9-5, ranks 5-9) only, so
        // one quarter entry; the RIGHT row is not stored since the move does not touch that area
        assertThat(acc.entries(BookLayout.Index.QUARTER)).hasSize(1);
        assertThat(
                        QuarterKey.area(
                                BookLayout.indexKey(
                                        acc.entries(BookLayout.Index.QUARTER).firstKey())))
                .isEqualTo(Area.LEFT);
        assertThat(acc.entries(BookLayout.Index.FULL).firstEntry().getValue().wins()).isEqualTo(1);
    }

    @Test
    void quarterRowsAreStoredOnlyForTheAreasAMoveTouches() {
        BookAccumulator acc = new BookAccumulator();
        // in mover coordinates (White's moves turned 180°): 7g7f LEFT; 3c3d = 7g7f LEFT; 5g5f on
        // the shared file 5, both; 8c8d = 2g2f RIGHT; 1g1f RIGHT
        game(acc, Result.DRAW, false, "7g7f", "3c3d", "5g5f", "8c8d", "1g1f");
        long left =
                acc.entries(BookLayout.Index.QUARTER).keySet().stream()
                        .filter(k -> QuarterKey.area(k) == Area.LEFT)
                        .count();
        long right =
                acc.entries(BookLayout.Index.QUARTER).keySet().stream()
                        .filter(k -> QuarterKey.area(k) == Area.RIGHT)
                        .count();
        assertThat(left).isEqualTo(3);
        assertThat(right).isEqualTo(3);
        assertThat(acc.entries(BookLayout.Index.FULL)).hasSize(5);
    }

    @Test
    void movesBeyondMaxPlyAreNotCounted() {
        BookAccumulator acc = new BookAccumulator();
        Position p = Sfen.startPosition();
        int[] moves = new int[3];
        String[] usi = {"7g7f", "3c3d", "2g2f"};
        for (int i = 0; i < 3; i++) {
            moves[i] = UsiMove.parse(p, usi[i]);
            p.doMove(moves[i]);
        }
        assertThat(GameExploder.explode(Sfen.startPosition(), moves, Result.DRAW, 2, false, acc))
                .isEqualTo(2);
        assertThat(acc.entries(BookLayout.Index.FULL)).hasSize(2);
    }

    private static void gameFrom(BookAccumulator acc, String sfen, String... usi) {
        Position p = Sfen.parse(sfen);
        int[] moves = new int[usi.length];
        for (int i = 0; i < usi.length; i++) {
            moves[i] = UsiMove.parse(p, usi[i]);
            p.doMove(moves[i]);
        }
        GameExploder.explode(Sfen.parse(sfen), moves, Result.UNFINISHED, 100, false, acc);
    }

    @Test
    void castleMatchFindsTheFormationAtAnyPlyAndOnlyMovesTouchingItsArea() {
        // Black king 2h + gold 3i (RIGHT), pawn 9g (LEFT), at ply 1: 3i3h twice (touches RIGHT),
        // 9g9f once (LEFT only, so the RIGHT castle never stores it)
        String early = "4k4/9/9/9/9/9/P8/7K1/6G2 b - 1";
        BookAccumulator acc = new BookAccumulator();
        gameFrom(acc, early, "3i3h");
        gameFrom(acc, early, "3i3h");
        gameFrom(acc, early, "9g9f");
        assertThat(acc.entries(BookLayout.Index.CASTLE)).hasSize(1);

        // the same formation 56 plies later with a White pawn added: no full, half or quarter match
        Position late = Sfen.parse("4k3p/9/9/9/9/9/P8/7K1/6G2 b - 57");
        ProbeResult paper = BookProbe.probe(late, acc, 1);
        assertThat(paper.isEmpty()).isTrue();
        assertThat(BookProbe.castle(late, acc, 1))
                .containsExactly(
                        new ProbeResult.Suggestion(
                                Move.move16(UsiMove.parse(late, "3i3h")), 2, Area.RIGHT));
        assertThat(BookProbe.castle(late, acc, 3)).isEmpty();

        // White to move in the turned position: the same suggestion in White's coordinates (3i3h ->
        // 7a7b)
        Position white = late.flipped();
        assertThat(BookProbe.castle(white, acc, 1))
                .extracting(s -> Move.usi(s.move16()), ProbeResult.Suggestion::frequency)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("7a7b", 2L));
    }
}
