package dev.joseki.cli.book;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.book.EvalLayout;
import dev.joseki.book.FullKey;
import dev.joseki.book.MoveEval;
import dev.joseki.book.MoverView;
import dev.joseki.book.store.RocksBook;
import dev.joseki.cli.Cli;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.notation.Sfen;
import dev.joseki.rules.Position;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * book mine through the CLI on an embedded broker with a local worker, Spark local and RocksDB on
 * disk.
 */
class BookMineCommandTest {

    /** The command's usage error for a local run on a new book with {@code extra} arguments. */
    private static String usageError(Path dir, String... extra) throws Exception {
        List<String> args =
                new ArrayList<>(
                        List.of("book", "mine", "--book", dir.resolve("b").toString(), "--local"));
        args.addAll(List.of(extra));
        Cli.Run r = Cli.run(args.toArray(String[]::new));
        assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).doesNotContain("\tat ");
        return r.err();
    }

    @Test
    void anUnknownSideIsBadUsageBeforeAnyBroker(@TempDir Path dir) throws Exception {
        assertThat(usageError(dir, "--side", "sideways"))
                .contains("--side must be black, white or both, not 'sideways'");
    }

    @Test
    void miningAnEmptyBookEvaluatesTheRootThenFollowsTheBestMoveAndPropagatesTheChildBack(
            @TempDir Path dir) throws Exception {
        Path book = dir.resolve("book");
        Path record = dir.resolve("mined.evals");
        Cli.Run r =
                Cli.run(
                        "book",
                        "mine",
                        "--book",
                        book.toString(),
                        "--local",
                        "--concurrency",
                        "1",
                        "--engine",
                        "builtin option.USI_Hash=1 option.RootMateNodes=0",
                        "--nodes",
                        "1500",
                        "--multipv",
                        "2",
                        "--side",
                        "black",
                        "--batch",
                        "3",
                        "--positions",
                        "2",
                        "--master",
                        "local[1]",
                        "--record",
                        record.toString());
        assertThat(r.status()).as(r.err()).isZero();
        // fold 1: no book yet, so the root alone, after which the root has a value of depth 0
        // (its evaluations); fold 2: Black (the mined side) is to move at the root, so only its
        // best move is followed, to a position nobody evaluated: one position. The root's value
        // is then of depth 1 if the best move is still best after its child's values come back.
        assertThat(r.out())
                .containsPattern(
                        "fold 1 evaluated 1 entries_changed 2 total 1 root_value -?\\d+ depth 0"
                                + " in_flight [01]\n")
                .containsPattern(
                        "fold 2 evaluated 1 entries_changed 2 total 2 root_value -?\\d+ depth"
                                + " [01] in_flight 0\n")
                .doesNotContain("fold 3")
                .containsPattern(
                        "mined 2 positions in \\S+ s \\(\\d+ positions/hour\\), busy \\d+% of 1"
                                + " worker slots, stopped: budget of 2 positions");
        // the progress towards the budget on stderr, plain here: it ends in the final line
        assertThat(r.err())
                .doesNotContain("\r")
                .containsPattern("(?m)^2/2 positions in \\S+  \\d+\\.\\d positions/s$");
        Position root = Sfen.startPosition();
        List<Position> evaluated = new ArrayList<>(List.of(root));
        try (RocksBook b = RocksBook.open(book)) {
            SortedMap<Integer, MoveEval> rootEvals =
                    b.evals(EvalLayout.Table.EVALS, FullKey.of(root));
            assertThat(rootEvals).hasSize(2);
            // the best evaluated root move led to the second evaluated position
            Map.Entry<Integer, MoveEval> best =
                    rootEvals.entrySet().stream()
                            .max(
                                    Map.Entry.comparingByValue(
                                            java.util.Comparator.comparingInt(MoveEval::value)))
                            .orElseThrow();
            Position child = root.copy();
            child.doMove(child.completeMove(MoverView.toQuery(root, best.getKey())));
            evaluated.add(child);
            SortedMap<Integer, MoveEval> childEvals =
                    b.evals(EvalLayout.Table.EVALS, FullKey.of(child));
            assertThat(childEvals).hasSize(2);
            // min-max by hand: the best root move is worth minus the child's best value (depth 1),
            // the other keeps its eval
            int childBest =
                    childEvals.values().stream().mapToInt(MoveEval::value).max().orElseThrow();
            SortedMap<Integer, MoveEval> values =
                    b.evals(EvalLayout.Table.VALUES, FullKey.of(root));
            assertThat(values.get(best.getKey()).value()).isEqualTo(-childBest);
            assertThat(values.get(best.getKey()).depth()).isEqualTo(1);
        }
        // the recording rebuilds the mined book: the same unmined book (none), its records
        // folded and propagated, gives both positions the same evaluations and values
        Path copy = dir.resolve("copy");
        Cli.Run folded =
                Cli.run(
                        "book",
                        "evals",
                        "--out",
                        copy.toString(),
                        "--from",
                        record.toString(),
                        "--master",
                        "local[1]");
        assertThat(folded.status()).as(folded.err()).isZero();
        assertThat(folded.out()).contains("evals read 2, rejected 0, entries 4");
        Cli.Run propagated = Cli.run("book", "propagate", "--book", copy.toString());
        assertThat(propagated.status()).as(propagated.err()).isZero();
        try (RocksBook mined = RocksBook.open(book);
                RocksBook rebuilt = RocksBook.open(copy)) {
            for (Position p : evaluated) {
                byte[] key = FullKey.of(p);
                for (EvalLayout.Table t : EvalLayout.Table.values()) {
                    assertThat(rebuilt.evals(t, key))
                            .as(t + " " + Sfen.write(p))
                            .isNotEmpty()
                            .isEqualTo(mined.evals(t, key));
                }
            }
        }
    }

    @Test
    void aRecordFileInADirectoryThatDoesNotExistIsRefusedBeforeAnyBroker(@TempDir Path dir)
            throws Exception {
        Path record = dir.resolve("nowhere").resolve("mined.evals");
        assertThat(usageError(dir, "--record", record.toString()))
                .contains("--record " + record + ": no such directory " + record.getParent());
    }
}
