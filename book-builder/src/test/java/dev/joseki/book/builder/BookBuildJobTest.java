package dev.joseki.book.builder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.book.BookLayout;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.FullKey;
import dev.joseki.book.HalfKey;
import dev.joseki.book.MoverView;
import dev.joseki.book.QuarterKey;
import dev.joseki.book.store.BookVersions;
import dev.joseki.book.store.RocksBook;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Position;
import dev.joseki.rules.Square;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real Spark (local[2]) and real RocksDB on disk. Expected counts come from a plain loop over the
 * game lines below, independent of the job's explode/aggregate/SST/merge path.
 */
class BookBuildJobTest {
    static final int MAX_PLY = 16;
    static SparkSession spark;

    @BeforeAll
    static void startSpark() {
        spark = BookBuildJob.session("local[2]", 4);
    }

    @AfterAll
    static void stopSpark() {
        spark.stop();
    }

    static final String MATE =
            "position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1 moves G*5b"; // Black mates
    static final String RESIGN = "position startpos moves 7g7f 3c3d resign"; // Black resigns

    /** count, wins, draws, losses per hex entry key, per index. */
    static Map<Index, Map<String, List<Long>>> expected(List<String> uniqueLines) {
        return expected(uniqueLines, Map.of());
    }

    /** givenWinner: line -> winning colour (0, 1) or 2 for a draw, as a record states it. */
    static Map<Index, Map<String, List<Long>>> expected(
            List<String> uniqueLines, Map<String, Integer> givenWinner) {
        Map<Index, Map<String, List<Long>>> m = new EnumMap<>(Index.class);
        for (Index i : Index.values()) {
            m.put(i, new TreeMap<>());
        }
        for (String line : uniqueLines) {
            String[] t = line.split(" ");
            boolean sfen = t[1].equals("sfen");
            Position p =
                    Sfen.parse(sfen ? String.join(" ", t[2], t[3], t[4], t[5]) : Sfen.STARTPOS);
            List<Integer> moves = new ArrayList<>();
            int winner = -1; // colour that won, -1 unknown
            for (int i = sfen ? 7 : 3; i < t.length; i++) {
                if (t[i].equals("resign")) {
                    winner = (p.sideToMove() ^ 1);
                    break;
                }
                int mv = UsiMove.parse(p, t[i]);
                moves.add(mv);
                p.doMove(mv);
            }
            if (winner < 0
                    && MoveGenerator.generateLegal(p, new int[MoveGenerator.MAX_MOVES], 0) == 0) {
                winner = p.sideToMove() ^ 1;
            }
            winner = givenWinner.getOrDefault(line, winner);
            Position q =
                    sfen
                            ? Sfen.parse(String.join(" ", t[2], t[3], t[4], t[5]))
                            : Sfen.startPosition();
            for (int mv : moves) {
                if (q.moveNumber() > MAX_PLY) {
                    break;
                }
                int m16 = MoverView.toMover(q, mv);
                long w = winner == q.sideToMove() ? 1 : 0,
                        l = winner == (q.sideToMove() ^ 1) ? 1 : 0;
                long d = winner == 2 ? 1 : 0;
                add(m, Index.FULL, FullKey.of(q), m16, w, d, l);
                add(m, Index.HALF, HalfKey.of(q), m16, w, d, l);
                int king = MoverView.of(q).kingSquare(dev.joseki.rules.Piece.BLACK);
                for (byte[] k : QuarterKey.both(q)) {
                    if (touches(
                            k, m16)) { // the book stores only quarter moves that touch their area
                        add(m, Index.QUARTER, k, m16, w, d, l);
                        // castle: the same area pattern without the ply, for the area(s) holding
                        // the king
                        if (inArea(k, king)) {
                            add(
                                    m,
                                    Index.CASTLE,
                                    java.util.Arrays.copyOf(k, k.length - 2),
                                    m16,
                                    w,
                                    d,
                                    l);
                        }
                    }
                }
                q.doMove(mv);
            }
        }
        return m;
    }

    /**
     * The paper's area rule written out independently of Area: byte 0 of a quarter key is 0 for
     * files 9-5, 1 for files 5-1, both on ranks 5-9 (mover coordinates); a move touches the area
     * when it lands in it or (not a drop) starts in it.
     */
    static boolean touches(byte[] quarterKey, int m16) {
        return inArea(quarterKey, Move.to(m16))
                || !Move.isDrop(m16) && inArea(quarterKey, Move.from(m16));
    }

