package dev.joseki.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.book.BookAccumulator;
import dev.joseki.book.BookLayout;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.GameExploder;
import dev.joseki.book.store.BookStore;
import dev.joseki.book.store.BookVersions;
import dev.joseki.engine.EvalFile;
import dev.joseki.engine.EvalWeights;
import dev.joseki.engine.FeatureSet;
import dev.joseki.engine.HandcraftedEvaluator;
import dev.joseki.engine.NetworkEvaluator;
import dev.joseki.engine.TrainedEvaluator;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built-in player, alone and with a real RocksDB book (BookDir/BookMode and the recorded book
 * source).
 */
class BuiltinPlayerTest {
    static Path book(Path dir, String sfen, String... usi) {
        return book(dir, 1, sfen, usi);
    }

    /** A book holding the one game {@code times} times. */
    static Path book(Path dir, int times, String sfen, String... usi) {
        BookAccumulator acc = new BookAccumulator();
        Position p = Sfen.parse(sfen);
        int[] moves = new int[usi.length];
        for (int i = 0; i < usi.length; i++) {
            moves[i] = UsiMove.parse(p, usi[i]);
            p.doMove(moves[i]);
        }
        for (int i = 0; i < times; i++) {
            GameExploder.explode(Sfen.parse(sfen), moves, Result.BLACK_WIN, 100, false, acc);
        }
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
        // White king 5a alone, Black pawn 5c and a gold in hand: G*5b is the only mate (G*4b / G*6b
        // leave 6b / 4b).
        try (BuiltinPlayer p = new BuiltinPlayer(Map.of())) {
            p.newGame(1);
            Player.Answer a =
                    p.move(
                            Sfen.parse("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"),
                            List.of(),
                            SearchLimit.nodes(2000));
            assertThat(a.usi()).isEqualTo("G*5b");
            assertThat(a.info().mate()).isTrue();
            assertThat(a.info().score()).isEqualTo(1);
            assertThat(a.info().source()).isEqualTo(MoveInfo.Source.SEARCH);
        }
    }

    @Test
    void declaresAValidDeclarationWin() throws Exception {
        // Black's king in White's camp with 10 pieces there and 28 points in all (27-point rule): a
        // win.
        String sfen = "K1+R+B+P+P+P+P+P/PPPPPPP2/9/9/9/9/9/9/8k b 4G4S4N4L3P 1";
        try (BuiltinPlayer p = new BuiltinPlayer(Map.of())) {
            assertThat(p.move(Sfen.parse(sfen), List.of(), SearchLimit.nodes(100)).usi())
                    .isEqualTo("win");
        }
    }

    @Test
    void unknownOptionIsRejected() {
        assertThatThrownBy(() -> new BuiltinPlayer(Map.of("Contempt", "10")))
                .hasMessageContaining("Contempt");
    }

    @Test
    void fullMatchPlaysTheBookMoveAndRecordsIt(@TempDir Path dir) throws Exception {
        Path b = book(dir, Sfen.STARTPOS, "9g9f");
        try (BuiltinPlayer p =
                new BuiltinPlayer(Map.of("BookDir", b.toString(), "BookMode", "nm"))) {
            p.newGame(7);
            Player.Answer a = p.move(Sfen.startPosition(), List.of(), SearchLimit.nodes(2000));
            assertThat(a.usi()).isEqualTo("9g9f");
            assertThat(a.info().source()).isEqualTo(MoveInfo.Source.BOOK_FULL);
            assertThat(a.info().comment()).isEqualTo("book");
        }
    }

