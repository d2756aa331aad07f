package dev.joseki.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Position;
import dev.joseki.rules.RandomGames;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class PackedSfenValueTest {

    @Test
    void aRecordWritesItsFieldsLittleEndianAfterThePackedSfen() {
        // score -123 = 0xff85; 7g7f: from 7g = 60, to 7f = 59, Move16 = 59 + 60 * 128 = 7739 =
        // 0x1e3b; gamePly 1; a loss for the side to move -1 = 0xff; padding 0
        Position start = Sfen.startPosition();
        int move = start.completeMove(59 | 60 << 7);
        byte[] bytes = PackedSfenValue.of(start, -123, move, -1).toBytes();
        assertThat(HexFormat.of().formatHex(bytes))
                .isEqualTo(PackedSfenTest.STARTPOS_BYTES + "85ff" + "3b1e" + "0100" + "ff" + "00");
    }

    @Test
    void aDropPromotionAndLargeValuesUseYaneuraOusMove16Bits() {
        // P*5e: to 5e = 40, the pawn (1) in bits 7-13, the drop flag 0x4000: 0x40a8.
        // 8h2b+: from 8h = 70, to 2b = 10, promotion 0x8000: 0x8000 + 70 * 128 + 10 = 0xa30a.
        assertThat(PackedSfenValue.toMove16(Move.drop(1, 40, 0))).isEqualTo(0x40a8);
        Position pos =
                Sfen.parse("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
        int m = PackedSfenValue.fromMove16(pos, 0xa30a);
        assertThat(Move.usi(m)).isEqualTo("8h2b+");
        assertThat(pos.isLegal(m)).isTrue();
        byte[] bytes = PackedSfenValue.of(pos, 32767, m, 1).toBytes();
        assertThat(HexFormat.of().formatHex(bytes, 32, 40))
                .isEqualTo("ff7f" + "0aa3" + "0300" + "0100");
    }

    @Test
    void sentinelMovesKeepTheirEncodings() {
        Position start = Sfen.startPosition();
        assertThat(PackedSfenValue.fromMove16(start, 0)).isEqualTo(Move.NONE);
        assertThat(PackedSfenValue.fromMove16(start, (2 << 7) + 2)).isEqualTo(Move.RESIGN);
        assertThat(PackedSfenValue.fromMove16(start, (3 << 7) + 3)).isEqualTo(Move.WIN);
    }

    @Test
    void recordsOfRandomGamesReadBackWithTheirPositionAndMove() {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int[] count = {0};
        RandomGames.walk(
                7,
                20,
                150,
                pos -> {
                    int n = MoveGenerator.generateLegal(pos, moves, 0);
                    if (n == 0) {
                        return;
                    }
                    int move = moves[count[0] % n];
                    int score = (count[0] * 37) % 6000 - 3000;
                    int result = count[0] % 3 - 1;
                    byte[] bytes = PackedSfenValue.of(pos, score, move, result).toBytes();
                    PackedSfenValue back = PackedSfenValue.read(bytes, 0);
                    assertThat(back.score()).isEqualTo(score);
                    assertThat(back.result()).isEqualTo(result);
                    assertThat(back.gamePly()).isEqualTo(pos.moveNumber());
                    Position p = back.position();
                    assertThat(p.samePosition(pos)).isTrue();
                    assertThat(back.move(p)).isEqualTo(move);
                    count[0]++;
                },
                RandomGames.STARTS);
        assertThat(count[0]).isGreaterThan(3_000);
    }

    @Test
    void aGameResultOutsideMinusOneToOneIsRefused() {
        byte[] bytes = PackedSfenValue.of(Sfen.startPosition(), 0, Move.NONE, 0).toBytes();
        bytes[38] = 2;
        assertThatThrownBy(() -> PackedSfenValue.read(bytes, 0))
                .hasMessageContaining("game_result 2");
    }
}
