package dev.joseki.book.format;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.book.BookAccumulator;
import dev.joseki.book.BookLayout;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.EvalLayout;
import dev.joseki.book.FullKey;
import dev.joseki.book.MoveEval;
import dev.joseki.book.MoveStats;
import dev.joseki.book.MoverView;
import dev.joseki.book.store.BookStore;
import dev.joseki.book.store.BookVersions;
import dev.joseki.book.store.RocksBook;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Export of a mined book, on a real RocksDB book. Counts: one game 7g7f 3c3d, so the counted
 * positions are the start (ply 1) and the position after 7g7f (ply 2). Everything deeper is reached
 * only through evaluated moves (depth 12 unless said):
 *
 * <pre>
 * after 7g7f 3c3d (P2):        2g2f 40, propagated (35, 3) in the values table; 6g6f 20
 * after … 2g2f (P3a):          8c8d −30      after … 6g6f (P3b):        8c8d −10
 * after … 2g2f 8c8d (P4a):     6g6f 15       after … 6g6f 8c8d (P4b):   2g2f 25
 * after … 2g2f 8c8d 6g6f = … 6g6f 8c8d 2g2f (P5, the transposition): 4a3b −5
 * after 2g2f (Q):              8c8d −20  (the start's 2g2f: a move nobody played or evaluated)
 * after 1g1f 9c9d (O):         9g9f 5    (no book move leads there: an orphan)
 * </pre>
 *
 * Plies by hand: P2 = 3 (the counted 3c3d from ply 2), P3a/P3b = 4, P4a/P4b = 5, P5 = 6 by either
 * path, Q = 2 (through the unplayed 2g2f from the start), O = 1 (the orphan ply). Positions are
 * written Black to move: the SFENs of positions with White to move are the boards turned round
 * (worked out by hand).
 */
class BookPositionsTest {
    /**
     * The ten positions, mover's view, with their hand-worked move lines (mover coordinates, ponder
     * in the coordinates of the position after the move).
     */
    static final Map<String, List<String>> EXPECTED = new LinkedHashMap<>();

    static {
        String start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        EXPECTED.put(start, List.of("7g7f 3c3d 0 32 1"));
        // P1, after 7g7f: ponder 8c8d is P2's best move 2g2f seen from White's side
        EXPECTED.put(
                "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 2",
                List.of("7g7f 8c8d 0 32 1"));
        EXPECTED.put(
                "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
                List.of("2g2f 8c8d 35 3 1", "6g6f 8c8d 20 12 1"));
        EXPECTED.put(
                "lnsgkgsnl/1r5b1/p1pppp1pp/1p4p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 4",
                List.of("2g2f 4c4d -30 12 1"));
        EXPECTED.put(
                "lnsgkgsnl/1r5b1/ppppp2pp/5pp2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 4",
                List.of("2g2f 8c8d -10 12 1"));
        EXPECTED.put(
                "lnsgkgsnl/1r5b1/p1pppp1pp/1p4p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL b - 5",
                List.of("6g6f 4a3b 15 12 1"));
        EXPECTED.put(
                "lnsgkgsnl/1r5b1/p1pppp1pp/1p4p2/9/2PP5/PP2PPPPP/1B5R1/LNSGKGSNL b - 5",
                List.of("2g2f 4a3b 25 12 1"));
        EXPECTED.put(
                "lnsgkgsnl/1r5b1/p1ppp2pp/1p3pp2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL b - 6",
                List.of("6i7h none -5 12 1"));
        EXPECTED.put(
                "lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 2",
                List.of("2g2f none -20 12 1"));
        EXPECTED.put(
                "lnsgkgsnl/1r5b1/1pppppppp/p8/9/8P/PPPPPPPP1/1B5R1/LNSGKGSNL b - 1",
                List.of("9g9f none 5 12 1"));
    }

    @TempDir Path dir;

    static Position after(String... usi) {
        Position p = Sfen.startPosition();
        for (String u : usi) {
            p.doMove(UsiMove.parse(p, u));
        }
        return p;
    }

    static void eval(Map<byte[], MoveEval> table, MoveEval e, String move, String... before) {
        Position p = after(before);
        int m16 = MoverView.toMover(p, UsiMove.parse(p, move));
        table.put(BookLayout.entryKey(FullKey.of(p), m16), e);
    }

    static MoveEval e(int value) {
        return new MoveEval(value, 12, 1000);
    }

    @BeforeEach
    void writeBook() {
        BookAccumulator acc = new BookAccumulator();
        Position start = after();
        acc.addMove(start, UsiMove.parse(start, "7g7f"), new MoveStats(1, 0, 0, 0, 1, 1));
        Position p1 = after("7g7f");
        acc.addMove(p1, UsiMove.parse(p1, "3c3d"), new MoveStats(1, 0, 0, 0, 2, 2));
        Map<byte[], MoveEval> evals = new TreeMap<>(Arrays::compareUnsigned);
        Map<byte[], MoveEval> values = new TreeMap<>(Arrays::compareUnsigned);
        eval(evals, e(40), "2g2f", "7g7f", "3c3d");
        eval(values, new MoveEval(35, 3, 0), "2g2f", "7g7f", "3c3d");
        eval(evals, e(20), "6g6f", "7g7f", "3c3d");
        eval(evals, e(-30), "8c8d", "7g7f", "3c3d", "2g2f");
        eval(evals, e(-10), "8c8d", "7g7f", "3c3d", "6g6f");
        eval(evals, e(15), "6g6f", "7g7f", "3c3d", "2g2f", "8c8d");
        eval(evals, e(25), "2g2f", "7g7f", "3c3d", "6g6f", "8c8d");
        eval(evals, e(-5), "4a3b", "7g7f", "3c3d", "2g2f", "8c8d", "6g6f");
        eval(evals, e(-20), "8c8d", "2g2f");
        eval(evals, e(5), "9g9f", "1g1f", "9c9d");
        Path v = BookVersions.newVersion(dir);
        try (BookStore s = BookStore.create(v, null)) {
            for (Index i : Index.values()) {
                Map<byte[], byte[]> m = new LinkedHashMap<>();
                acc.entries(i).forEach((k, st) -> m.put(k, BookLayout.encode(st)));
                s.put(i, m);
            }
            s.putEvals(EvalLayout.Table.EVALS, evals);
            s.putEvals(EvalLayout.Table.VALUES, values);
            s.putMetadata(Map.of());
        }
        BookVersions.publish(dir, v);
    }

    static String exportDb(RocksBook b) throws Exception {
        StringWriter w = new StringWriter();
        long n = YaneuraOuDb.write(b, b.metadata().minCount(), b, b::forEachValue, w);
        assertThat(n).isEqualTo(EXPECTED.size());
        return w.toString();
    }

    @Test
    void dbHoldsEveryPositionReachedOnlyThroughEvaluatedMovesAtItsPly() throws Exception {
        String db;
        try (RocksBook b = RocksBook.open(dir)) {
            db = exportDb(b);
        }
        String[] lines = db.split("\n");
        assertThat(lines[0]).isEqualTo(YaneuraOuDb.HEADER);
        Map<String, List<String>> got = new LinkedHashMap<>();
        List<String> sfens = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            if (lines[i].startsWith("sfen ")) {
                sfens.add(lines[i]);
                got.put(lines[i].substring(5), new ArrayList<>());
            } else {
                got.get(sfens.get(sfens.size() - 1).substring(5)).add(lines[i]);
            }
        }
        assertThat(got).isEqualTo(EXPECTED);
        assertThat(sfens).isSorted();
    }

    @Test
    void aperyBinHoldsEveryMoveOfEveryPositionWithItsScore() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long n;
        try (RocksBook b = RocksBook.open(dir)) {
            n = AperyBook.write(b, b.metadata().minCount(), b, b::forEachValue, out);
        }
        long moves = EXPECTED.values().stream().mapToLong(List::size).sum();
        assertThat(moves).isEqualTo(11);
        assertThat(n).isEqualTo(2 * moves);
        ByteBuffer buf = ByteBuffer.wrap(out.toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(buf.remaining()).isEqualTo(AperyBook.ENTRY_BYTES * (int) n);
        Set<String> entries = new HashSet<>();
        long prev = 0;
        for (int i = 0; i < n; i++) {
            long key = buf.getLong();
            int move = buf.getShort() & 0xffff;
            int count = buf.getShort() & 0xffff;
            int score = buf.getInt();
            assertThat(Long.compareUnsigned(prev, key)).isLessThanOrEqualTo(0);
            prev = key;
            entries.add(key + " " + move + " " + count + " " + score);
        }
        Set<String> expected = new HashSet<>();
        EXPECTED.forEach(
                (sfen, ls) -> {
                    Position black = Sfen.parse(sfen);
                    for (String l : ls) {
                        String[] t = l.split(" ");
                        int m16 = Move.move16(UsiMove.parse(black, t[0]));
                        expected.add(
                                AperyKeys.key(black)
                                        + " "
                                        + AperyKeys.fromToPro(m16)
                                        + " 1 "
                                        + t[2]);
                        int flipped = AperyKeys.fromToPro(MoverView.flipMove16(m16));
                        expected.add(AperyKeys.key(black.flipped()) + " " + flipped + " 1 " + t[2]);
                    }
                });
        assertThat(entries).isEqualTo(expected);
    }

    @Test
    void exportedDbReadsBackWithTheSamePositions() throws Exception {
        String db;
        try (RocksBook b = RocksBook.open(dir)) {
            db = exportDb(b);
        }
        BookAccumulator back = new BookAccumulator();
        long moveLines =
                YaneuraOuDb.read(new BufferedReader(new StringReader(db)), "export.db", back);
        assertThat(moveLines).isEqualTo(11);
        Set<String> positions = new HashSet<>();
        for (byte[] k : back.entries(Index.FULL).keySet()) {
            positions.add(Arrays.toString(BookLayout.indexKey(k)));
        }
        assertThat(positions).hasSize(EXPECTED.size());
    }
}
