package dev.joseki.book.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.book.BookAccumulator;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.GameExploder;
import dev.joseki.book.MoveStats;
import dev.joseki.notation.ParseException;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class BookFormatsTest {
    /** A: 7g7f 3c3d 2g2f (Black won); B: 7g7f 8c8d (White won); C: 2g2f 3c3d. */
    static BookAccumulator smallBook() {
        BookAccumulator acc = new BookAccumulator();
        game(acc, Result.BLACK_WIN, "7g7f", "3c3d", "2g2f");
        game(acc, Result.WHITE_WIN, "7g7f", "8c8d");
        game(acc, Result.UNFINISHED, "2g2f", "3c3d");
        return acc;
    }

    static void game(BookAccumulator acc, Result r, String... usi) {
        Position p = Sfen.startPosition();
        int[] moves = new int[usi.length];
        for (int i = 0; i < usi.length; i++) {
            moves[i] = UsiMove.parse(p, usi[i]);
            p.doMove(moves[i]);
        }
        GameExploder.explode(Sfen.startPosition(), moves, r, 100, false, acc);
    }

    static String export(BookAccumulator acc) throws Exception {
        StringWriter w = new StringWriter();
        YaneuraOuDb.write(acc, 1, w);
        return w.toString();
    }

    @Test
    void yaneuraOuExportWritesValuesBestFirstAndLowersAnEqualValueOfAnotherDepth()
            throws Exception {
        // start position: 7g7f (count 2) valued (30, 4); 2g2f (count 1) valued (30, 2); 5g5f has a
        // value only (−10, 0). Best first: Black wins (30 ≥ 0) so the shorter depth is better: 2g2f
        // (30, 2), then 7g7f written 29 (same value, other depth, as peta_shock writes it), then
        // 5g5f with count 1.
        Position start = Sfen.startPosition();
        java.util.SortedMap<Integer, dev.joseki.book.MoveEval> v = new TreeMap<>();
        v.put(
                dev.joseki.rules.Move.move16(UsiMove.parse(start, "7g7f")),
                new dev.joseki.book.MoveEval(30, 4, 0));
        v.put(
                dev.joseki.rules.Move.move16(UsiMove.parse(start, "2g2f")),
                new dev.joseki.book.MoveEval(30, 2, 0));
        v.put(
                dev.joseki.rules.Move.move16(UsiMove.parse(start, "5g5f")),
                new dev.joseki.book.MoveEval(-10, 0, 0));
        byte[] startKey = dev.joseki.book.FullKey.of(start);
        StringWriter w = new StringWriter();
        TreeMap<byte[], dev.joseki.book.MoveEval> valued =
                new TreeMap<>(java.util.Arrays::compareUnsigned);
        v.forEach((m, e) -> valued.put(dev.joseki.book.BookLayout.entryKey(startKey, m), e));
        YaneuraOuDb.write(
                smallBook(),
                1,
                k ->
                        java.util.Arrays.equals(k, startKey)
                                ? v
                                : java.util.Collections.emptySortedMap(),
                valued::forEach,
                w);
        String[] lines = w.toString().split("\n");
        int at = java.util.Arrays.asList(lines).indexOf("sfen " + Sfen.STARTPOS);
        assertThat(at).isPositive();
        assertThat(lines[at + 1]).isEqualTo("2g2f 3c3d 30 2 1");
        assertThat(lines[at + 2])
                .isEqualTo("7g7f 8c8d 29 4 2"); // ponder: a tie of 1 and 1, first in the mover-view
        // order
        assertThat(lines[at + 3]).isEqualTo("5g5f none -10 0 1");
        assertThat(at + 4 == lines.length || lines[at + 4].startsWith("sfen "))
                .as("no fourth move")
                .isTrue();
    }

    @Test
    void yaneuraOuReadGivesEachMovesValueAndDepthClampedToMate() throws Exception {
        String db =
                "#YANEURAOU-DB2016 1.00\nsfen "
                        + Sfen.STARTPOS
                        + "\n7g7f 3c3d 45 18 3\n2g2f none -40000 7 0\n"
                        + "5g5f none\n";
        List<String> seen = new ArrayList<>();
        long n =
                YaneuraOuDb.read(
                        new BufferedReader(new StringReader(db)),
                        "v.db",
                        (YaneuraOuDb.ValuedMoveSink)
                                (pos, move, count, eval) ->
                                        seen.add(
                                                dev.joseki.rules.Move.usi(move)
                                                        + " "
                                                        + count
                                                        + " "
                                                        + (eval == null
                                                                ? "none"
                                                                : eval.value()
                                                                        + "/"
                                                                        + eval.depth())));
        assertThat(n).isEqualTo(3);
        assertThat(seen).containsExactly("7g7f 3 45/18", "2g2f 0 -32000/7", "5g5f 1 none");
        assertThatThrownBy(
                        () ->
                                YaneuraOuDb.read(
                                        new BufferedReader(
                                                new StringReader(
                                                        "#YANEURAOU-DB2016 1.00\nsfen "
                                                                + Sfen.STARTPOS
                                                                + "\n7g7f none x1 3 1\n")),
                                        "w.db",
                                        (YaneuraOuDb.ValuedMoveSink)
                                                (pos, move, count, eval) -> {}))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("w.db")
                .hasMessageContaining("value 'x1'");
    }

    @Test
    void yaneuraOuExportFollowsTheChecklist() throws Exception {
        String[] lines = export(smallBook()).split("\n");
        assertThat(lines[0]).isEqualTo("#YANEURAOU-DB2016 1.00");
        List<String> sfens = new ArrayList<>();
        for (String l : lines) {
            if (l.startsWith("sfen ")) {
                sfens.add(l);
            } else if (!l.startsWith("#")) {
                assertThat(l.split(" ")).hasSize(5);
            }
        }
        assertThat(sfens).isSorted().hasSize(4); // start, after 7g7f, after 2g2f, after 7g7f 3c3d
        int start = java.util.Arrays.asList(lines).indexOf("sfen " + Sfen.STARTPOS);
        // ponder: White's replies after 7g7f were 3c3d and 8c8d once each; the tie goes to the
        // smaller mover-view move (8c8d is 2g2f from White's side)
        assertThat(lines[start + 1]).isEqualTo("7g7f 8c8d 0 32 2");
        assertThat(lines[start + 2]).isEqualTo("2g2f 3c3d 0 32 1");
        // White-to-move positions are written from the mover's side, at the ply they were seen
        // (after 7g7f, seen from White: Black's 7f pawn appears on 3d)
        assertThat(sfens)
                .contains("sfen lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 2");
    }

    @Test
    void yaneuraOuExportReimportsToTheSameCounts() throws Exception {
        BookAccumulator original = smallBook();
        BookAccumulator back = new BookAccumulator();
        long moves =
                YaneuraOuDb.read(
                        new BufferedReader(new StringReader(export(original))), "x.db", back);
        assertThat(moves).isEqualTo(original.entries(Index.FULL).size());
        assertThat(counts(back)).isEqualTo(counts(original));
    }

    static Map<String, Long> counts(BookAccumulator a) {
        Map<String, Long> m = new TreeMap<>();
        a.entries(Index.FULL)
                .forEach((k, v) -> m.put(java.util.HexFormat.of().formatHex(k), v.count()));
        return m;
    }

    @Test
    void badDbInputNamesTheLine() {
        assertThatThrownBy(
                        () ->
                                YaneuraOuDb.read(
                                        new BufferedReader(new StringReader("sfen x\n")),
                                        "a.db",
                                        new BookAccumulator()))
                .isInstanceOf(ParseException.class)
                .hasMessageStartingWith("a.db:1:");
        String illegal = "#YANEURAOU-DB2016 1.00\nsfen " + Sfen.STARTPOS + "\n7g7e none 0 32 1\n";
        assertThatThrownBy(
                        () ->
                                YaneuraOuDb.read(
                                        new BufferedReader(new StringReader(illegal)),
                                        "b.db",
                                        new BookAccumulator()))
                .isInstanceOf(ParseException.class)
                .hasMessageStartingWith("b.db:3:");
        String badCount =
                "#YANEURAOU-DB2016 1.00\nsfen " + Sfen.STARTPOS + "\n7g7f none 0 32 many\n";
        assertThatThrownBy(
                        () ->
                                YaneuraOuDb.read(
                                        new BufferedReader(new StringReader(badCount)),
                                        "c.db",
                                        new BookAccumulator()))
                .hasMessageContaining("c.db:3:")
                .hasMessageContaining("many");
    }

    @Test
    void aperyExportHasSortedSixteenByteEntriesForBothColours() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long n = AperyBook.write(smallBook(), 1, out);
        BookAccumulator acc = smallBook();
        assertThat(n).isEqualTo(2L * acc.entries(Index.FULL).size());
        ByteBuffer b = ByteBuffer.wrap(out.toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(b.remaining()).isEqualTo(16 * n);
        long startKey = AperyKeys.key(Sfen.startPosition());
        long prev = 0;
        Map<Integer, Integer> startMoves = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            long key = b.getLong();
            int move = b.getShort() & 0xffff, count = b.getShort() & 0xffff, score = b.getInt();
            assertThat(Long.compareUnsigned(prev, key)).isLessThanOrEqualTo(0);
            assertThat(score).isZero();
            prev = key;
            if (key == startKey) {
                startMoves.put(move, count);
            }
        }
        assertThat(startMoves)
                .isEqualTo(Map.of(59 | 60 << 7, 2, 14 | 15 << 7, 1)); // 7g7f ×2, 2g2f ×1
        assertThat(new MoveStats(1, 0, 0, 0, 1, 1).count()).isEqualTo(1);
    }
}
