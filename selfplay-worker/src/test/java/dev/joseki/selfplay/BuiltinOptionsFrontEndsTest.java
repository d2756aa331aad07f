package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.play.EngineSpec;
import dev.joseki.play.usi.UsiFront;
import dev.joseki.records.proto.BuiltinEngine;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.SelfPlayTask;
import dev.joseki.rules.Declaration;
import dev.joseki.rules.Game;
import dev.joseki.tournament.RefereedGames;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The one option table of the built-in engine seen from its three front ends: USI {@code
 * setoption}, the tournament's pre-flight check of a spec, and the worker's task validation. Each
 * must accept and reject the same options and values. Expected values are written by hand from the
 * table's documented bounds (docs/book.md, docs/tournament.md), not read from the table.
 */
class BuiltinOptionsFrontEndsTest {
    /** name, value: accepted everywhere. */
    private static final List<String[]> ACCEPTED =
            List.of(
                    new String[] {"USI_Hash", "1"},
                    new String[] {"USI_Hash", "64"},
                    new String[] {"Threads", "1"},
                    new String[] {"Threads", "64"},
                    new String[] {"MultiPV", "3"},
                    new String[] {"USI_Ponder", "false"},
                    new String[] {"PlausibleMoves", "false"},
                    new String[] {"PlausibleMoves", "TRUE"},
                    new String[] {"RootMateNodes", "0"},
                    new String[] {"RootMateNodes", "100000000"},
                    new String[] {"BookMode", "NM"},
                    new String[] {"BookMode", "hm"},
                    new String[] {"BookMode", "Hqm"},
                    new String[] {"BookSeed", "0"},
                    new String[] {"BookSeed", "9223372036854775807"},
                    new String[] {"BookFqCap", "-1"},
                    new String[] {"BookFqCap", "1000000000"},
                    new String[] {"BookHalfFloor", "0"},
                    new String[] {"BookQuarterFq", "100000"},
                    new String[] {"BookChoice", "auto"},
                    new String[] {"BookChoice", "COUNT"},
                    new String[] {"BookLossValue", "0"},
                    new String[] {"BookLossValue", "32000"},
                    new String[] {"BookEvalBlackLimit", "-32000"},
                    new String[] {"BookEvalWhiteLimit", "32000"});

    /** name, value: rejected everywhere. */
    private static final List<String[]> REJECTED =
            List.of(
                    new String[] {"USI_Hash", "0"},
                    new String[] {"USI_Hash", "4097"},
                    new String[] {"Threads", "0"},
                    new String[] {"Threads", "65"},
                    new String[] {"Threads", "many"},
                    new String[] {"MultiPV", "0"},
                    new String[] {"PlausibleMoves", "yes"},
                    new String[] {"RootMateNodes", "-1"},
                    new String[] {"RootMateNodes", "100000001"},
                    new String[] {"BookMode", "XQM"},
                    new String[] {"BookSeed", "-1"},
                    new String[] {"BookFqCap", "-2"},
                    new String[] {"BookFqCap", "x"},
                    new String[] {"BookHalfBase", "100001"},
                    new String[] {"BookChoice", "BEST"},
                    new String[] {"BookLossValue", "-1"},
                    new String[] {"BookLossValue", "32001"},
                    // an evaluation file that cannot be loaded (docs/training.md)
                    new String[] {"EvalFile", "/nonexistent/joseki.eval"},
                    new String[] {"BookEvalBlackLimit", "-32001"},
                    new String[] {"BookEvalWhiteLimit", "32001"},
                    new String[] {"Contempt", "10"});

    @Test
    void everyFrontEndAcceptsTheSameOptions() {
        for (String[] o : ACCEPTED) {
            assertThat(usiAccepts(o[0], o[1])).as("usi %s=%s", o[0], o[1]).isTrue();
            assertThat(tournamentAccepts(o[0], o[1])).as("tournament %s=%s", o[0], o[1]).isTrue();
            assertThat(workerAccepts(o[0], o[1])).as("worker %s=%s", o[0], o[1]).isTrue();
        }
    }

    @Test
    void everyFrontEndRejectsTheSameOptions() {
        for (String[] o : REJECTED) {
            assertThat(usiAccepts(o[0], o[1])).as("usi %s=%s", o[0], o[1]).isFalse();
            assertThat(tournamentAccepts(o[0], o[1])).as("tournament %s=%s", o[0], o[1]).isFalse();
            assertThat(workerAccepts(o[0], o[1])).as("worker %s=%s", o[0], o[1]).isFalse();
        }
    }

    /** setoption answered without an "info string" complaint. */
    private static boolean usiAccepts(String name, String value) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        UsiFront usi = new UsiFront(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        usi.handle("setoption name " + name + " value " + value);
        usi.handle("quit");
        return !bytes.toString(StandardCharsets.UTF_8).contains("info string");
    }

    private static boolean tournamentAccepts(String name, String value) {
        try (RefereedGames checker =
                new RefereedGames(new Game.Rules(8, Declaration.Rule.POINTS_27), "t")) {
            checker.check(
                    EngineSpec.parse("name=a builtin option." + name + "=" + value + " nodes=10"));
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static boolean workerAccepts(String name, String value) {
        Player p =
                Player.newBuilder()
                        .setName("a")
                        .setBuiltin(BuiltinEngine.getDefaultInstance())
                        .putOptions(name, value)
                        .build();
        SelfPlayTask t =
                SelfPlayTask.newBuilder()
                        .setTaskId("t")
                        .setBlack(p)
                        .setWhite(p)
                        .setLimits(Limits.newBuilder().setNodes(10))
                        .setGames(1)
                        .build();
        return TaskValidator.problem(t, true) == null;
    }
}