    @Test
    void aBookDirWhosePointerIsDamagedIsRefusedSayingSo(@TempDir Path dir) throws Exception {
        Path b = book(dir, Sfen.STARTPOS, "9g9f");
        Files.write(b.resolve("CURRENT"), new byte[] {(byte) 0xff, 0x00, (byte) 0x81});
        try (BuiltinPlayer p = new BuiltinPlayer(Map.of())) {
            assertThatThrownBy(() -> p.setOption("BookDir", b.toString()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("is damaged")
                    .hasMessageContaining(b.resolve("CURRENT").toString());
        }
    }

    @Test
    void aDamagedBlockMetInAGameIsNotPlayedFromAndTheSearchAnswers(@TempDir Path dir)
            throws Exception {
        Path b = book(dir, 50, Sfen.STARTPOS, "9g9f");
        Path full = null;
        try (java.util.stream.Stream<Path> s = Files.list(BookVersions.current(b))) {
            for (Path f : (Iterable<Path>) s::iterator) {
                if (f.toString().endsWith(".sst")
                        && (full == null || Files.size(f) > Files.size(full))) {
                    full = f;
                }
            }
        }
        byte[] bytes = Files.readAllBytes(full);
        bytes[8] ^= 0x5a; // the first data block starts at offset 0; index and filter come last
        Files.write(full, bytes);
        try (BuiltinPlayer p =
                new BuiltinPlayer(Map.of("BookDir", b.toString(), "BookMode", "nm"))) {
            p.newGame(7);
            Player.Answer a = p.move(Sfen.startPosition(), List.of(), SearchLimit.nodes(2000));
            assertThat(a.info().source()).isEqualTo(MoveInfo.Source.SEARCH);
        }
    }

    @Test
    void halfMatchBonusIsRecordedWhenItsMoveIsChosen(@TempDir Path dir) throws Exception {
        // Black's pieces as at the start, White's 3c pawn elsewhere: a half match only for the
        // start position
        Path b =
                book(
                        dir,
                        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                        "9g9f");
        try (BuiltinPlayer p =
                new BuiltinPlayer(Map.of("BookDir", b.toString(), "BookMode", "HM"))) {
            Player.Answer a = p.move(Sfen.startPosition(), List.of(), SearchLimit.depth(3));
            assertThat(a.usi()).isEqualTo("9g9f");
            assertThat(a.info().source()).isEqualTo(MoveInfo.Source.BOOK_HALF);
        }
    }

    @Test
    void castleOnlyBonusIsUsedByHqcmAloneAndRecordedAsAQuarterBookMove(@TempDir Path dir)
            throws Exception {
        // Black's start formation at ply 41 (White's 3c pawn moved): from the start position at ply
        // 1 no full, half (other ply) or quarter (window 1..11) match, but the castle match (any
        // ply; the 5i king holds both areas) suggests 9g9f with FQ 100: bonus max(25, 12 + 100) =
        // 112
        Path b =
                book(
                        dir,
                        100,
                        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 41",
                        "9g9f");
        try (BuiltinPlayer p =
                new BuiltinPlayer(Map.of("BookDir", b.toString(), "BookMode", "HQCM"))) {
            Player.Answer a = p.move(Sfen.startPosition(), List.of(), SearchLimit.depth(3));
            assertThat(a.usi()).isEqualTo("9g9f");
            assertThat(a.info().source()).isEqualTo(MoveInfo.Source.BOOK_QUARTER);
        }
        try (BuiltinPlayer p =
                new BuiltinPlayer(Map.of("BookDir", b.toString(), "BookMode", "HQM"))) {
            Player.Answer a = p.move(Sfen.startPosition(), List.of(), SearchLimit.depth(3));
            assertThat(a.info().source()).isEqualTo(MoveInfo.Source.SEARCH);
        }
    }

    @Test
    void anNmPlayerIgnoresTheHalfMatch(@TempDir Path dir) throws Exception {
        Path b =
                book(
                        dir,
                        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                        "9g9f");
        try (BuiltinPlayer p =
                new BuiltinPlayer(Map.of("BookDir", b.toString(), "BookMode", "NM"))) {
            Player.Answer a = p.move(Sfen.startPosition(), List.of(), SearchLimit.depth(3));
            assertThat(a.info().source()).isEqualTo(MoveInfo.Source.SEARCH);
        }
    }

    @Test
    void sameGameSeedGivesTheSameBookChoices(@TempDir Path dir) throws Exception {
        // Two book moves at the start: which one is played depends on the seed only.
        BookAccumulator acc = new BookAccumulator();
        for (String m : new String[] {"7g7f", "2g2f", "5g5f", "9g9f"}) {
            GameExploder.explode(
                    Sfen.startPosition(),
                    new int[] {UsiMove.parse(Sfen.startPosition(), m)},
                    Result.BLACK_WIN,
                    100,
                    false,
                    acc);
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
            try (BuiltinPlayer a = new BuiltinPlayer(opts);
                    BuiltinPlayer b = new BuiltinPlayer(opts)) {
                a.newGame(seed);
                b.newGame(seed);
                assertThat(a.move(Sfen.startPosition(), List.of(), SearchLimit.nodes(10)).usi())
                        .isEqualTo(
                                b.move(Sfen.startPosition(), List.of(), SearchLimit.nodes(10))
                                        .usi());
            }
        }
    }

    @Test
    void severalLinesAreReportedForSamplingAndMultiPvIsBackToOneAfter() throws Exception {
        try (BuiltinPlayer p = new BuiltinPlayer(Map.of("USI_Hash", "1"))) {
            p.newGame(1);
            Player.Answer a = p.move(Sfen.startPosition(), List.of(), SearchLimit.nodes(20_000), 4);
            assertThat(a.lines()).hasSize(4);
            assertThat(a.lines().stream().map(Sampling.Line::usi).distinct()).hasSize(4);
            Position start = Sfen.startPosition();
            for (Sampling.Line l : a.lines()) {
                assertThat(start.isLegal(UsiMove.parse(start, l.usi()))).isTrue();
                assertThat(l.score()).isLessThanOrEqualTo(a.lines().get(0).score());
            }
            // One line asked: none reported, and the search is back to one line (its own option).
            assertThat(p.move(Sfen.startPosition(), List.of(), SearchLimit.nodes(2_000)).lines())
                    .isEmpty();
            assertThat(p.options().number("MultiPV")).isEqualTo(1);
        }
    }

    @Test
    void evalFileSwitchesToTheTrainedEvaluationAndBackAndRefusesABadFile(@TempDir Path dir)
            throws Exception {
        Path good = dir.resolve("kp.bin");
        EvalFile.write(good, EvalWeights.material(FeatureSet.KP));
        Path bad = dir.resolve("bad.bin");
        java.nio.file.Files.write(bad, new byte[30]);
        try (BuiltinPlayer p = new BuiltinPlayer(Map.of("USI_Hash", "1"))) {
            assertThat(p.search().evaluator()).isInstanceOf(NetworkEvaluator.class);
            p.setOption("EvalFile", good.toString());
            assertThat(p.search().evaluator()).isInstanceOf(TrainedEvaluator.class);
            assertThatThrownBy(() -> p.setOption("EvalFile", bad.toString()))
                    .hasMessage(
                            "option EvalFile: evaluation file "
                                    + bad
                                    + ": not an evaluation file (no JOSEKIEV magic)");
            // refused: the option and the evaluator are what they were, never another evaluation
            assertThat(p.options().get("EvalFile")).isEqualTo(good.toString());
            assertThat(p.search().evaluator()).isInstanceOf(TrainedEvaluator.class);
            p.setOption("EvalFile", "<empty>");
            assertThat(p.search().evaluator()).isInstanceOf(NetworkEvaluator.class);
        }
    }

    @Test
    void theHandcraftedEvaluationIsChosenByNameWhateverEvalFileSays(@TempDir Path dir)
            throws Exception {
        Path good = dir.resolve("kp.bin");
        EvalFile.write(good, EvalWeights.material(FeatureSet.KP));
        try (BuiltinPlayer p =
                new BuiltinPlayer(Map.of("USI_Hash", "1", "Evaluation", "handcrafted"))) {
            assertThat(p.search().evaluator()).isInstanceOf(HandcraftedEvaluator.class);
            // a GUI sends the file it remembers: the named evaluation still plays
            p.setOption("EvalFile", good.toString());
            assertThat(p.search().evaluator()).isInstanceOf(HandcraftedEvaluator.class);
            p.setOption("Evaluation", "trained");
            assertThat(p.search().evaluator()).isInstanceOf(TrainedEvaluator.class);
        }
    }

    @Test
    void aTuneEvalScaleIsRefusedWhileTheTrainedEvaluationPlays() {
        try (BuiltinPlayer p = new BuiltinPlayer(Map.of("USI_Hash", "1"))) {
            assertThatThrownBy(() -> p.setOption("TuneEvalPst", "50"))
                    .hasMessage(
                            "options TuneEval*: they scale the handcrafted evaluation; set option"
                                    + " Evaluation to HANDCRAFTED");
            // refused: nothing changed
            assertThat(p.options().get("TuneEvalPst")).isEqualTo("100");
            assertThat(p.search().evaluator()).isInstanceOf(NetworkEvaluator.class);
            p.setOption("Evaluation", "handcrafted");
            p.setOption("TuneEvalPst", "50");
            assertThat(p.search().evaluator()).isInstanceOf(HandcraftedEvaluator.class);
            assertThatThrownBy(() -> p.setOption("Evaluation", "trained"))
                    .hasMessageStartingWith("options TuneEval*");
            assertThat(p.options().get("Evaluation")).isEqualTo("HANDCRAFTED");
        }
    }

    @Test
    void aPlayerBuiltWithAMissingEvalFileIsRefused(@TempDir Path dir) {
        Path missing = dir.resolve("none.bin");
        assertThatThrownBy(() -> new BuiltinPlayer(Map.of("EvalFile", missing.toString())))
                .hasMessage("evaluation file " + missing + ": no such file");
    }
}
