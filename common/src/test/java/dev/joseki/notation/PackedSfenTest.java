package dev.joseki.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.rules.Position;
import dev.joseki.rules.RandomGames;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PackedSfenTest {
    /**
     * The start position worked out by hand from the format's table (stream order, spaces between
     * fields; bit i of the stream is bit i % 8 of byte i / 8):
     *
     * <pre>
     *   side 0, Black king 5i = 44 -> 0011010, White king 5a = 36 -> 0010010 (low bit first)
     *   file 1 (1a..1i): l 110001 | 0 | p 1001 | 0 0 0 | P 1000 | 0 | L 110000          25 bits
     *   file 2: n 110101 | b 11111001 | p 1001 | 000 | P 1000 | R 11111100 | N 110100    39 bits
     *   file 3: s 111001 | 0 | p 1001 | 000 | P 1000 | 0 | S 111000                       25 bits
     *   file 4: g 111101 | 0 | p 1001 | 000 | P 1000 | 0 | G 111100                       25 bits
     *   file 5: (king) | 0 | p 1001 | 000 | P 1000 | 0 | (king)                           13 bits
     *   files 6, 7 as 4, 3; file 8: n 110101 | r 11111101 | p | 000 | P | B 11111000 | N; file 9 as 1
     *   15 + 6 * 25 + 2 * 39 + 13 = 256 bits, no hand, no piece box
     * </pre>
     */
    static final String STARTPOS_BYTES =
            "58a451220ceb67227e9653221caf447824c22b119e53221ceb6f223e9651220c";

    /**
     * After 7g7f 3c3d 8h2b+, White to move, a Black horse on 2b and a bishop in Black's hand: side
     * 1; file 2: n 110101 | +B 11111010 | p 1001 | 000 | P 1000 | R 11111100 | N 110100; file 3: s
     * 111001 | 0 0 | p on 3d 1001 | 00 | P 1000 | 0 | S 111000; file 7: s | 0 | p 1001 | 00 | P on
     * 7f 1000 | 0 0 | S; file 8: n | r 11111101 | p | 000 | P | 0 | N; hand: Black bishop 11110 0
     * 0.
     */
    static final String HORSE_AND_BISHOP_IN_HAND =
            "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4";

    static final String HORSE_AND_BISHOP_IN_HAND_BYTES =
            "59a451220ceb57227e9693241caf447824c22b119e53121ceb6f222ca344181e";

    @Test
    void theStartPositionPacksToTheBytesWorkedOutByHand() {
        assertThat(HexFormat.of().formatHex(PackedSfen.pack(Sfen.startPosition())))
                .isEqualTo(STARTPOS_BYTES);
    }

    @Test
    void aPromotedPieceAndAPieceInHandPackToTheBytesWorkedOutByHand() {
        assertThat(HexFormat.of().formatHex(PackedSfen.pack(Sfen.parse(HORSE_AND_BISHOP_IN_HAND))))
                .isEqualTo(HORSE_AND_BISHOP_IN_HAND_BYTES);
    }

    @Test
    void theHandWorkedBytesUnpackToTheirPositions() {
        Position start = PackedSfen.unpack(HexFormat.of().parseHex(STARTPOS_BYTES), 0);
        assertThat(Sfen.write(start)).isEqualTo(Sfen.STARTPOS);
        Position horse =
                PackedSfen.unpack(HexFormat.of().parseHex(HORSE_AND_BISHOP_IN_HAND_BYTES), 0, 4);
        assertThat(Sfen.write(horse)).isEqualTo(HORSE_AND_BISHOP_IN_HAND);
    }

    @Test
    void everyPositionOfTheCorpusGamesRoundTrips() throws IOException {
        Path corpus = Path.of("../experiments/corpus/games.usi");
        List<GameRecord> games = UsiRecordReader.read(Files.readString(corpus), corpus.toString());
        int positions = 0;
        for (GameRecord game : games) {
            Position pos = Sfen.parse(game.startSfen());
            for (int move : game.moveArray()) {
                assertRoundTrip(pos);
                pos.doMove(move);
                positions++;
            }
            assertRoundTrip(pos);
        }
        assertThat(positions).isGreaterThan(10_000);
    }

    @Test
    void everyPositionOfSeededRandomGamesRoundTrips() {
        int[] count = {0};
        RandomGames.walk(
                64,
                40,
                200,
                pos -> {
                    assertRoundTrip(pos);
                    count[0]++;
                },
                RandomGames.STARTS);
        assertThat(count[0]).isGreaterThan(5_000);
    }

    @Test
    void thePerftSuitePositionsRoundTrip() throws IOException {
        Matcher m;
        try (InputStream in = PackedSfenTest.class.getResourceAsStream("/perft.jsonl")) {
            m =
                    Pattern.compile("\"sfen\": \"([^\"]+)\"")
                            .matcher(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        int n = 0;
        while (m.find()) {
            Position pos = Sfen.parseProblem(m.group(1));
            if (pos.kingSquare(0) >= 0 && pos.kingSquare(1) >= 0) {
                assertRoundTrip(pos);
                n++;
            }
        }
        assertThat(n).isGreaterThan(5);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                // lance, bishop, two-piece (rook and bishop) and six-piece handicaps: the missing
                // pieces go to the piece box, gold included in the ten-piece one
                "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
                "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
                "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
                "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            })
    void handicapPositionsRoundTripThroughThePieceBox(String sfen) {
        assertRoundTrip(Sfen.parseProblem(sfen));
    }

    @Test
    void goldsInThePieceBoxAreWrittenAsWhitePromotedSilvers() {
        // Black's two golds are missing, so the box holds exactly them and ends the stream: each is
        // 110 1 1 (silver's hand code, p = 1, c = 1), bits 246..255 = 11011 11011. Byte 31 holds
        // bits 248..255 = 0 1 1 1 1 0 1 1 (low bit first) = 0xde; bits 246, 247 are byte 30's top.
        byte[] packed =
                PackedSfen.pack(
                        Sfen.parseProblem(
                                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS1K1SNL w - 1"));
        assertThat(packed[31] & 0xff).isEqualTo(0xde);
        assertThat(packed[30] & 0xc0).isEqualTo(0xc0);
    }

    @Test
    void malformedBytesAreRefusedSayingWhatIsWrong() {
        byte[] bytes = HexFormat.of().parseHex(STARTPOS_BYTES);
        bytes[1] = (byte) 0xff; // Black king square 127 and White king square garbage
        assertThatThrownBy(() -> PackedSfen.unpack(bytes, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("king squares");
        byte[] allOnes = new byte[32];
        java.util.Arrays.fill(allOnes, (byte) 0xff);
        allOnes[0] = 0; // side, kings on squares 0 and 0 ...
        assertThatThrownBy(() -> PackedSfen.unpack(allOnes, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aPositionWithoutBothKingsIsRefused() {
        assertThatThrownBy(() -> PackedSfen.pack(Sfen.parseProblem("4k4/9/9/9/9/9/9/9/9 b 2R 1")))
                .hasMessageContaining("both kings");
    }

    static void assertRoundTrip(Position pos) {
        byte[] packed = PackedSfen.pack(pos);
        assertThat(packed).hasSize(32);
        Position back = PackedSfen.unpack(packed, 0, pos.moveNumber());
        assertThat(back.samePosition(pos)).as(Sfen.write(pos)).isTrue();
        assertThat(back.key()).isEqualTo(pos.key());
        // the side to move is bit 0 of byte 0, as YaneuraOu's PackedSfen::color() reads it
        assertThat(packed[0] & 1).isEqualTo(pos.sideToMove());
    }
}
