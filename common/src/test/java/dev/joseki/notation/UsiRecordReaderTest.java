package dev.joseki.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.rules.Result;
import dev.joseki.rules.Termination;
import java.util.List;
import org.junit.jupiter.api.Test;

class UsiRecordReaderTest {
    @Test
    void oneGamePerLineWithOrWithoutThePositionWord() {
        List<GameRecord> games =
                UsiRecordReader.read(
                        """
                        position startpos moves 7g7f 3c3d
                        startpos moves 2g2f
                        # comment
                        sfen 8k/9/8P/9/9/9/9/9/K8 b G2P 1 moves G*1b
                        position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
                        """,
                        "g.usi");
        assertThat(games).hasSize(4);
        assertThat(games.get(0).plies()).isEqualTo(2);
        assertThat(games.get(0).usi()).isEqualTo("position startpos moves 7g7f 3c3d");
        assertThat(games.get(1).usi()).isEqualTo("position startpos moves 2g2f");
        assertThat(games.get(2).result()).isEqualTo(Result.BLACK_WIN);
        assertThat(games.get(2).termination()).isEqualTo(Termination.CHECKMATE);
        assertThat(games.get(2).usi())
                .isEqualTo("position sfen 8k/9/8P/9/9/9/9/9/K8 b G2P 1 moves G*1b");
        assertThat(games.get(3).plies()).isZero();
        assertThat(games.get(3).usi()).isEqualTo("position startpos");
    }

    @Test
    void resignAtTheEndIsTheTerminal() {
        GameRecord g = UsiRecordReader.read("startpos moves 7g7f resign", "g.usi").get(0);
        assertThat(g.result()).isEqualTo(Result.BLACK_WIN);
        assertThat(g.termination()).isEqualTo(Termination.RESIGN);
    }

    @Test
    void illegalMoveNamesItsColumn() {
        assertThatThrownBy(
                        () -> UsiRecordReader.read("\nposition startpos moves 7g7f 7g7f", "g.usi"))
                .isInstanceOf(ParseException.class)
                .hasMessageStartingWith("g.usi:2:30: illegal move '7g7f'");
    }

    @Test
    void badSfenIsReportedInsideTheLine() {
        assertThatThrownBy(() -> UsiRecordReader.read("position sfen 9/9 b - 1", "g.usi"))
                .isInstanceOf(ParseException.class)
                .hasMessageStartingWith("g.usi:1:");
    }
}
