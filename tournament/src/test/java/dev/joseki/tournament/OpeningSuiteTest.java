package dev.joseki.tournament;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.notation.ParseException;
import dev.joseki.notation.Sfen;
import dev.joseki.play.Opening;
import dev.joseki.rules.Move;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpeningSuiteTest {
    private static final String FILE =
            """
            # three openings
            position startpos moves 7g7f 3c3d

            lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2
            sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 2g2f
            """;

    @Test
    void readsUsiLinesAndSfenLines() {
        List<Opening> o = OpeningSuite.parse(FILE, "openings.txt");
        assertThat(o).hasSize(3);
        assertThat(o.get(0).startSfen()).isEqualTo(Sfen.STARTPOS);
        assertThat(o.get(0).moves().stream().map(Move::usi)).containsExactly("7g7f", "3c3d");
        assertThat(o.get(0).usi()).isEqualTo("startpos moves 7g7f 3c3d");
        assertThat(o.get(1).startSfen())
                .isEqualTo("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
        assertThat(o.get(1).moves()).isEmpty();
        assertThat(o.get(2).moves().stream().map(Move::usi)).containsExactly("2g2f");
        assertThat(o).hasSize(3).doesNotHaveDuplicates();
    }

    @Test
    void sequentialOrderCyclesThroughTheFile() {
        List<Opening> all = OpeningSuite.parse(FILE, "f");
        OpeningSuite s = OpeningSuite.sequential(all);
        assertThat(
                        List.of(s.opening(0), s.opening(1), s.opening(2), s.opening(3)).stream()
                                .map(all::indexOf))
                .containsExactly(0, 1, 2, 0);
    }

    @Test
    void randomOrderIsReproducibleAndUsesEveryOpeningOncePerCycle() {
        List<Opening> o = OpeningSuite.parse(FILE, "f");
        OpeningSuite a = OpeningSuite.random(o, 42), b = OpeningSuite.random(o, 42);
        Set<Integer> firstCycle = new HashSet<>();
        for (int k = 0; k < 3; k++) {
            assertThat(a.opening(k)).isEqualTo(b.opening(k));
            firstCycle.add(o.indexOf(a.opening(k)));
        }
        assertThat(firstCycle).containsExactlyInAnyOrder(0, 1, 2);
    }

    @Test
    void orderNamesPickTheSuiteAndAnUnknownNameIsRefused() {
        List<Opening> o = OpeningSuite.parse(FILE, "f");
        assertThat(OpeningSuite.of(o, "sequential", 1).isRandom()).isFalse();
        assertThat(OpeningSuite.of(o, "random", 1).isRandom()).isTrue();
        assertThatThrownBy(() -> OpeningSuite.of(o, "Random", 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--openings-order");
    }

    @Test
    void anIllegalMoveFailsTheFileWithItsLine() {
        assertThatThrownBy(
                        () ->
                                OpeningSuite.parse(
                                        "startpos moves 7g7f\nstartpos moves 7g7e\n", "o.txt"))
                .isInstanceOf(ParseException.class)
                .satisfies(e -> assertThat(((ParseException) e).line()).isEqualTo(2));
    }

    @Test
    void aBadSfenFailsWithLineAndColumn() {
        assertThatThrownBy(
                        () ->
                                OpeningSuite.parse(
                                        "\n"
                                            + "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX"
                                            + " b - 1\n",
                                        "o.txt"))
                .isInstanceOf(ParseException.class)
                .satisfies(
                        e -> {
                            assertThat(((ParseException) e).line()).isEqualTo(2);
                            assertThat(((ParseException) e).column()).isGreaterThan(5);
                        });
    }

    @Test
    void anEmptyFileIsAnError() {
        assertThatThrownBy(() -> OpeningSuite.parse("# nothing\n\n", "o.txt"))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("no opening");
    }

    @Test
    void shippedSuiteHoldsTheCorpusLinesAndNoHeldOutLine() {
        List<Opening> lines = OpeningSuite.shippedLines();
        // 9,748 floodgate lines (9 of every 10 of 10,818 minus duplicates) + 410 GNU Shogi lines:
        // the header
        assertThat(lines.size()).isEqualTo(10_158);
        assertThat(lines)
                .allMatch(o -> o.startSfen().equals(Sfen.STARTPOS) && o.moves().size() >= 8);
        assertThat(new HashSet<>(lines)).hasSize(lines.size());
        // the first floodgate line of the file is its own first line, a held-out one is absent
        assertThat(lines.get(0).usi()).startsWith("startpos moves 7g7f 8c8d 7i6h 3c3d");
        assertThat(lines.stream().map(Opening::usi))
                .doesNotContain(
                        "startpos moves 7g7f 3c3d 6g6f 7a6b 7i7h 5c5d 2h6h 5a4b 5i4h 4b3b 4h3h 6b5c"
                                + " 3h2h 8c8d 1i1h 2b3c 7h6g 8d8e 8h7g 3b2b 2h1i 1a1b 6g5f 4c4d");
    }

    @Test
    void shippedSuiteGivesEveryPairOfARunADifferentLineAndSeedsDiffer() {
        OpeningSuite a = OpeningSuite.shipped(1), b = OpeningSuite.shipped(2);
        Set<Opening> used = new HashSet<>();
        int same = 0;
        for (int k = 0; k < 1000; k++) {
            assertThat(used.add(a.opening(k))).isTrue();
            if (a.opening(k).equals(b.opening(k))) {
                same++;
            }
        }
        assertThat(same).isLessThan(10);
    }

    @Test
    void aShiftJisOrEucJpOpeningsFileIsRead(@TempDir Path dir) throws IOException {
        // "# 定跡" in Shift_JIS (92 e8 90 d5) and EUC-JP (c4 ea c0 d7) above one opening
        byte[][] comments = {
            {'#', ' ', (byte) 0x92, (byte) 0xe8, (byte) 0x90, (byte) 0xd5, '\n'},
            {'#', ' ', (byte) 0xc4, (byte) 0xea, (byte) 0xc0, (byte) 0xd7, '\n'}
        };
        for (byte[] comment : comments) {
            Path f = dir.resolve("openings.txt");
            try (var out = Files.newOutputStream(f)) {
                out.write(comment);
                out.write("startpos moves 7g7f\n".getBytes(StandardCharsets.US_ASCII));
            }
            assertThat(OpeningSuite.read(f).get(0).usi()).isEqualTo("startpos moves 7g7f");
        }
    }

    @Test
    void anOpeningsFileNoEncodingDecodesNamesFileLineAndEncodings(@TempDir Path dir)
            throws IOException {
        Path f = dir.resolve("openings.bin");
        Files.write(f, new byte[] {'#', '\n', (byte) 0xff, '\n'});
        assertThatThrownBy(() -> OpeningSuite.read(f))
                .isInstanceOf(ParseException.class)
                .hasMessage(
                        f
                                + ":2:1: cannot decode the file; tried UTF-8 (invalid at line 2),"
                                + " Shift_JIS/cp932 (invalid at line 2), EUC-JP (invalid at line"
                                + " 2)");
    }
}
