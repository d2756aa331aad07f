package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.book.BookAccumulator;
import dev.joseki.book.BookLayout;
import dev.joseki.book.BookLayout.Index;
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

/** The built-in player with a real RocksDB book: BookDir/BookMode options and the recorded book source. */
class BuiltinPlayerBookTest {
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
    void fullMatchPlaysTheBookMoveAndRecordsIt(@TempDir Path dir) throws Exception {
        Path b = book(dir, Sfen.STARTPOS, "9g9f");
        try (BuiltinPlayer p = new BuiltinPlayer(Map.of("BookDir", b.toString(), "BookMode", "NM"))) {
            MoveDecision d = p.move(Sfen.startPosition(), List.of(), Limits.newBuilder().setNodes(2000).build());
            assertThat(d.usi()).isEqualTo("9g9f");
            assertThat(d.info().getBookSource()).isEqualTo(BookSource.BOOK_SOURCE_FULL);
        }
    }

    @Test
    void badBookOptionsAreReportedBeforeAnyGame(@TempDir Path dir) {
        assertThat(BuiltinPlayer.optionProblem(Map.of("BookMode", "XQM"))).contains("NM, HM or HQM");
        assertThat(BuiltinPlayer.optionProblem(Map.of("BookDir", dir.resolve("none").toString()))).contains("no book");
        assertThat(BuiltinPlayer.optionProblem(Map.of("BookMode", "HQM", "BookSeed", "7"))).isNull();
    }

    @Test
    void halfMatchBonusIsRecordedWhenItsMoveIsChosen(@TempDir Path dir) throws Exception {
        // Black's pieces as at the start, White's 3c pawn elsewhere: a half match only for the start position
        Path b = book(dir, "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "9g9f");
        try (BuiltinPlayer p = new BuiltinPlayer(Map.of("BookDir", b.toString(), "BookMode", "HM"))) {
            MoveDecision d = p.move(Sfen.startPosition(), List.of(), Limits.newBuilder().setDepth(3).build());
            assertThat(d.usi()).isEqualTo("9g9f");
            assertThat(d.info().getBookSource()).isEqualTo(BookSource.BOOK_SOURCE_HALF);
        }
    }
}