    static boolean inArea(byte[] quarterKey, int sq) {
        int low = quarterKey[0] == 0 ? 5 : 1, high = low + 4;
        return sq >= 0
                && Square.file(sq) >= low
                && Square.file(sq) <= high
                && Square.rank(sq) >= 5
                && Square.rank(sq) <= 9;
    }

    static void add(
            Map<Index, Map<String, List<Long>>> m,
            Index i,
            byte[] key,
            int m16,
            long w,
            long d,
            long l) {
        String k = HexFormat.of().formatHex(BookLayout.entryKey(key, m16));
        List<Long> old = m.get(i).getOrDefault(k, List.of(0L, 0L, 0L, 0L));
        m.get(i).put(k, List.of(old.get(0) + 1, old.get(1) + w, old.get(2) + d, old.get(3) + l));
    }

    static Map<Index, Map<String, List<Long>>> actual(Path book) {
        Map<Index, Map<String, List<Long>>> m = new EnumMap<>(Index.class);
        try (RocksBook b = RocksBook.open(book)) {
            for (Index i : Index.values()) {
                Map<String, List<Long>> e = new TreeMap<>();
                b.forEach(
                        i,
                        (k, v) -> {
                            var s = BookLayout.decode(v);
                            e.put(
                                    HexFormat.of().formatHex(k),
                                    List.of(s.count(), s.wins(), s.draws(), s.losses()));
                        });
                m.put(i, e);
            }
        }
        return m;
    }

    /**
     * n seeded random legal games of 24 plies, as USI lines. The first 6 moves are drawn from the 3
     * lowest-numbered legal moves, so that games share openings and positions are counted more than
     * once.
     */
    static List<String> randomGames(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        List<String> g = new ArrayList<>();
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        for (int i = 0; i < n; i++) {
            Position p = Sfen.startPosition();
            StringBuilder sb = new StringBuilder("position startpos moves");
            for (int ply = 0; ply < 24; ply++) {
                int k = MoveGenerator.generateLegal(p, buf, 0);
                if (k == 0) {
                    break;
                }
                int m;
                if (ply < 6) {
                    int[] sorted = java.util.Arrays.copyOf(buf, k);
                    java.util.Arrays.sort(sorted);
                    m = sorted[r.nextInt(Math.min(3, k))];
                } else {
                    m = buf[r.nextInt(k)];
                }
                sb.append(' ').append(Move.usi(m));
                p.doMove(m);
            }
            g.add(sb.toString());
        }
        return g;
    }

