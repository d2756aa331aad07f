package dev.joseki.notation;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Times per move in real records: read from CSA {@code T} lines and KIF {@code ( m:ss/hh:mm:ss)}
 * columns, written back the same. The oracles are the files' own figures: the CSA file's {@code
 * 'time left} comments and the KIF files' running totals, which our readers do not read.
 */
class RecordTimesTest {
    private static final String GPS = "kifu-for-js/2005_GPS_K-SHOGI.csa";
    private static final String MEIJIN = "kifu-for-js/meijinsen_20180508_M7_10034.kif";

    /**
     * The CSA file gives {@code 'time left <black> <white>} after each move's {@code T} line, from
     * 1500 s each: the seconds read must add up to exactly what the server said was left, at every
     * one of the 173 moves.
     */
    @Test
    void csaSecondsAddUpToTheServersTimeLeft() {
        GameRecord g = RecordFixtures.game(GPS);
        // "+7776FU", "T12", "'time left 1488 1500"
        assertThat(g.moves().get(0).seconds()).isEqualTo(12);
        int[] used = new int[2];
        for (int i = 0; i < g.plies(); i++) {
            RecordMove m = g.moves().get(i);
            used[i % 2] += m.seconds();
            String left =
                    m.comments().stream()
                            .filter(c -> c.startsWith("time left "))
                            .findFirst()
                            .orElseThrow();
            assertThat(left)
                    .as("ply %d", i + 1)
                    .isEqualTo("time left " + (1500 - used[0]) + " " + (1500 - used[1]));
        }
    }

    /**
     * The writer gives every move its {@code T} line, the same values in the same order as the
     * file.
     */
    @Test
    void csaWriterWritesTheFilesTLines() {
        String original = new String(RecordFixtures.bytes(GPS), StandardCharsets.US_ASCII);
        String written = CsaWriter.write(RecordFixtures.game(GPS));
        assertThat(tLines(written)).hasSize(173).isEqualTo(tLines(original));
        assertThat(written).contains("+7776FU\nT12\n");
    }

    /**
     * Meijin-sen 2018 game 3 has real times: "2 ８四歩(83) ( 1:00/00:01:00)", "3 ２六歩(27) (
     * 3:00/00:03:00)" and the sealed move "53 封じ手 (25:00/04:07:00)" after White's 3:42 used.
     */
    @Test
    void kifSecondsAreReadPerMoveAndForTheTerminal() {
        GameRecord g = RecordFixtures.game(MEIJIN);
        assertThat(g.moves().subList(0, 5).stream().map(RecordMove::seconds).toList())
                .containsExactly(0, 60, 180, 60, 300);
        assertThat(g.moves().get(49).seconds()).isEqualTo(660); // 50 同　歩(34) (11:00/03:48:00)
        assertThat(g.terminal()).isEqualTo(Terminal.SEALED);
        assertThat(g.terminalSeconds()).isEqualTo(1500);
    }

    /**
     * The KIF writer reproduces the time column of every numbered line of real Kakinoki files: the
     * move's time and the mover's running total, which the writer sums itself (the reader ignores
     * the totals, so the file's totals check that sum). Only the columns are compared: the JT Cup
     * file writes its move 101 ８二銀(71) without the 不成 that Kakinoki's format asks for and our
     * writer gives.
     */
    @ParameterizedTest
    @ValueSource(
            strings = {
                MEIJIN,
                "kifu-for-js/jt201409130101.kif",
                "kifu-for-js/oui201407080101.kif",
                "kifu-for-js/ryuou201409020101.kif"
            })
    void kifWriterReproducesTheFilesMoveLinesWithTotals(String file) {
        String original = new String(RecordFixtures.bytes(file), RecordText.CP932);
        String written = KifWriter.write(RecordFixtures.game(file));
        List<String> expected = numberedLines(original);
        assertThat(expected).isNotEmpty();
        assertThat(numberedLines(written)).isEqualTo(expected);
    }

    /** A game written with times reads back with the same times, per move and for the terminal. */
    @Test
    void writtenTimesReadBackTheSame() {
        GameRecord g = RecordFixtures.game(MEIJIN);
        // Lines as the file has them: the move padded to 13 columns, then ( m:ss/hh:mm:ss).
        assertThat(KifWriter.write(g))
                .contains("   2 ８四歩(83)   ( 1:00/00:01:00)\n", "  53 封じ手       (25:00/04:07:00)\n");
        GameRecord viaKif = KifReader.read(KifWriter.write(g), "w.kif").get(0);
        GameRecord viaCsa = CsaReader.read(CsaWriter.write(g), "w.csa").get(0);
        for (GameRecord back : List.of(viaKif, viaCsa)) {
            assertThat(back.moves().stream().map(RecordMove::seconds).toList())
                    .isEqualTo(g.moves().stream().map(RecordMove::seconds).toList());
            assertThat(back.terminalSeconds()).isEqualTo(1500);
        }
    }

    private static List<String> tLines(String csa) {
        List<String> out = new ArrayList<>();
        for (String line : csa.split("\r?\n")) {
            if (line.matches("T\\d+")) {
                out.add(line);
            }
        }
        return out;
    }

    /** "N ( m:ss/hh:mm:ss)" of every numbered line with a time column. */
    private static List<String> numberedLines(String kif) {
        Pattern p = Pattern.compile("^ *(\\d+) .*(\\( *\\d+:\\d\\d/\\d\\d:\\d\\d:\\d\\d\\))");
        List<String> out = new ArrayList<>();
        for (String line : kif.split("\r?\n")) {
            Matcher m = p.matcher(line);
            if (m.find()) {
                out.add(m.group(1) + " " + m.group(2));
            }
        }
        return out;
    }
}
