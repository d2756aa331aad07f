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
        EngineSpec s =
                EngineSpec.parse(
                        "name=HQM builtin option.BookMode=HQM option.BookDir=books/current"
                                + " nodes=20000");
        assertThat(s.name()).isEqualTo("HQM");
        assertThat(s.builtin()).isTrue();
        assertThat(s.options())
                .containsExactly(
                        Map.entry("BookMode", "HQM"), Map.entry("BookDir", "books/current"));
        assertThat(s.limit()).isEqualTo(SearchLimit.nodes(20000));
    }

    @Test
    void parsesTheExternalExampleOfCliMd() {
        EngineSpec s =
                EngineSpec.parse(
                        "name=other cmd=/opt/engines/other option.Threads=1 option.USI_Hash=64"
                                + " movetime=200");
        assertThat(s.builtin()).isFalse();
        assertThat(s.command()).isEqualTo("/opt/engines/other");
        assertThat(s.options())
                .containsExactly(Map.entry("Threads", "1"), Map.entry("USI_Hash", "64"));
        assertThat(s.limit()).isEqualTo(SearchLimit.movetime(200));
        // USI has no movetime: a fixed time per move is sent as a byoyomi with empty clocks.
        assertThat(s.limit().usiGo()).isEqualTo("go btime 0 wtime 0 byoyomi 200");
    }

    @Test
    void keepsArgumentsDirectoryAndQuotedValues() {
        EngineSpec s =
                EngineSpec.parse(
                        "name=\"My Engine\" cmd=java dir=/tmp arg=-jar arg=\"x y.jar\""
                                + " byoyomi=1000");
        assertThat(s.name()).isEqualTo("My Engine");
        assertThat(s.dir()).isEqualTo("/tmp");
        assertThat(s.args()).containsExactly("-jar", "x y.jar");
        assertThat(s.limit().usiGo()).isEqualTo("go btime 0 wtime 0 byoyomi 1000");
    }

    @Test
    void specWithoutLimitLeavesItToTheCaller() {
        EngineSpec s = EngineSpec.parse("name=a builtin");
        assertThat(s.limit()).isNull();
        assertThat(s.withDefaultLimit(SearchLimit.TOURNAMENT_DEFAULT).limit())
                .isEqualTo(SearchLimit.nodes(20000));
        assertThat(
                        EngineSpec.parse("name=a builtin depth=3")
                                .withDefaultLimit(SearchLimit.nodes(5))
                                .limit())
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
        for (String text :
                List.of(
                        "name=a builtin depth=3",
                        "name=\"b c\" cmd=/bin/x dir=/d arg=1 arg=\"2 3\" option.K=v nodes=5",
                        "name=t builtin timeout=9")) {
            EngineSpec s = EngineSpec.parse(text);
            assertThat(EngineSpec.parse(s.toSpec())).isEqualTo(s);
        }
    }

    private static final String HASH = "0123456789abcdef".repeat(4);

    @Test
    void anArtifactTakesThePlaceOfACommandAndNamesTheEngine() {
        EngineSpec s = EngineSpec.parse("artifact=yane-9.2 arg=--usi option.Threads=1 byoyomi=100");
        assertThat(s.builtin()).isFalse();
        assertThat(s.command()).isNull();
        assertThat(s.name()).isEqualTo("yane-9.2");
        assertThat(s.artifactName()).isEqualTo("yane-9.2");
        assertThat(s.artifactHash()).isNull();
        assertThat(s.args()).containsExactly("--usi");
    }

    @Test
    void aPinnedArtifactKeepsItsHashThroughTheSpecText() {
        EngineSpec s = EngineSpec.parse("name=y artifact=yane clock=noinc tc=10+0.1");
        EngineSpec pinned = s.withArtifactHash(HASH);
        assertThat(pinned.artifact()).isEqualTo("yane@" + HASH);
        assertThat(pinned.artifactHash()).isEqualTo(HASH);
        assertThat(EngineSpec.parse(pinned.toSpec())).isEqualTo(pinned);
        assertThat(pinned.clockAdapter()).isEqualTo(ClockAdapter.NOINC);
    }

    @Test
    void anInstalledArtifactIsAPlainCommandInItsDirectory() {
        EngineSpec s =
                EngineSpec.parse("artifact=yane@" + HASH + " arg=x nodes=5")
                        .withInstalledArtifact("/cache/h/bin/engine", "/cache/h");
        assertThat(s.artifact()).isNull();
        assertThat(s.command()).isEqualTo("/cache/h/bin/engine");
        assertThat(s.dir()).isEqualTo("/cache/h");
        assertThat(s.args()).containsExactly("x");
        assertThat(s.name()).isEqualTo("yane");
    }

    @Test
    void aLimitOrAClockAddedKeepsEveryOtherField() {
        String fields = "name=e cmd=/x dir=/d arg=a option.Hash=16 clock=noinc";
        EngineSpec s = EngineSpec.parse(fields + " timeout=900");
        assertThat(s.withDefaultLimit(SearchLimit.nodes(5)))
                .isEqualTo(EngineSpec.parse(fields + " nodes=5 timeout=900"));
        EngineSpec clocked = EngineSpec.parse(fields + " tc=10+0.1");
        assertThat(EngineSpec.parse(fields).withDefaultTimeControl(clocked.timeControl()))
                .isEqualTo(clocked);
        assertThat(clocked.withTimeMargin(7))
                .isEqualTo(EngineSpec.parse(fields + " tc=10+0.1 timemargin=7"));
    }

    @Test
    void malformedArtifactSpecsSayWhy() {
        assertError("artifact=a cmd=/x", 1, "'builtin', cmd= and artifact= exclude each other");
        assertError("artifact=a dir=/tmp", 1, "dir= is not for artifact= engines");
        assertError("name=x artifact=a/b", 8, "artifact must be NAME or NAME@HASH");
        assertError("artifact=a@ABC", 1, "artifact must be NAME or NAME@HASH");
    }

    @Test
    void malformedSpecsNameTheColumn() {
        assertError("", 1, "empty engine spec");
        assertError("name=a builtin nodes=5 timeout=x", 24, "timeout must be a positive integer");
        assertError("name=a nodes=5", 1, "give 'builtin', cmd=PATH or artifact=NAME");
        assertError("name=a builtin cmd=/x", 1, "exclude each other");
        assertError("name=a builtin nodes=5 depth=3", 24, "second limit 'depth'");
        assertError(
                "name=a builtin byoyomi=100 nodes=5",
                28,
                "second limit 'nodes': give only one of nodes, movetime, byoyomi, depth");
        assertError(
                "name=a builtin nodes=many", 16, "nodes must be a positive integer, got 'many'");
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

    @Test
    void timeControlNotationInSeconds() {
        EngineSpec s = EngineSpec.parse("name=yo cmd=/opt/yo tc=10+0.1");
        assertThat(s.clocked()).isTrue();
        assertThat(s.limit()).isNull();
        assertThat(s.timeControl())
                .isEqualTo(new TimeControl(10_000, 100, 0, TimeControl.DEFAULT_MARGIN_MS));
        assertThat(EngineSpec.parse("builtin tc=300+10").timeControl())
                .isEqualTo(new TimeControl(300_000, 10_000, 0, 50));
        assertThat(EngineSpec.parse("builtin tc=2.5").timeControl())
                .isEqualTo(new TimeControl(2_500, 0, 0, 50));
        assertThat(EngineSpec.parse("builtin tc=0.05+0.005").timeControl())
                .isEqualTo(new TimeControl(50, 5, 0, 50));
        assertThat(EngineSpec.parse("builtin tc=60 byoyomi=1000 timemargin=20").timeControl())
                .isEqualTo(new TimeControl(60_000, 0, 1_000, 20));
        assertThat(EngineSpec.parse("builtin byoyomi=1000 tc=60").timeControl())
                .isEqualTo(new TimeControl(60_000, 0, 1_000, 50));
    }

    @Test
    void byoyomiAloneKeepsItsPerMoveMeaning() {
        EngineSpec s = EngineSpec.parse("builtin byoyomi=1000");
        assertThat(s.clocked()).isFalse();
        assertThat(s.limit()).isEqualTo(new SearchLimit(SearchLimit.Kind.BYOYOMI, 1000));
    }

    @Test
    void clockedSpecsParseBackAndTakeNoDefaultLimit() {
        for (String text :
                List.of(
                        "name=a builtin tc=10+0.1 timemargin=50",
                        "name=b cmd=/x tc=60 byoyomi=1000 timemargin=0",
                        "name=c builtin tc=0.25")) {
            EngineSpec s = EngineSpec.parse(text);
            assertThat(EngineSpec.parse(s.toSpec())).isEqualTo(s);
        }
        assertThat(EngineSpec.parse("builtin tc=10+0.1").toSpec())
                .isEqualTo("name=joseki builtin tc=10+0.1 timemargin=50");
        EngineSpec clocked = EngineSpec.parse("builtin tc=10");
        assertThat(clocked.withDefaultLimit(SearchLimit.nodes(5))).isEqualTo(clocked);
        TimeControl tc = new TimeControl(5_000, 0, 0, 50);
        assertThat(EngineSpec.parse("builtin").withDefaultTimeControl(tc).timeControl())
                .isEqualTo(tc);
        assertThat(EngineSpec.parse("builtin nodes=5").withDefaultTimeControl(tc).timeControl())
                .isNull();
        assertThat(clocked.withTimeMargin(7).timeControl().marginMs()).isEqualTo(7);
    }

    @Test
    void malformedTimeControlsNameTheFieldAndColumn() {
        assertError(
                "name=a builtin tc=10+",
                16,
                "tc: increment must be seconds like 10 or 0.1, got ''");
        assertError(
                "name=a builtin tc=-1",
                16,
                "tc: main time must be seconds like 10 or 0.1, got '-1'");
        assertError("name=a builtin tc=0", 16, "main time must be positive");
        assertError("name=a builtin tc=1.2345", 16, "got '1.2345'");
        assertError("name=a builtin tc=10 nodes=5", 22, "tc= and nodes= exclude each other");
        assertError("name=a builtin depth=3 tc=10", 24, "tc= and depth= exclude each other");
        assertError(
                "name=a builtin tc=10 movetime=100", 22, "tc= and movetime= exclude each other");
        assertError(
                "name=a builtin tc=10+1 byoyomi=100",
                24,
                "increment and byoyomi= exclude each other");
        assertError("name=a builtin tc=10 timeout=100", 22, "tc= and timeout= exclude each other");
        assertError("name=a builtin tc=10 tc=5", 22, "'tc' given twice");
        assertError("name=a builtin nodes=5 timemargin=10", 24, "timemargin= is for clocked games");
        assertError("name=a builtin tc=5 timemargin=-1", 21, "timemargin must be milliseconds");
        assertError("name=a builtin nodes=5 byoyomi=100", 24, "second limit 'byoyomi'");
    }

    @Test
    void clockAdapterIsReadKeptAndWrittenBack() {
        EngineSpec gps = EngineSpec.parse("name=gps cmd=/usr/games/gpsusi tc=10+0.1 clock=byoyomi");
        assertThat(gps.clockAdapter()).isEqualTo(ClockAdapter.BYOYOMI);
        assertThat(gps.toSpec())
                .isEqualTo("name=gps cmd=/usr/games/gpsusi tc=10+0.1 timemargin=50 clock=byoyomi");
        assertThat(EngineSpec.parse(gps.toSpec())).isEqualTo(gps);
        // the default is written as nothing, so existing specs read and write as before
        assertThat(EngineSpec.parse("cmd=/x tc=10+0.1").clockAdapter())
                .isEqualTo(ClockAdapter.FISCHER);
        assertThat(EngineSpec.parse("cmd=/x tc=10+0.1 clock=fischer").toSpec())
                .isEqualTo("name=x cmd=/x tc=10+0.1 timemargin=50");
        // a spec without tc keeps its adapter for the command's --tc and every copy
        EngineSpec noinc = EngineSpec.parse("cmd=/x clock=noinc");
        TimeControl tc = new TimeControl(10_000, 100, 0, 50);
        assertThat(noinc.withDefaultTimeControl(tc).clockAdapter()).isEqualTo(ClockAdapter.NOINC);
        assertThat(noinc.withDefaultTimeControl(tc).withTimeMargin(5).clockAdapter())
                .isEqualTo(ClockAdapter.NOINC);
        assertThat(noinc.withOption("BookDepth", "0").clockAdapter()).isEqualTo(ClockAdapter.NOINC);
        assertThat(noinc.withDefaultLimit(SearchLimit.nodes(5)).clockAdapter())
                .isEqualTo(ClockAdapter.NOINC);
    }

    @Test
    void malformedClockAdaptersNameTheFieldAndColumn() {
        assertError(
                "cmd=/x tc=10+0.1 clock=bronstein", 18, "clock must be fischer, byoyomi or noinc");
        assertError("cmd=/x clock=noinc clock=noinc", 20, "'clock' given twice");
        assertError("builtin tc=10+0.1 clock=byoyomi", 19, "clock= is for external engines");
        assertError("cmd=/x clock=", 8, "empty value for 'clock'");
    }

    @Test
    void anErrorInTheNthOfSeveralSpecsNamesIt() {
        assertThatThrownBy(() -> EngineSpec.parse("name=b builtin nodes=x", 2))
                .isInstanceOf(ParseException.class)
                .hasMessage("--engine #2:1:16: nodes must be a positive integer, got 'x'");
    }

    private static void assertError(String spec, int column, String message) {
        assertThatThrownBy(() -> EngineSpec.parse(spec))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining(message)
                .satisfies(
                        e -> {
                            ParseException p = (ParseException) e;
                            assertThat(p.source()).isEqualTo("--engine");
                            assertThat(p.column()).as("column of " + spec).isEqualTo(column);
                        });
    }
}