    @Test
    void countsEqualDirectCountsAndRebuildsAreExactlyIncremental(@TempDir Path tmp)
            throws IOException {
        Path in1 = Files.createDirectories(tmp.resolve("in1"));
        Path in2 = Files.createDirectories(tmp.resolve("in2"));
        Path out = tmp.resolve("book");
        List<String> first = randomGames(1, 40);
        first.add(MATE);
        first.add(RESIGN);
        List<String> lines1 = new ArrayList<>(first);
        lines1.addAll(first.subList(0, 5)); // re-sent duplicates
        lines1.add("position startpos moves 7g7f 7g7f"); // illegal: rejected
        lines1.add("this is not a game"); // unparsable: rejected
        Files.write(in1.resolve("a.usi"), lines1.subList(0, 30));
        Files.write(in1.resolve("b.usi"), lines1.subList(30, lines1.size()));
        BuildSettings s =
                BuildSettings.defaults(out.toString(), List.of(in1.toString()))
                        .withMaster("local[2]")
                        .withMaxPly(MAX_PLY)
                        .withPartitions(4);

        // 1. first build: exact counts
        BookBuildJob.Report r1 = BookBuildJob.run(spark, s, GameSources.files(spark, s.inputs()));
        assertThat(r1.gamesRead()).isEqualTo(49);
        assertThat(r1.rejected()).isEqualTo(2);
        assertThat(r1.gamesAdded()).isEqualTo(42);
        assertThat(r1.errors())
                .anyMatch(e -> e.contains("b.usi") && e.contains("illegal move '7g7f'"));
        var want1 = expected(first);
        assertThat(actual(out)).isEqualTo(want1);
        assertThat(want1.get(Index.FULL).values().stream().mapToLong(v -> v.get(1)).sum())
                .isPositive();
        try (RocksBook b = RocksBook.open(out)) {
            assertThat(b.metadata().getLong("games", -1)).isEqualTo(42);
            assertThat(b.metadata().entries(Index.FULL)).isEqualTo(want1.get(Index.FULL).size());
            assertThat(b.metadata().entries(Index.QUARTER))
                    .isEqualTo(want1.get(Index.QUARTER).size());
            long positions =
                    want1.get(Index.FULL).keySet().stream()
                            .map(k -> k.substring(0, k.length() - 4))
                            .distinct()
                            .count();
            assertThat(b.metadata().getLong("positions", -1)).isEqualTo(positions);
        }

        // 2. the same input again: nothing new, nothing published
        Path v1 = BookVersions.current(out);
        BookBuildJob.Report again =
                BookBuildJob.run(spark, s, GameSources.files(spark, s.inputs()));
        assertThat(again.gamesAdded()).isZero();
        assertThat(again.version()).isNull();
        assertThat(BookVersions.current(out)).isEqualTo(v1);
        assertThat(actual(out)).isEqualTo(want1);

        // 3. more games (with duplicates of old ones): exactly the new games are added
        List<String> second = randomGames(2, 20);
        List<String> lines2 = new ArrayList<>(second);
        lines2.addAll(first.subList(10, 13));
        Files.write(in2.resolve("c.usi"), lines2);
        BuildSettings s2 =
                BuildSettings.defaults(out.toString(), List.of(in1.toString(), in2.toString()))
                        .withMaster("local[2]")
                        .withMaxPly(MAX_PLY)
                        .withPartitions(3);
        BookBuildJob.Report r2 = BookBuildJob.run(spark, s2, GameSources.files(spark, s2.inputs()));
        assertThat(r2.gamesAdded()).isEqualTo(20);
        LinkedHashSet<String> all = new LinkedHashSet<>(first);
        all.addAll(second);
        assertThat(actual(out)).isEqualTo(expected(new ArrayList<>(all)));
        try (RocksBook b = RocksBook.open(out)) {
            assertThat(b.metadata().getLong("games", -1)).isEqualTo(62);
            assertThat(b.metadata().entries(Index.HALF))
                    .isEqualTo(expected(new ArrayList<>(all)).get(Index.HALF).size());
        }
        assertThat(BookVersions.current(out)).isNotEqualTo(v1);

        // 4. and again: the game ids of both batches survived the checkpoint into the new version
        BookBuildJob.Report r3 = BookBuildJob.run(spark, s2, GameSources.files(spark, s2.inputs()));
        assertThat(r3.gamesAdded()).isZero();
        assertThat(r3.version()).isNull();
        assertThat(Move.usi(0)).isEqualTo("none");
    }

    @Test
    void filtersKeepOnlyTheWinnersMovesInGamesOfTheGivenPlayers(@TempDir Path tmp)
            throws IOException {
        // Alice (Black) - Bob: 7g7f 3c3d, Black resigns; Carol - Dave: 2g2f 8c8d, Black resigns
        Path in = Files.createDirectories(tmp.resolve("in"));
        Files.writeString(
                in.resolve("1.csa"), "V2.2\nN+Alice\nN-Bob\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n");
        Files.writeString(
                in.resolve("2.csa"), "V2.2\nN+Carol\nN-Dave\nPI\n+\n+2726FU\n-8384FU\n%TORYO\n");
        Path out = tmp.resolve("book");
        BuildSettings s =
                BuildSettings.defaults(out.toString(), List.of(in.toString()))
                        .withMaster("local[2]")
                        .withPartitions(2)
                        .withFilters(1, true, java.util.Set.of("Alice"));
        BookBuildJob.Report r = BookBuildJob.run(spark, s, GameSources.files(spark, s.inputs()));
        assertThat(r.gamesAdded()).isEqualTo(1);
        var full = actual(out).get(Index.FULL);
        // only Bob's winning reply 3c3d to 7g7f: one entry, one win
        assertThat(full).hasSize(1);
        assertThat(full.values().iterator().next()).containsExactly(1L, 1L, 0L, 0L);
        Position afterFirst = Sfen.startPosition();
        afterFirst.doMove(UsiMove.parse(afterFirst, "7g7f"));
        String key =
                HexFormat.of()
                        .formatHex(
                                BookLayout.entryKey(
                                        FullKey.of(afterFirst),
                                        MoverView.toMover(
                                                afterFirst, UsiMove.parse(afterFirst, "3c3d"))));
        assertThat(full).containsKey(key);
    }

