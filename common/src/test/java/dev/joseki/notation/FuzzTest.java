package dev.joseki.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Random bytes and mutated valid records, SFENs and USI lines: readers either succeed or throw
 * {@link ParseException} naming a line and column; never another exception, never a hang. Seeded,
 * so a failure is reproducible; the failing input is printed in the assertion message.
 */
class FuzzTest {
    private static final int CASES = 1200;
    private static final String SPECIALS =
            "\n\r \u3000,'%+-09PITN$/:：|v*同成不打▲△十一九歩玉龍()まで手で先後のち勝投了詰AL";

    /**
     * Runs {@code parse} on each input; anything but success or a well-formed ParseException fails.
     * Both outcomes must occur, so that the mutations neither all break the input at once nor all
     * miss.
     */
    private static void check(List<String> inputs, Consumer<String> parse) {
        int[] outcomes = new int[2];
        assertTimeoutPreemptively(
                Duration.ofSeconds(20),
                () -> {
                    for (String in : inputs) {
                        try {
                            parse.accept(in);
                            outcomes[0]++;
                        } catch (ParseException e) {
                            outcomes[1]++;
                            assertThat(e.line()).as("line in %s", e.getMessage()).isPositive();
                            assertThat(e.column()).as("column in %s", e.getMessage()).isPositive();
                            assertThat(e.getMessage())
                                    .startsWith(
                                            e.source() + ":" + e.line() + ":" + e.column() + ": ");
                        } catch (RuntimeException | StackOverflowError e) {
                            throw new AssertionError("unexpected " + e + " for input:\n" + in, e);
                        }
                    }
                });
        assertThat(outcomes[0]).as("inputs read without error").isPositive();
        assertThat(outcomes[1]).as("inputs rejected").isPositive();
    }

    private static List<String> mutants(String base, long seed, int n) {
        Random rnd = new Random(seed);
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            StringBuilder sb = new StringBuilder(base);
            int edits = 1 + rnd.nextInt(3);
            for (int e = 0; e < edits && sb.length() > 0; e++) {
                int at = rnd.nextInt(sb.length());
                char c =
                        rnd.nextBoolean()
                                ? SPECIALS.charAt(rnd.nextInt(SPECIALS.length()))
                                : base.charAt(rnd.nextInt(base.length()));
                switch (rnd.nextInt(6)) {
                    case 0 -> sb.setCharAt(at, c);
                    case 1 -> sb.insert(at, c);
                    case 2 -> sb.delete(at, Math.min(sb.length(), at + 1 + rnd.nextInt(8)));
                    case 3 -> sb.setLength(at);
                    case 4 -> {
                        // Duplicate a line somewhere else.
                        int s = at == 0 ? 0 : sb.lastIndexOf("\n", at - 1) + 1,
                                t = sb.indexOf("\n", s);
                        String line = sb.substring(s, t < 0 ? sb.length() : t);
                        sb.insert(rnd.nextInt(sb.length() + 1), line + "\n");
                    }
                    default -> sb.setCharAt(at, (char) ('0' + rnd.nextInt(10)));
                }
            }
            out.add(sb.toString());
        }
        return out;
    }

    private static String head(String fixture, int lines) {
        String text = RecordText.decode(RecordFixtures.bytes(fixture), fixture);
        List<String> all = RecordText.lines(text);
        return String.join("\n", all.subList(0, Math.min(lines, all.size()))) + "\n";
    }

    @Test
    void randomBytesOnlyRaiseParseException() {
        Random rnd = new Random(20261122);
        List<byte[]> inputs = new ArrayList<>();
        for (int i = 0; i < CASES; i++) {
            byte[] b = new byte[rnd.nextInt(120)];
            rnd.nextBytes(b);
            inputs.add(b);
        }
        for (RecordFormat f : RecordFormat.values()) {
            assertTimeoutPreemptively(
                    Duration.ofSeconds(20),
                    () -> {
                        for (byte[] b : inputs) {
                            try {
                                RecordReader.read(b, "fuzz", f);
                            } catch (ParseException e) {
                                assertThat(e.line()).isPositive();
                                assertThat(e.column()).isPositive();
                            } catch (RuntimeException e) {
                                throw new AssertionError(
                                        "unexpected "
                                                + e
                                                + " for "
                                                + f
                                                + " bytes "
                                                + new String(b, StandardCharsets.ISO_8859_1),
                                        e);
                            }
                        }
                    });
        }
    }

    @Test
    void mutatedCsaOnlyRaisesParseException() {
        String base =
                head("kifu-for-js/2005_GPS_K-SHOGI.csa", 60)
                        + "%TORYO\n/\n"
                        + "V2.2\nPI82HI\n-\n-5142OU\nT3\n";
        check(mutants(base, 1, CASES), s -> CsaReader.read(s, "fuzz.csa"));
        check(
                mutants(head(RecordFixtures.AOBAZERO, 40), 2, CASES / 3),
                s -> CsaReader.read(s, "fuzz.csa"));
    }

    @Test
    void mutatedKifOnlyRaisesParseException() {
        check(
                mutants(head("kifu-for-js/jt201409130101.kif", 50), 3, CASES),
                s -> KifReader.read(s, "fuzz.kif"));
        check(
                mutants(head("kifu-for-js/shogidb2.kifu", 40), 4, CASES / 3),
                s -> KifReader.read(s, "fuzz.kifu"));
    }

    @Test
    void mutatedKi2OnlyRaisesParseException() {
        check(
                mutants(head("kifu-for-js/20091203.ki2", 14), 5, CASES),
                s -> Ki2Reader.read(s, "fuzz.ki2"));
        check(
                mutants(head("kifu-for-js/kobayashi_kinsho196702.ki2", 30), 6, CASES / 2),
                s -> Ki2Reader.read(s, "fuzz.ki2"));
    }

    @Test
    void mutatedUsiAndSfenOnlyRaiseParseException() {
        String usi = RecordFixtures.game("kifu-for-js/kiou201403160101.kif").usi();
        String tsume = RecordFixtures.game("kifu-for-js/kobayashi_kinsho196702.ki2").usi();
        check(
                mutants(usi.substring(0, 200) + "\n" + tsume, 7, CASES),
                s -> UsiRecordReader.read(s, "fuzz.usi"));
        String sfens =
                Sfen.STARTPOS
                        + "\nl6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";
        check(
                mutants(sfens, 8, CASES),
                s -> {
                    for (String line : RecordText.lines(s)) {
                        Sfen.parse(line);
                    }
                });
    }
}
