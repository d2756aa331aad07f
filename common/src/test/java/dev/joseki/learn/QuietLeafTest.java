package dev.joseki.learn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.notation.PackedSfenValue;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import org.junit.jupiter.api.Test;

class QuietLeafTest {
    private static PackedSfenValue record(String sfen, String move, int score, int result) {
        Position pos = Sfen.parse(sfen);
        return PackedSfenValue.of(pos, score, UsiMove.parse(pos, move), result);
    }

    private static PackedSfenValue leaf(PackedSfenValue record) {
        byte[] out = new byte[PackedSfenValue.BYTES];
        assertThat(new QuietLeaf().resolve(record, out, 0)).isTrue();
        return PackedSfenValue.read(out, 0);
    }

    private static String board(String sfen) {
        return Sfen.writeWithoutMoveNumber(Sfen.parse(sfen));
    }

    @Test
    void aCaptureNothingAnswersEndsOnePlyOnWithScoreAndResultForTheOtherSide() {
        // The rook takes a hanging silver and promotes; White has no capture back.
        PackedSfenValue v = leaf(record("4k4/9/7s1/9/9/9/9/7R1/4K4 b - 1", "2h2c+", 500, 1));
        assertThat(Sfen.writeWithoutMoveNumber(v.position()))
                .isEqualTo(board("4k4/9/7+R1/9/9/9/9/9/4K4 w S 1"));
        assertThat(v.score()).isEqualTo(-500);
        assertThat(v.result()).isEqualTo(-1);
        assertThat(v.move16()).isEqualTo(Move.NONE);
        assertThat(v.gamePly()).isEqualTo(2);
    }

    @Test
    void aCaptureThatIsTakenBackEndsAfterTheRecaptureWithTheRootsSigns() {
        // The silver on 2c is guarded by the gold on 3b, which takes the dragon back.
        PackedSfenValue v = leaf(record("4k4/6g2/7s1/9/9/9/9/7R1/4K4 b - 1", "2h2c+", -300, -1));
        assertThat(Sfen.writeWithoutMoveNumber(v.position()))
                .isEqualTo(board("4k4/9/7g1/9/9/9/9/9/4K4 b Sr 1"));
        assertThat(v.score()).isEqualTo(-300);
        assertThat(v.result()).isEqualTo(-1);
        assertThat(v.gamePly()).isEqualTo(3);
    }

    @Test
    void aCaptureThatGivesCheckHasNoLeaf() {
        PackedSfenValue in = record("4k4/9/4s4/9/9/9/9/4R4/3K5 b - 1", "5h5c+", 800, 1);
        assertThat(new QuietLeaf().resolve(in, new byte[PackedSfenValue.BYTES], 0)).isFalse();
    }
}