    static List<Long> stats(Path book, Index index, byte[] key, Position pos, String usi) {
        try (RocksBook b = RocksBook.open(book)) {
            var st =
                    b.get(
                            index,
                            BookLayout.entryKey(
                                    key, MoverView.toMover(pos, UsiMove.parse(pos, usi))));
            return st == null ? null : List.of(st.count(), st.wins(), st.draws(), st.losses());
        }
    }

    @Test
    void importedCountsAndWeightedSourcesMergeIntoOneBook(@TempDir Path tmp) throws IOException {
        // pro (weight 3): 7g7f 3c3d, Black resigns; selfplay (weight 1): 2g2f 8c8d unfinished;
        // gps.db (weight 2): start 7g7f 5, 2g2f 2; after 7g7f: 3c3d 4.
        Path pro =
                Files.writeString(
                        tmp.resolve("pro.usi"), "position startpos moves 7g7f 3c3d resign\n");
        Path self =
                Files.writeString(tmp.resolve("self.usi"), "position startpos moves 2g2f 8c8d\n");
        Path db =
                Files.writeString(
                        tmp.resolve("gps.db"),
                        "#YANEURAOU-DB2016 1.00\n"
                            + "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -"
                            + " 1\n"
                            + "7g7f none 0 0 5\n"
                            + "2g2f none 0 32 2\n"
                            + "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w -"
                            + " 2\n"
                            + "3c3d none 0 0 4\n");
        Path out = tmp.resolve("book");
        BuildSettings s =
                BuildSettings.defaults(out.toString(), List.of())
                        .withSources(
                                List.of(
                                        BookSource.parse(
                                                0, BookSource.Kind.RECORDS, "pro=" + pro + ":3"),
                                        BookSource.parse(
                                                1, BookSource.Kind.RECORDS, "selfplay=" + self),
                                        BookSource.parse(
                                                2,
                                                BookSource.Kind.YANEURAOU_DB,
                                                "gps=" + db + ":2")))
                        .withMaster("local[2]")
                        .withPartitions(2);
        BookBuildJob.Report r = BookBuildJob.run(spark, s, GameSources.records(spark, s));
        assertThat(r.gamesAdded()).isEqualTo(2);
        assertThat(r.importedMoves()).isEqualTo(3);

        Position start = Sfen.startPosition();
        Position after = Sfen.startPosition();
        after.doMove(UsiMove.parse(after, "7g7f"));
        // full: 7g7f = 2·5 imported + 3 (one pro game, lost by Black, counted 3 times)
        assertThat(stats(out, Index.FULL, FullKey.of(start), start, "7g7f"))
                .containsExactly(13L, 0L, 0L, 3L);
        // 2g2f = 2·2 imported + 1 self-play game (unfinished)
        assertThat(stats(out, Index.FULL, FullKey.of(start), start, "2g2f"))
                .containsExactly(5L, 0L, 0L, 0L);
        // 3c3d = 2·4 imported + 3 (White won the pro game)
        assertThat(stats(out, Index.FULL, FullKey.of(after), after, "3c3d"))
                .containsExactly(11L, 3L, 0L, 0L);
        // half at ply 2 (the SFEN's move number): the same counts
        assertThat(stats(out, Index.HALF, HalfKey.of(after), after, "3c3d"))
                .containsExactly(11L, 3L, 0L, 0L);
        // castle: White's king 5a is on file 5, both areas; turned 180° to White's side, 3c3d is
        // 7g7f, inside LEFT (mover files 9-5) and outside RIGHT. White's LEFT formation is the
        // start formation, the same as Black's at ply 1, and the castle index has no ply: Black's
        // 7g7f (13, 3 losses) and White's 3c3d (11, 3 wins) are one entry
        byte[][] castle = dev.joseki.book.CastleKey.of(after);
        assertThat(stats(out, Index.CASTLE, castle[0], after, "3c3d"))
                .containsExactly(24L, 3L, 0L, 3L);
        assertThat(stats(out, Index.CASTLE, castle[1], after, "3c3d")).isNull();

        try (RocksBook b = RocksBook.open(out)) {
            var sources =
                    new com.fasterxml.jackson.databind.ObjectMapper()
                            .readTree(b.metadata().get("sources", "{}"));
            // count = weighted full-index rows: pro 2 moves x 3, selfplay 2 moves x 1, gps
            // 2·(5+2+4)
            assertThat(sources.get("pro").get("count").asLong()).isEqualTo(6);
            assertThat(sources.get("pro").get("games").asLong()).isEqualTo(1);
            assertThat(sources.get("pro").get("weight").asInt()).isEqualTo(3);
            assertThat(sources.get("selfplay").get("count").asLong()).isEqualTo(2);
            assertThat(sources.get("gps").get("count").asLong()).isEqualTo(22);
            assertThat(sources.get("gps").get("kind").asText()).isEqualTo("yaneuraou-db");
            assertThat(sources.get("gps").get("imported_moves").asLong()).isEqualTo(3);
            assertThat(sources.get("gps").get("imported_positions").asLong()).isEqualTo(2);
            assertThat(sources.get("gps").get("entries").asLong()).isEqualTo(3);
            assertThat(sources.get("pro").get("entries").asLong()).isEqualTo(2);
            assertThat(b.metadata().getLong("games", -1)).isEqualTo(2);
            assertThat(b.metadata().entries(Index.FULL)).isEqualTo(4); // 7g7f, 2g2f, 3c3d, 8c8d
        }

        // the same inputs again: the games and the .db file are known, nothing is published
        BookBuildJob.Report again = BookBuildJob.run(spark, s, GameSources.records(spark, s));
        assertThat(again.version()).isNull();
        assertThat(stats(out, Index.FULL, FullKey.of(start), start, "7g7f"))
                .containsExactly(13L, 0L, 0L, 3L);
    }

