package dev.joseki.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.book.BookAccumulator;
import dev.joseki.book.BookLayout;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.GameExploder;
import dev.joseki.book.store.BookStore;
import dev.joseki.book.store.BookVersions;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The built-in player, alone and with a real RocksDB book (BookDir/BookMode and the recorded book source). */
class BuiltinPlayerTest {
    static Path book(Path dir, String sfen, String... usi) {
        BookAccumulator acc = new BookAccumulator();
        Position p = Sfen.parse(sfen);
        int[] moves = new int[usi.length];
        for (int i = 0; i < usi.length; i++) {
            moves[i] = UsiMove.parse(p, usi[i]);
            p.doMove(moves[i]);
        }
        GameExploder.explode(Sfen.parse(sfen), moves, Result.BLACK_WIN, 100, false, acc);
        Path v = BookVersions.newVersion(dir);
        try (BookStore s = BookStore.create(v, null)) {
            for (Index i : Index.values()) {
                Map<byte[], byte[]> m = new LinkedHashMap<>();
                acc.entries(i).forEach((k, st) -> m.put(k, BookLayout.encode(st)));
                s.put(i, m);
            }
            s.putMetadata(Map.of("games", "1"));
        }
        BookVersions.publish(dir, v);
        return dir;
    }

    @Test
    void findsTheOnlyMateInOne() throws Exception {
        // White king 5a alone, Black pawn 5c and a gold in hand: G*5b is the only mate (G*4b / G*6b leave 6b / 4b).
        try (BuiltinPlayer p = new BuiltinPlayer(Map.of())) {
            p.newGame(1);
            Player.Answer a = p.move(Sfen.parse("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"), List.of(), SearchLimit.nodes(2000));
            assertThat(a.usi()).isEqualTo("G*5b");
            assertThat(a.info().mate()).isTrue();
            assertThat(a.info().score()).isEqualTo(1);
            assertThat(a.info().source()).isEqualTo(MoveInfo.Source.SEARCH);
        }
    }

    @Test
    void declaresAValidDeclarationWin() throws Exception {
        // Black's king in White's camp with 10 pieces there and 28 points in all (27-point rule): a win.
        String sfen = "K1+R+B+P+P+P+P+P/PPPPPPP2/9/9/9/9/9/9/8k b 4G4S4N4L3P 1";
        try (BuiltinPlayer p = new BuiltinPlayer(Map.of())) {
            assertThat(p.move(Sfen.parse(sfen), List.of(), SearchLimit.nodes(100)).usi()).isEqualTo("win");
        }
    }

    @Test
    void unknownOptionIsRejected() {
        assertThatThrownBy(() -> new BuiltinPlayer(Map.of("Contempt", "10"))).hasMessageContaining("Contempt");
    }

    @Test
    void fullMatchPlaysTheBookMoveAndRecordsIt(@TempDir Path dir) throws Exception {
        Path b = book(dir, Sfen.STARTPOS, "9g9f");
        try (BuiltinPlayer p = new BuiltinPlayer(Map.of("BookDir", b.toString(), "BookMode", "nm"))) {
            p.newGame(7);
            Player.Answer a = p.move(Sfen.startPosition(), List.of(), SearchLimit.nodes(2000));
            assertThat(a.usi()).isEqualTo("9g9f");
            assertThat(a.info().source()).isEqualTo(MoveInfo.Source.BOOK_FULL);
            assertThat(a.info().comment()).isEqualTo("book");
        }
    }

    @Test
    void halfMatchBonusIsRecordedWhenItsMoveIsChosen(@TempDir Path dir) throws Exception {
        // Black's pieces as at the start, White's 3c pawn elsewhere: a half match only for the start position
        Path b = book(dir, "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "9g9f");
        try (BuiltinPlayer p = new BuiltinPlayer(Map.of("BookDir", b.toString(), "BookMode", "HM"))) {
            Player.Answer a = p.move(Sfen.startPosition(), List.of(), SearchLimit.depth(3));
            assertThat(a.usi()).isEqualTo("9g9f");
            assertThat(a.info().source()).isEqualTo(MoveInfo.Source.BOOK_HALF);
        }
    }

    @Test
    void anNmPlayerIgnoresTheHalfMatch(@TempDir Path dir) throws Exception {
        Path b = book(dir, "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "9g9f");
        try (BuiltinPlayer p = new BuiltinPlayer(Map.of("BookDir", b.toString(), "BookMode", "NM"))) {
            Player.Answer a = p.move(Sfen.startPosition(), List.of(), SearchLimit.depth(3));
            assertThat(a.info().source()).isEqualTo(MoveInfo.Source.SEARCH);
        }
    }

    @Test
    void sameGameSeedGivesTheSameBookChoices(@TempDir Path dir) throws Exception {
        // Two book moves at the start: which one is played depends on the seed only.
        BookAccumulator acc = new BookAccumulator();
        for (String m : new String[] {"7g7f", "2g2f", "5g5f", "9g9f"}) {
            GameExploder.explode(Sfen.startPosition(), new int[] {UsiMove.parse(Sfen.startPosition(), m)}, Result.BLACK_WIN,
                    100, false, acc);
        }
        Path v = BookVersions.newVersion(dir);
        try (BookStore s = BookStore.create(v, null)) {
            for (Index i : Index.values()) {
                Map<byte[], byte[]> m = new LinkedHashMap<>();
                acc.entries(i).forEach((k, st) -> m.put(k, BookLayout.encode(st)));
                s.put(i, m);
            }
            s.putMetadata(Map.of("games", "4"));
        }
        BookVersions.publish(dir, v);
        Map<String, String> opts = Map.of("BookDir", dir.toString());
        for (long seed = 1; seed <= 8; seed++) {
            try (BuiltinPlayer a = new BuiltinPlayer(opts); BuiltinPlayer b = new BuiltinPlayer(opts)) {
                a.newGame(seed);
                b.newGame(seed);
                assertThat(a.move(Sfen.startPosition(), List.of(), SearchLimit.nodes(10)).usi())
                        .isEqualTo(b.move(Sfen.startPosition(), List.of(), SearchLimit.nodes(10)).usi());
            }
        }
    }
}
