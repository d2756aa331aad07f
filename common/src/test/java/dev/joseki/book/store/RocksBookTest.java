package dev.joseki.book.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.book.BookAccumulator;
import dev.joseki.book.BookLayout;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.GameExploder;
import dev.joseki.book.ProbeResult;
import dev.joseki.book.ProbeResult.Suggestion;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real RocksDB book on disk built from three tiny games; expected values are worked out by hand
 * in the comments (A: 7g7f 3c3d 2g2f, Black won; B: 7g7f 8c8d, White won; C: 2g2f 3c3d, no result).
 */
class RocksBookTest {
    @TempDir static Path dir;
    static RocksBook book;

    static int[] moves(String... usi) {
        Position p = Sfen.startPosition();
        int[] out = new int[usi.length];
        for (int i = 0; i < usi.length; i++) {
            out[i] = UsiMove.parse(p, usi[i]);
            p.doMove(out[i]);
        }
        return out;
    }

    @BeforeAll
    static void build() {
        BookAccumulator acc = new BookAccumulator();
        Position start = Sfen.startPosition();
        GameExploder.explode(
                start, moves("7g7f", "3c3d", "2g2f"), Result.BLACK_WIN, 100, false, acc);
        GameExploder.explode(start, moves("7g7f", "8c8d"), Result.WHITE_WIN, 100, false, acc);
        GameExploder.explode(start, moves("2g2f", "3c3d"), Result.UNFINISHED, 100, false, acc);
        Path v = BookVersions.newVersion(dir);
        try (BookStore s = BookStore.create(v, null)) {
            for (Index i : Index.values()) {
                Map<byte[], byte[]> m = new LinkedHashMap<>();
                acc.entries(i).forEach((k, st) -> m.put(k, BookLayout.encode(st)));
                s.put(i, m);
            }
            s.putMetadata(Map.of("games", "3"));
        }
        BookVersions.publish(dir, v);
        book = RocksBook.open(dir);
    }

    private static String usi(int m16) {
        return Move.usi(m16);
    }

    private static Map<String, Long> freq(List<Suggestion> s) {
        Map<String, Long> m = new LinkedHashMap<>();
        s.forEach(
                x ->
                        m.put(
                                usi(x.move16()) + (x.area() == null ? "" : "@" + x.area()),
                                x.frequency()));
        return m;
    }

    @Test
    void fullMatchGivesCountsAndResultsForTheMover() {
        ProbeResult r = book.probe(Sfen.startPosition());
        assertThat(r.full()).hasSize(2);
        assertThat(usi(r.full().get(0).move16())).isEqualTo("7g7f");
        assertThat(r.full().get(0).stats().count()).isEqualTo(2);
        assertThat(r.full().get(0).stats().wins()).isEqualTo(1);
        assertThat(r.full().get(0).stats().losses()).isEqualTo(1);
        assertThat(usi(r.full().get(1).move16())).isEqualTo("2g2f");
        assertThat(
                        r.full().get(1).stats().wins()
                                + r.full().get(1).stats().draws()
                                + r.full().get(1).stats().losses())
                .isZero();
    }

    @Test
    void whiteToMoveGetsMovesInItsOwnCoordinates() {
        Position p = Sfen.startPosition();
        p.doMove(UsiMove.parse(p, "7g7f"));
        ProbeResult r = book.probe(p);
        assertThat(r.full())
                .extracting(f -> usi(f.move16()))
                .containsExactlyInAnyOrder("3c3d", "8c8d");
        var m =
                r.full().stream()
                        .filter(f -> usi(f.move16()).equals("8c8d"))
                        .findFirst()
                        .orElseThrow();
        assertThat(m.stats().wins()).isEqualTo(1);
    }

    @Test
    void halfMatchIgnoresTheOpponentButNeedsTheSamePly() {
        // after 7g7f 8c8d Black's pieces equal those of A after 7g7f 3c3d at ply 3, where A played
        // 2g2f
        Position p = Sfen.startPosition();
        p.doMove(UsiMove.parse(p, "7g7f"));
        p.doMove(UsiMove.parse(p, "8c8d"));
        ProbeResult r = book.probe(p);
        assertThat(r.full()).isEmpty();
        assertThat(freq(r.half())).containsExactly(Map.entry("2g2f", 1L));
        Position later = Sfen.parse(Sfen.write(p).replaceAll(" 3$", " 5"));
        assertThat(book.probe(later).half()).isEmpty();
    }

