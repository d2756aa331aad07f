package dev.joseki.tournament.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.tournament.tune.Spsa;
import dev.joseki.tournament.tune.SpsaSchedule;
import dev.joseki.tournament.tune.SpsaState;
import dev.joseki.tournament.tune.TuneParameter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TuneStateJsonTest {
    @Test
    void aStateSurvivesItsJson(@TempDir Path dir) throws Exception {
        List<TuneParameter> params =
                List.of(
                        new TuneParameter("Futility", 150, 50, 300, 15, 0.002),
                        new TuneParameter("Scale", 1.5, 0.5, 2.5, 0.1, 0.002));
        SpsaSchedule schedule = SpsaSchedule.defaults(50);
        Spsa spsa = new Spsa(params, schedule, 9);
        SpsaState s = SpsaState.start("t1", params, schedule, 9, 4);
        s = spsa.update(s, spsa.probe(s.theta(), 1), 1);
        s = spsa.update(s, spsa.probe(s.theta(), 2), -2);
        Path f = dir.resolve("state.json");
        TuneStateJson.write(s, f);
        SpsaState back = TuneStateJson.read(f);
        assertThat(back).isEqualTo(s);
        assertThat(back.parameterList()).isEqualTo(params);
        assertThat(back.iteration()).isEqualTo(2);
        assertThat(Files.exists(dir.resolve("state.json.tmp"))).isFalse();
    }

    @Test
    void aBrokenStateIsOneLine(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("state.json");
        Files.writeString(f, "{\"iteration\": ");
        assertThatThrownBy(() -> TuneStateJson.read(f))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(f + ": not a tune state");
    }
}
