package dev.joseki.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PackedPositionTest {

    @Test
    void everyPositionOfRealisticGamesPacksToThirtyTwoBytesAndBack() {
        for (long seed = 0; seed < 30; seed++) {
            Position pos = Sfen.startPosition();
            PositionTest.randomGame(
                    pos,
                    seed,
                    250,
                    () -> {
                        byte[] packed = PackedPosition.encode(pos);
                        assertThat(packed).hasSize(PackedPosition.FULL_SET_BYTES);
                        assertThat(PackedPosition.decode(packed).samePosition(pos)).isTrue();
                    });
        }
    }

    @Test
    void decodingIntoAReusedPositionReplacesEverythingItHeld() {
        Position reused = Sfen.parse(PositionTest.MATSURI);
        for (long seed = 0; seed < 5; seed++) {
            Position pos = Sfen.startPosition();
            PositionTest.randomGame(
                    pos,
                    seed,
                    150,
                    () -> {
                        PackedPosition.decode(PackedPosition.encode(pos), reused);
                        assertThat(reused.samePosition(pos)).isTrue();
                        assertThat(reused.key()).isEqualTo(pos.key());
                    });
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "4k4/9/9/9/9/9/9/9/9 b 16P 1",
                "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
                "8k/9/9/7N1/9/9/9/9/4K4 b G 1",
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/LNSGKGSNL b - 1",
            })
    void incompleteSetsRoundTripWithTheEndMarker(String sfen) {
        Position pos = Sfen.parseProblem(sfen);
        byte[] packed = PackedPosition.encode(pos);
        assertThat(packed.length).isLessThanOrEqualTo(33);
        assertThat(Sfen.writeWithoutMoveNumber(PackedPosition.decode(packed)))
                .isEqualTo(Sfen.writeWithoutMoveNumber(pos));
    }

    @Test
    void anEmptyBoardWithoutKingsRoundTrips() {
        // The SFEN reader rejects a board without kings; the encoding still covers it (81 = no
        // king).
        Position pos = new Position();
        assertThat(Sfen.writeWithoutMoveNumber(PackedPosition.decode(PackedPosition.encode(pos))))
                .isEqualTo("9/9/9/9/9/9/9/9/9 b -");
    }

    @Test
    void distinctPositionsNeverShareAnEncoding() {
        Map<String, String> byBytes = new HashMap<>();
        for (long seed = 100; seed < 140; seed++) {
            Position pos = Sfen.startPosition();
            PositionTest.randomGame(
                    pos,
                    seed,
                    120,
                    () -> {
                        String hex = HexFormat.of().formatHex(PackedPosition.encode(pos));
                        String sfen = Sfen.writeWithoutMoveNumber(pos);
                        String previous = byBytes.putIfAbsent(hex, sfen);
                        assertThat(previous == null || previous.equals(sfen))
                                .as(sfen + " vs " + previous)
                                .isTrue();
                    });
        }
        assertThat(byBytes).hasSizeGreaterThan(4000);
    }

    @Test
    void sideToMoveAndHandsArePartOfTheKey() {
        String board = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";
        assertThat(PackedPosition.encode(Sfen.parse(board + " b - 1")))
                .isNotEqualTo(PackedPosition.encode(Sfen.parse(board + " w - 1")));
    }
}
