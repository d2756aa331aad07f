package dev.joseki.notation;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Writers round-trip every real record: write, read back, same start, moves, times and result. */
class RoundTripTest {
    static Stream<String> files() {
        return RealRecordsTest.records().map(a -> (String) a.get()[0]);
    }

    private static void assertSameGame(GameRecord back, GameRecord original) {
        assertThat(back.startSfen()).isEqualTo(original.startSfen());
        assertThat(back.moveArray()).isEqualTo(original.moveArray());
        assertThat(back.result()).isEqualTo(original.result());
        assertThat(back.termination()).isEqualTo(original.termination());
        assertThat(back.blackName()).isEqualTo(original.blackName());
        assertThat(back.whiteName()).isEqualTo(original.whiteName());
    }

    private static List<Integer> seconds(GameRecord g) {
        return g.moves().stream().map(RecordMove::seconds).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void csaWriterRoundTrips(String file) {
        GameRecord g = RecordFixtures.game(file);
        String csa = CsaWriter.write(g);
        List<GameRecord> back = CsaReader.read(csa, "written.csa");
        assertThat(back).hasSize(1);
        assertSameGame(back.get(0), g);
        assertThat(seconds(back.get(0))).isEqualTo(seconds(g));
        if (g.terminal() != null) {
            // CSA has no sealed-move code: 封じ手 becomes %CHUDAN (both unfinished, aborted).
            assertThat(back.get(0).terminal())
                    .isEqualTo(g.terminal() == Terminal.SEALED ? Terminal.CHUDAN : g.terminal());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void kifWriterRoundTripsInShiftJisAndUtf8(String file) {
        GameRecord g = RecordFixtures.game(file);
        String kif = KifWriter.write(g);
        for (boolean sjis : new boolean[] {true, false}) {
            byte[] bytes = KifWriter.encode(kif, sjis);
            GameRecord back =
                    RecordFixtures.single(
                            RecordReader.read(bytes, sjis ? "w.kif" : "w.kifu", null));
            assertSameGame(back, g);
            assertThat(seconds(back)).isEqualTo(seconds(g));
        }
        assertThat(new String(KifWriter.encode(kif, false), StandardCharsets.UTF_8)).isEqualTo(kif);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void csaToKifToCsaKeepsMovesAndResult(String file) {
        GameRecord g = RecordFixtures.game(file);
        GameRecord viaCsa = CsaReader.read(CsaWriter.write(g), "a.csa").get(0);
        GameRecord viaKif = KifReader.read(KifWriter.write(viaCsa), "b.kif").get(0);
        GameRecord again = CsaReader.read(CsaWriter.write(viaKif), "c.csa").get(0);
        assertSameGame(again, g);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void usiLineRoundTrips(String file) {
        GameRecord g = RecordFixtures.game(file);
        GameRecord back = UsiRecordReader.read(g.usi(), "u.usi").get(0);
        assertThat(back.startSfen()).isEqualTo(g.startSfen());
        assertThat(back.moveArray()).isEqualTo(g.moveArray());
    }
}
