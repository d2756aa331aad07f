package dev.joseki.book;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.Sfen;
import dev.joseki.rules.Position;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * Expected keys are worked out by hand from the layout in CastleKey's comment (area order: files
 * high→low, ranks 5→9).
 */
class CastleKeyTest {
    private static String hex(byte[] k) {
        return HexFormat.of().formatHex(k);
    }

    @Test
    void aKingOnTheCentreFileHasBothAreasAndTheStartPatternIsWorkedOutByHand() {
        byte[][] keys = CastleKey.of(Sfen.startPosition());
        assertThat(keys).hasNumberOfRows(2);
        // LEFT, files 9..5, ranks 5..9 per file:
        // 9: - - P - L | 8: - - P B N | 7: - - P - S | 6: - - P - G | 5: - - P - K
        // nibbles 0,0,1,0,2, 0,0,1,5,3, 0,0,1,0,4, 0,0,1,0,7, 0,0,1,0,8
        assertThat(hex(keys[0])).isEqualTo("00" + "0010200153001040010700" + "1080");
        // RIGHT, files 5..1:
        // 5: - - P - K | 4: - - P - G | 3: - - P - S | 2: - - P R N | 1: - - P - L
        // nibbles 0,0,1,0,8, 0,0,1,0,7, 0,0,1,0,4, 0,0,1,6,3, 0,0,1,0,2
        assertThat(hex(keys[1])).isEqualTo("01" + "00108001070010400163001020");
    }

    @Test
    void aCastledKingGivesOnlyItsOwnAreaAndNoPly() {
        // Black king 2h (RIGHT index (5-2)*5 + (8-5) = 18), gold 3i (index (5-3)*5 + 4 = 14); pawn
        // 9g is LEFT
        Position early = Sfen.parse("4k4/9/9/9/9/9/P8/7K1/6G2 b - 1");
        Position late = Sfen.parse("4k3p/9/9/9/9/9/P8/7K1/6G2 b - 57");
        byte[][] keys = CastleKey.of(early);
        assertThat(keys).hasNumberOfRows(1);
        assertThat(CastleKey.area(keys[0])).isEqualTo(Area.RIGHT);
        assertThat(hex(keys[0])).isEqualTo("01" + "00000000000000" + "7000800000" + "00");
        assertThat(CastleKey.pieceAt(keys[0], 18)).isEqualTo(8);
        // another ply and an opponent piece elsewhere: the same castle
        assertThat(CastleKey.of(late)[0]).isEqualTo(keys[0]);
    }

    @Test
    void whiteToMoveIsSeenFromItsOwnSide() {
        // White king 8b and gold 7a are Black's 2h and 3i turned 180°
        Position white = Sfen.parse("2g6/1k7/9/9/9/9/9/9/4K4 w - 2");
        assertThat(hex(CastleKey.of(white)[0]))
                .isEqualTo("01" + "00000000000000" + "7000800000" + "00");
    }

    @Test
    void anEnteringKingHasNoCastle() {
        assertThat(CastleKey.of(Sfen.parse("4k4/9/9/4K4/9/9/9/9/9 b G 1"))).isEmpty();
    }
}
