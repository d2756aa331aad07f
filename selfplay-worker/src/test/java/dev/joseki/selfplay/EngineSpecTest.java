package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.records.proto.Player;
import org.junit.jupiter.api.Test;

class EngineSpecTest {
    @Test
    void builtinWithBookOptionsAndNodes() {
        Player p = EngineSpec.parse("name=HQM builtin option.BookMode=HQM option.BookDir=books/current nodes=20000");
        assertThat(p.getName()).isEqualTo("HQM");
        assertThat(p.hasBuiltin()).isTrue();
        assertThat(p.getOptionsMap()).containsEntry("BookMode", "HQM").containsEntry("BookDir", "books/current");
        assertThat(p.getLimits().getNodes()).isEqualTo(20000);
    }

    @Test
    void externalCommandKeepsArgumentOrderAndOptions() {
        Player p = EngineSpec.parse("name=other cmd=/opt/engines/other arg=--usi arg=-q option.USI_Hash=64 movetime=200");
        assertThat(p.getUsiCommand().getArgvList()).containsExactly("/opt/engines/other", "--usi", "-q");
        assertThat(p.getOptionsMap()).containsEntry("USI_Hash", "64");
        assertThat(p.getLimits().getMovetimeMs()).isEqualTo(200);
    }

    @Test
    void nameDefaultsToTheExecutable() {
        assertThat(EngineSpec.parse("cmd=/usr/games/yaneuraou").getName()).isEqualTo("yaneuraou");
    }

    @Test
    void bothBuiltinAndCommandIsRejected() {
        assertThatThrownBy(() -> EngineSpec.parse("builtin cmd=/bin/x")).hasMessageContaining("exactly one");
    }

    @Test
    void badNumberNamesTheField() {
        assertThatThrownBy(() -> EngineSpec.parse("builtin nodes=lots")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("field 2 'nodes=lots'").hasMessageContaining("not a number");
    }

    @Test
    void unknownFieldIsRejected() {
        assertThatThrownBy(() -> EngineSpec.parse("builtin colour=red")).hasMessageContaining("unknown field 'colour'");
    }
}
