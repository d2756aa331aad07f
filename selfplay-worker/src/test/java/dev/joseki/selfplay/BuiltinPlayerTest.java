package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.book.BookAccumulator;
import dev.joseki.book.BookLayout;
import dev.joseki.book.GameExploder;
import dev.joseki.book.store.BookStore;
import dev.joseki.book.store.BookVersions;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.records.proto.BookSource;
import dev.joseki.records.proto.Limits;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuiltinPlayerTest {
    @Test
    void findsTheOnlyMateInOne() throws Exception {
        // White king 5a alone, Black pawn 5c and a gold in hand: G*5b is the only mate (G*4b / G*6b leave 6b / 4b).
        try (BuiltinPlayer p = new BuiltinPlayer(Map.of())) {
            p.newGame();
            MoveDecision d = p.move(Sfen.parse("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"), List.of(), Limits.newBuilder().setNodes(2000).build());
            assertThat(d.usi()).isEqualTo("G*5b");
            assertThat(d.info().getScoreMate()).isEqualTo(1);
        }
    }

    @Test
    void aFullBookMatchIsPlayedWithoutSearchAndOutOfBookTheEngineSearches(@TempDir Path dir) throws Exception {
        // The book's only game: 7g7f 3c3d (Black won). The start position has one book move.
        Path book = oneGameBook(dir.resolve("book"), "7g7f", "3c3d");
        Limits nodes = Limits.newBuilder().setNodes(200).build();
        for (String mode : List.of("NM", "HM", "HQM")) {
            try (BuiltinPlayer p = new BuiltinPlayer(Map.of("BookDir", book.toString(), "BookMode", mode, "USI_Hash", "1"))) {
                p.newGame();
                MoveDecision d = p.move(Sfen.startPosition(), List.of(), nodes);
                assertThat(d.usi()).as(mode).isEqualTo("7g7f");
                assertThat(d.info().getBookSource()).isEqualTo(BookSource.BOOK_SOURCE_FULL);
                assertThat(d.info().getNodes()).isZero();
            }
        }
        try (BuiltinPlayer p = new BuiltinPlayer(Map.of("BookDir", book.toString(), "USI_Hash", "1"))) {
            p.newGame();
            var start = Sfen.startPosition();
            int m = UsiMove.parse(start, "2g2f"); // leaves the book
            MoveDecision d = p.move(Sfen.startPosition(), List.of(m), nodes);
            assertThat(d.info().getBookSource()).isNotEqualTo(BookSource.BOOK_SOURCE_FULL);
            assertThat(d.info().getNodes()).isPositive();
        }
    }

    @Test
    void aBookModeOutsideNmHmHqmIsRejected() {
        assertThatThrownBy(() -> new BuiltinPlayer(Map.of("BookMode", "XQM"))).hasMessageContaining("BookMode must be NM, HM or HQM");
    }

    private static Path oneGameBook(Path bookDir, String... usi) {
        BookAccumulator acc = new BookAccumulator();
        Position p = Sfen.startPosition();
        int[] moves = new int[usi.length];
        for (int i = 0; i < usi.length; i++) {
            moves[i] = UsiMove.parse(p, usi[i]);
            p.doMove(moves[i]);
        }
        GameExploder.explode(Sfen.startPosition(), moves, Result.BLACK_WIN, 100, false, acc);
        Path v = BookVersions.newVersion(bookDir);
        try (BookStore s = BookStore.create(v, null)) {
            for (BookLayout.Index i : BookLayout.Index.values()) {
                Map<byte[], byte[]> m = new LinkedHashMap<>();
                acc.entries(i).forEach((k, st) -> m.put(k, BookLayout.encode(st)));
                s.put(i, m);
            }
            s.putMetadata(Map.of("games", "1"));
        }
        BookVersions.publish(bookDir, v);
        return bookDir;
    }

    @Test
    void unknownOptionIsRejected() {
        assertThatThrownBy(() -> new BuiltinPlayer(Map.of("Contempt", "10"))).hasMessageContaining("Contempt");
    }
}