    @Test
    void quarterWindowTakesTenPliesAndDropsEleven() {
        // start-pattern entries: LEFT 7g7f at plies 1 (A, B) and 2 (White's 3c3d in A and C);
        // RIGHT 2g2f at plies 1 (C), 2 (White's 8c8d in B) and 3 (A)
        assertThat(freq(book.probe(startAt(11)).quarter()))
                .containsExactly(Map.entry("7g7f@LEFT", 4L), Map.entry("2g2f@RIGHT", 3L));
        assertThat(freq(book.probe(startAt(12)).quarter()))
                .containsExactly(Map.entry("2g2f@RIGHT", 2L), Map.entry("7g7f@LEFT", 2L));
        assertThat(freq(book.probe(startAt(13)).quarter()))
                .containsExactly(Map.entry("2g2f@RIGHT", 1L));
        assertThat(book.probe(startAt(14)).quarter()).isEmpty();
        assertThat(book.probe(startAt(14)).half()).isEmpty();
    }

    @Test
    void quarterSuggestionsKeepOnlyMovesTouchingTheirArea() {
        // the LEFT start pattern also saw 2g2f (C, B's 8c8d) and RIGHT saw 7g7f: such moves are not
        // even stored (they never touch the area), and the probe's filter would drop them too
        assertThat(freq(book.probe(startAt(1)).quarter()))
                .containsExactly(Map.entry("7g7f@LEFT", 4L), Map.entry("2g2f@RIGHT", 3L));
    }

    @Test
    void probesFromAnotherThreadSeeTheSameBook() throws Exception {
        // each thread reads quarter windows through its own iterator
        var other = java.util.concurrent.Executors.newSingleThreadExecutor();
        try {
            ProbeResult there = other.submit(() -> book.probe(startAt(11))).get();
            assertThat(freq(there.quarter()))
                    .containsExactly(Map.entry("7g7f@LEFT", 4L), Map.entry("2g2f@RIGHT", 3L));
        } finally {
            other.shutdown();
        }
    }

    @Test
    void aClosedBookRefusesProbesInsteadOfReadingFreedMemory() {
        RocksBook second = RocksBook.open(dir);
        assertThat(second.probe(startAt(1)).quarter()).hasSize(2);
        second.close();
        assertThatThrownBy(() -> second.probe(startAt(1))).hasMessageContaining("closed");
    }

    @Test
    void metadataAndGamesAreReadBack() {
        assertThat(book.metadata().getLong("games", -1)).isEqualTo(3);
        assertThat(book.metadata().get("layout_version", "")).isEqualTo("4");
    }

    @Test
    void aDirectoryWithoutPointerIsNoBook() {
        assertThatThrownBy(() -> RocksBook.open(dir.resolve("nothing")))
                .hasMessageContaining("no book");
        assertThat(Files.exists(dir.resolve("CURRENT"))).isTrue();
    }

