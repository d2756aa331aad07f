package dev.joseki.tournament.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TuneParameterTest {
    @Test
    void parsesFishtestsSixFields() {
        TuneParameter p = TuneParameter.parse(" Futility, 150, 50, 300, 15, 0.002 ");
        assertThat(p).isEqualTo(new TuneParameter("Futility", 150, 50, 300, 15, 0.002));
        assertThat(p.integer()).isTrue();
        assertThat(TuneParameter.parse(p.toLine())).isEqualTo(p);
    }

    @Test
    void integerOptionsAreRoundedAndClamped() {
        TuneParameter p = new TuneParameter("x", 10, 0, 20, 2, 0.002);
        assertThat(p.engineValue(12.5)).isEqualTo("13");
        assertThat(p.engineValue(-3)).isEqualTo("0");
        assertThat(p.engineValue(25)).isEqualTo("20");
        assertThat(new TuneParameter("y", 0.5, 0, 1, 0.1, 0.002).engineValue(0.25))
                .isEqualTo("0.2500");
    }

    @Test
    void aBadLineNamesTheField() {
        assertThatThrownBy(() -> TuneParameter.parse("x,1,0,2,1")).hasMessageContaining("6 fields");
        assertThatThrownBy(() -> TuneParameter.parse("x,1,0,abc,1,0.002"))
                .hasMessage("x: max is not a number: 'abc'");
        assertThatThrownBy(() -> TuneParameter.parse("x,5,0,2,1,0.002"))
                .hasMessage("x: start must lie within [min, max]");
    }
}
