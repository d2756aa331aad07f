package dev.joseki.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.joseki.notation.ParseException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EngineSpecTest {

    @Test
    void parsesTheBuiltinExampleOfCliMd() {
        EngineSpec s = EngineSpec.parse("name=HQM builtin option.BookMode=HQM option.BookDir=books/current nodes=20000");
        assertThat(s.name()).isEqualTo("HQM");
        assertThat(s.builtin()).isTrue();
        assertThat(s.options()).containsExactly(Map.entry("BookMode", "HQM"), Map.entry("BookDir", "books/current"));
        assertThat(s.limit()).isEqualTo(SearchLimit.nodes(20000));
    }

    @Test
    void parsesTheExternalExampleOfCliMd() {
        EngineSpec s = EngineSpec.parse("name=other cmd=/opt/engines/other option.Threads=1 option.USI_Hash=64 movetime=200");
        assertThat(s.builtin()).isFalse();
        assertThat(s.command()).isEqualTo("/opt/engines/other");
        assertThat(s.options()).containsExactly(Map.entry("Threads", "1"), Map.entry("USI_Hash", "64"));
        assertThat(s.limit()).isEqualTo(SearchLimit.movetime(200));
        // USI has no movetime: a fixed time per move is sent as a byoyomi with empty clocks.
        assertThat(s.limit().usiGo()).isEqualTo("go btime 0 wtime 0 byoyomi 200");
    }

    @Test
    void keepsArgumentsDirectoryAndQuotedValues() {
        EngineSpec s = EngineSpec.parse("name=\"My Engine\" cmd=java dir=/tmp arg=-jar arg=\"x y.jar\" byoyomi=1000");
        assertThat(s.name()).isEqualTo("My Engine");
        assertThat(s.dir()).isEqualTo("/tmp");
        assertThat(s.args()).containsExactly("-jar", "x y.jar");
        assertThat(s.limit().usiGo()).isEqualTo("go btime 0 wtime 0 byoyomi 1000");
    }

    @Test
    void specWithoutLimitLeavesItToTheCaller() {
        EngineSpec s = EngineSpec.parse("name=a builtin");
        assertThat(s.limit()).isNull();
        assertThat(s.withDefaultLimit(SearchLimit.TOURNAMENT_DEFAULT).limit()).isEqualTo(SearchLimit.nodes(20000));
        assertThat(EngineSpec.parse("name=a builtin depth=3").withDefaultLimit(SearchLimit.nodes(5)).limit())
                .isEqualTo(SearchLimit.depth(3));
    }

    @Test
    void nameDefaultsToJosekiOrTheExecutable() {
        assertThat(EngineSpec.parse("builtin nodes=5").name()).isEqualTo("joseki");
        assertThat(EngineSpec.parse("cmd=/usr/games/yaneuraou").name()).isEqualTo("yaneuraou");
    }

    @Test
    void timeoutIsKeptAndWrittenBack() {
        EngineSpec s = EngineSpec.parse("name=x cmd=/bin/x nodes=100 timeout=1500");
        assertThat(s.timeoutMs()).isEqualTo(1500);
        assertThat(s.toSpec()).isEqualTo("name=x cmd=/bin/x nodes=100 timeout=1500");
    }

    @Test
    void toSpecParsesBackToAnEqualRecord() {
        for (String text : List.of("name=a builtin depth=3", "name=\"b c\" cmd=/bin/x dir=/d arg=1 arg=\"2 3\" option.K=v nodes=5", "name=t builtin timeout=9")) {
            EngineSpec s = EngineSpec.parse(text);
            assertThat(EngineSpec.parse(s.toSpec())).isEqualTo(s);
        }
    }

    @Test
    void malformedSpecsNameTheColumn() {
        assertError("", 1, "empty engine spec");
        assertError("name=a builtin nodes=5 timeout=x", 24, "timeout must be a positive integer");
        assertError("name=a nodes=5", 1, "either 'builtin' or cmd=PATH");
        assertError("name=a builtin cmd=/x", 1, "exclude each other");
        assertError("name=a builtin nodes=5 depth=3", 24, "second limit 'depth'");
        assertError("name=a builtin nodes=many", 16, "nodes must be a positive integer, got 'many'");
        assertError("name=a builtin nodes=0", 16, "positive integer");
        assertError("name=a builtin color=red", 16, "unknown field 'color'");
        assertError("name=a builtin option.=3", 16, "option without a name");
        assertError("name=a builtin option.X=1 option.X=2", 27, "option 'X' given twice");
        assertError("name=a builtin fast", 16, "expected KEY=VALUE or 'builtin', got 'fast'");
        assertError("name=a name=b builtin", 8, "'name' given twice");
        assertError("name= builtin", 1, "empty value for 'name'");
        assertError("name=\"a builtin", 6, "unterminated quote");
        assertError("name=a builtin arg=x", 1, "dir= and arg= are for external engines");
    }

    private static void assertError(String spec, int column, String message) {
        assertThatThrownBy(() -> EngineSpec.parse(spec)).isInstanceOf(ParseException.class)
                .hasMessageContaining(message)
                .satisfies(e -> {
                    ParseException p = (ParseException) e;
                    assertThat(p.source()).isEqualTo("--engine");
                    assertThat(p.column()).as("column of " + spec).isEqualTo(column);
                });
    }
}
