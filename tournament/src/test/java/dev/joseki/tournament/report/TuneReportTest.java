package dev.joseki.tournament.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.tournament.tune.SpsaSchedule;
import dev.joseki.tournament.tune.SpsaState;
import dev.joseki.tournament.tune.TuneParameter;
import java.util.List;
import org.junit.jupiter.api.Test;

class TuneReportTest {
    /** A state of two iterations written by hand: θ 100 → 104 → 103.6 and 0.5 → 0.45 → 0.47. */
    private static SpsaState state() {
        List<TuneParameter> params =
                List.of(
                        new TuneParameter("Margin", 100, 0, 200, 10, 0.002),
                        new TuneParameter("Scale", 0.5, 0, 1, 0.05, 0.002));
        return new SpsaState(
                "t",
                params.stream().map(TuneParameter::toLine).toList(),
                2,
                1,
                1,
                0.602,
                0.101,
                0,
                2,
                List.of(103.6, 0.47),
                List.of(104.0, 0.45),
                List.of(List.of(100.0, 0.5), List.of(104.0, 0.45), List.of(103.6, 0.47)),
                List.of(2.0, -1.0));
    }

    @Test
    void theFinalValuesAreAReadyOptionList() {
        assertThat(TuneReport.optionList(state()))
                .isEqualTo("option.Margin=104 option.Scale=0.4700");
    }

    @Test
    void tuneJsonHoldsEachParametersTrajectory() throws Exception {
        JsonNode root = new ObjectMapper().readTree(TuneReport.json(state()));
        assertThat(root.get("iterations").asInt()).isEqualTo(2);
        JsonNode margin = root.get("parameters").get(0);
        assertThat(margin.get("name").asText()).isEqualTo("Margin");
        assertThat(margin.get("trajectory").toString()).isEqualTo("[100.0,104.0,103.6]");
        assertThat(margin.get("value").asText()).isEqualTo("104");
        assertThat(root.get("results").toString()).isEqualTo("[2.0,-1.0]");
        assertThat(SpsaSchedule.defaults(2).bigA()).isEqualTo(0.0); // int(0.1 · 2)
    }

    @Test
    void tuneHtmlHasOneChartPerParameter() {
        String html = TuneReport.html(state());
        assertThat(html.split("<svg ", -1)).hasSize(3);
        assertThat(html)
                .contains("Margin (start 100, final 103.600)")
                .contains("option.Scale=0.4700");
    }
}