    @Test
    void aBuildWhoseGamesAreAllRejectedPublishesNothing(@TempDir Path tmp) throws IOException {
        Path in = Files.createDirectories(tmp.resolve("in"));
        Path out = tmp.resolve("book");
        Files.write(
                in.resolve("bad.usi"),
                List.of("position startpos moves 7g7f 7g7f", "not a game", "not a game"));
        BuildSettings s =
                BuildSettings.defaults(out.toString(), List.of(in.toString()))
                        .withMaster("local[2]")
                        .withMaxPly(MAX_PLY)
                        .withPartitions(2);
        BookBuildJob.Report r = BookBuildJob.run(spark, s, GameSources.files(spark, s.inputs()));
        // The two equal junk lines are two rejected lines, not a duplicate.
        assertThat(r.gamesRead()).isEqualTo(3);
        assertThat(r.duplicates()).isZero();
        assertThat(r.rejected()).isEqualTo(3);
        assertThat(r.version()).isNull();
        assertThat(BookVersions.current(out)).isNull();
    }

    @Test
    void aFiftyMegabyteRandomFileIsRejectedQuicklyAsOneBinaryFile(@TempDir Path tmp)
            throws IOException {
        Path in = Files.createDirectories(tmp.resolve("in"));
        byte[] junk = new byte[50 << 20];
        new java.util.Random(17).nextBytes(junk);
        Files.write(in.resolve("junk.txt"), junk);
        BuildSettings s =
                BuildSettings.defaults(tmp.resolve("book").toString(), List.of(in.toString()))
                        .withMaster("local[2]")
                        .withMaxPly(MAX_PLY)
                        .withPartitions(2);
        long t0 = System.nanoTime();
        BookBuildJob.Report r = BookBuildJob.run(spark, s, GameSources.files(spark, s.inputs()));
        // Under the test JVM's 1 GB heap; seconds, not the 35 s the line-by-line reading took.
        assertThat((System.nanoTime() - t0) / 1e9).isLessThan(20.0);
        assertThat(r.rejected()).isEqualTo(1);
        assertThat(r.duplicates()).isZero();
        assertThat(r.errors()).singleElement().asString().contains("junk.txt", "binary content");
        assertThat(r.version()).isNull();
    }
}
