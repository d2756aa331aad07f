package dev.joseki.notation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What the writers put on paper for the cases a round trip alone would not show. */
class WriterTest {
    @Test
    void csaWritesEvenStartsAsPiAndOthersAsRowsWithHands() {
        GameRecord even = CsaReader.read("PI\n+\n+7776FU\nT3\n%TORYO\n", "e.csa").get(0);
        assertThat(CsaWriter.write(even)).isEqualTo("V2.2\nPI\n+\n+7776FU\nT3\n%TORYO\n");
        GameRecord tsume =
                UsiRecordReader.read("sfen 8k/9/8P/9/9/9/9/9/K8 b G2P 1 moves G*1b", "t").get(0);
        String csa = CsaWriter.write(tsume);
        assertThat(csa)
                .contains(
                        "P1 *  *  *  *  *  *  *  * -OU\n",
                        "P3 *  *  *  *  *  *  *  * +FU\n",
                        "P9+OU *  *  *  *  *  *  *  * \n",
                        "P+00KI00FU00FU\n",
                        "+\n+0012KI\n");
        assertThat(csa).doesNotContain("P-");
    }

    @Test
    void kifWritesTimesSameSquareDeclinedPromotionAndResult() {
        GameRecord g =
                KifReader.read(
                                "手数----指手--\n1 ７六歩(77) (0:16/)\n2 ３四歩(33) (1:02/)\n3 ２二角不成(88)\n"
                                        + "4 同　銀(31)\n5 投了\n",
                                "k.kif")
                        .get(0);
        String kif = KifWriter.write(g);
        assertThat(kif)
                .contains(
                        "手合割：平手\n",
                        "   1 ７六歩(77)",
                        "( 0:16/00:00:16)",
                        "( 1:02/00:01:02)",
                        "   3 ２二角不成(88)\n",
                        "   4 同　銀(31)\n",
                        "   5 投了\n",
                        "まで4手で後手の勝ち\n");
    }

    @Test
    void kifWritesHandicapNamesAndDiagramsForOtherStarts() {
        GameRecord handicap =
                UsiRecordReader.read(
                                "sfen lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -"
                                        + " 1",
                                "h")
                        .get(0);
        assertThat(KifWriter.write(handicap)).contains("手合割：飛車落ち\n");
        GameRecord tsume = UsiRecordReader.read("sfen 8k/9/8P/9/9/9/9/9/K8 b G2P 1", "t").get(0);
        String kif = KifWriter.write(tsume);
        assertThat(kif)
                .contains(
                        "後手の持駒：なし\n",
                        "| ・ ・ ・ ・ ・ ・ ・ ・v玉|一\n",
                        "| 玉 ・ ・ ・ ・ ・ ・ ・ ・|九\n",
                        "先手の持駒：金　歩二　\n",
                        "先手番\n");
        assertThat(KifReader.read(kif, "t.kif").get(0).startSfen())
                .isEqualTo("8k/9/8P/9/9/9/9/9/K8 b G2P 1");
    }
}