    @Test
    void aBookOfLayoutTwoWithoutTheCastleFamilyIsRefusedByName(@TempDir Path tmp) throws Exception {
        // layout 2's column families: default, full, half, quarter, meta, games
        List<org.rocksdb.ColumnFamilyDescriptor> old = new java.util.ArrayList<>();
        for (String cf : List.of("default", "full", "half", "quarter", "meta", "games")) {
            old.add(
                    new org.rocksdb.ColumnFamilyDescriptor(
                            cf.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        }
        List<org.rocksdb.ColumnFamilyHandle> handles = new java.util.ArrayList<>();
        try (org.rocksdb.DBOptions o =
                        new org.rocksdb.DBOptions()
                                .setCreateIfMissing(true)
                                .setCreateMissingColumnFamilies(true);
                org.rocksdb.RocksDB db =
                        org.rocksdb.RocksDB.open(o, tmp.resolve("v").toString(), old, handles)) {
            db.put(
                    handles.get(4),
                    "layout_version".getBytes(java.nio.charset.StandardCharsets.UTF_8),
                    "2".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            handles.forEach(org.rocksdb.ColumnFamilyHandle::close);
        }
        assertThatThrownBy(() -> RocksBook.openVersion(tmp.resolve("v")))
                .hasMessageContaining("no column family 'castle'")
                .hasMessageContaining("rebuild the book");
    }

    @Test
    void aDamagedManifestIsRefusedAsDamageNamingItNotAsAnOlderLayout(@TempDir Path tmp)
            throws Exception {
        Path v = tmp.resolve("v");
        try (BookStore s = BookStore.create(v, null)) {
            s.putMetadata(Map.of("games", "1"));
        }
        String name = Files.readString(v.resolve("CURRENT")).trim();
        Path manifest = v.resolve(name);
        byte[] bytes = Files.readAllBytes(manifest);
        for (int i = bytes.length / 4; i < bytes.length; i += 7) {
            bytes[i] ^= 0x5a; // same size, records no longer match their checksums
        }
        Files.write(manifest, bytes);
        assertThatThrownBy(() -> RocksBook.openVersion(v))
                .isInstanceOf(DamagedBookException.class)
                .hasMessageStartingWith(manifest + " is damaged: ")
                .hasMessageNotContaining("older layout");
    }

    @Test
    void evaluationsAreWrittenPerMoveAndReadBackByPositionInMoveOrder(@TempDir Path tmp) {
        byte[] start = dev.joseki.book.FullKey.of(Sfen.startPosition());
        int f7 = Move.move16(moves("7g7f")[0]), f2 = Move.move16(moves("2g2f")[0]);
        Path v = BookVersions.newVersion(tmp);
        try (BookStore s = BookStore.create(v, null)) {
            s.putEvals(
                    dev.joseki.book.EvalLayout.Table.EVALS,
                    Map.of(
                            BookLayout.entryKey(start, f2),
                                    new dev.joseki.book.MoveEval(45, 20, 1000),
                            BookLayout.entryKey(start, f7),
                                    new dev.joseki.book.MoveEval(60, 18, 2000)));
            s.putEvals(
                    dev.joseki.book.EvalLayout.Table.VALUES,
                    Map.of(BookLayout.entryKey(start, f7), new dev.joseki.book.MoveEval(33, 5, 0)));
            assertThat(
                            s.getEval(
                                            dev.joseki.book.EvalLayout.Table.EVALS,
                                            BookLayout.entryKey(start, f7))
                                    .value())
                    .isEqualTo(60);
            s.putMetadata(Map.of());
        }
        BookVersions.publish(tmp, v);
        try (RocksBook b = RocksBook.open(tmp)) {
            var evals = b.evals(dev.joseki.book.EvalLayout.Table.EVALS, start);
            assertThat(evals).containsOnlyKeys(f7, f2);
            assertThat(evals.get(f2)).isEqualTo(new dev.joseki.book.MoveEval(45, 20, 1000));
            assertThat(b.evals(dev.joseki.book.EvalLayout.Table.VALUES, start))
                    .containsExactly(Map.entry(f7, new dev.joseki.book.MoveEval(33, 5, 0)));
            List<Integer> seen = new java.util.ArrayList<>();
            b.forEachEval(dev.joseki.book.EvalLayout.Table.EVALS, (k, e) -> seen.add(e.value()));
            assertThat(seen).containsExactlyInAnyOrder(45, 60);
        }
    }

    @Test
    void castleProbeAnswersFromDiskAtAnyPly() {
        // every move of the three games was made from its mover's start formation (White's turned
        // 180°): LEFT 7g7f from Black (two games) and White's 3c3d (two games); RIGHT 2g2f from
        // Black (two games, one at ply 3) and White's 8c8d. Ply 30 is far outside the quarter
        // window.
        assertThat(freq(book.castle(startAt(30))))
                .containsExactly(Map.entry("7g7f@LEFT", 4L), Map.entry("2g2f@RIGHT", 3L));
        assertThat(book.probe(startAt(30)).quarter()).isEmpty();
    }

    private static Position startAt(int moveNumber) {
        return Sfen.parse(Sfen.STARTPOS.replace(" 1", " " + moveNumber));
    }
}
