package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.cli.command.ExitCodes;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A command line that does not parse is one line on stderr and exit status 2 (docs/cli.md). */
class MainTest {
    private static final String NL = System.lineSeparator();

    @Test
    void anUnknownOptionIsOneLineNamingTheCommand() {
        Cli.Run r = Cli.run("perft", "--bogus");
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err())
                .isEqualTo(
                        "joseki perft: Unknown option: '--bogus' (joseki perft --help shows the"
                                + " usage)"
                                + NL);
        assertThat(r.out()).isEmpty();
    }

    @Test
    void aBadValueFromTheEnvironmentNamesTheVariableNotTheFlag() {
        Cli.Run r = Cli.run(Map.of("JOSEKI_GAMES", "xyz"), "selfplay");
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err())
                .isEqualTo(
                        "joseki selfplay: Invalid value for JOSEKI_GAMES (--games): 'xyz' is not"
                                + " an int (joseki selfplay --help shows the usage)"
                                + NL);
    }

    @Test
    void aBadValueTypedOnTheCommandLineNamesTheFlag() {
        Cli.Run r = Cli.run(Map.of("JOSEKI_GAMES", "xyz"), "selfplay", "--games=abc");
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).startsWith("joseki selfplay: Invalid value for option '--games'");
    }

    @Test
    void anUnknownCommandWithHelpIsAnErrorNotTheTopLevelHelp() {
        Cli.Run r = Cli.run("nosuch", "--help");
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.out()).isEmpty();
        assertThat(r.err())
                .isEqualTo("joseki: unknown command 'nosuch' (joseki --help shows the usage)" + NL);
    }

    @Test
    void anUnknownBookCommandNamesTheBookCommand() {
        Cli.Run r = Cli.run("book", "nosuch");
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err())
                .isEqualTo(
                        "joseki book: unknown command 'nosuch' (joseki book --help shows the"
                                + " usage)"
                                + NL);
    }

    /**
     * picocli prints each element of a description on a line of its own: an element that stops
     * mid-sentence reads as a description cut off. Long sentences are one element; picocli wraps
     * them.
     */
    @Test
    void noHelpDescriptionLineStopsMidSentence() {
        java.util.List<String> cut = new java.util.ArrayList<>();
        collectCuts(new picocli.CommandLine(new Main()), cut);
        assertThat(cut).isEmpty();
    }

    /**
     * picocli passes every description line of an option through String.format: a lone '%' ("5%
     * of") makes it print a warning on stderr above the help. Read from the annotations, for the
     * model holds the lines after that formatting.
     */
    @Test
    void everyOptionDescriptionFormatsWithoutAWarning() {
        java.util.List<String> bad = new java.util.ArrayList<>();
        int[] checked = {0};
        collectUnformattable(new picocli.CommandLine(new Main()), bad, checked);
        assertThat(checked[0]).isGreaterThan(100);
        assertThat(bad).isEmpty();
    }

    private static void collectUnformattable(
            picocli.CommandLine cl, java.util.List<String> bad, int[] checked) {
        for (picocli.CommandLine.Model.OptionSpec o : cl.getCommandSpec().options()) {
            if (o.userObject() instanceof java.lang.reflect.Field f
                    && f.getAnnotation(picocli.CommandLine.Option.class) != null) {
                for (String line :
                        f.getAnnotation(picocli.CommandLine.Option.class).description()) {
                    checked[0]++;
                    try {
                        String.format(line);
                    } catch (java.util.IllegalFormatException e) {
                        bad.add(
                                f.getDeclaringClass().getSimpleName()
                                        + "."
                                        + f.getName()
                                        + ": "
                                        + line);
                    }
                }
            }
        }
        cl.getSubcommands().values().forEach(sub -> collectUnformattable(sub, bad, checked));
    }

    private static void collectCuts(picocli.CommandLine cl, java.util.List<String> cut) {
        picocli.CommandLine.Model.CommandSpec spec = cl.getCommandSpec();
        addCuts(spec.qualifiedName(), spec.usageMessage().description(), cut);
        for (picocli.CommandLine.Model.OptionSpec o : spec.options()) {
            addCuts(spec.qualifiedName() + " " + o.longestName(), o.description(), cut);
        }
        cl.getSubcommands().values().forEach(sub -> collectCuts(sub, cut));
    }

    private static void addCuts(String where, String[] lines, java.util.List<String> cut) {
        for (int i = 0; i + 1 < lines.length; i++) {
            if (!lines[i].strip().matches(".*[.:!?)]$")) {
                cut.add(where + ": " + lines[i]);
            }
        }
    }
}
