package dev.joseki.cli.book;

import dev.joseki.book.BookBonus;
import dev.joseki.book.ProbeResult;
import dev.joseki.book.store.RocksBook;
import dev.joseki.cli.command.ExitCodes;
import dev.joseki.cli.explorer.BookJson;
import dev.joseki.cli.explorer.ExplorerLine;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ./joseki book probe}: what full, half and quarter matching say about one position. */
@Command(
        name = "probe",
        mixinStandardHelpOptions = true,
        description = {
            "Probes a book. Moves are in the queried position's own coordinates (USI).",
            "Bonuses: half max(3/4 PV, 1/2 PV + 2 FQ), quarter max(1/4 PV, 1/8 PV + FQ), FQ"
                    + " capped.",
            "castle: moves from the mover's formation in its king's area at any ply (beyond the"
                    + " paper; bonus shown = quarter's)."
        })
public final class BookProbeCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--book", required = true, description = "Book directory.")
    Path book;

    @Option(
            names = "--sfen",
            required = true,
            description =
                    "Position: 'startpos', an SFEN, or a USI line ('position startpos moves 7g7f',"
                            + " 'sfen ... moves ...'), as the explorer takes.")
    String sfen;

    @Option(names = "--json", description = "JSON output (cli.md shape).")
    boolean json;

    @Option(names = "--pawn-value", description = "PV for the bonuses (default ${DEFAULT-VALUE}).")
    int pawnValue = 100;

    @Option(
            names = "--fq-cap",
            description = "Cap on FQ; negative = none (default: one pawn value).")
    Long fqCap;

    @Override
    public Integer call() throws Exception {
        Position pos = ExplorerLine.parse(sfen, null, "--sfen").position();
        BookBonus bonus = BookBonus.paper(pawnValue);
        if (fqCap != null) {
            bonus = bonus.withFqCap(fqCap);
        }
        ProbeResult r;
        java.util.List<ProbeResult.Suggestion> castle;
        java.util.Map<Integer, dev.joseki.book.MoveEval> values;
        com.fasterxml.jackson.databind.node.ObjectNode asJson;
        try (RocksBook b = RocksBook.open(book)) {
            r = b.probe(pos);
            castle = b.castle(pos);
            values = b.values(pos);
            asJson = BookJson.probe(b, pos, bonus);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(BookJson.write(asJson));
        } else {
            for (ProbeResult.FullMove f : r.full()) {
                dev.joseki.book.MoveEval v = values.get(f.move16());
                out.printf(
                        "full %s count %d wins %d draws %d losses %d%s%n",
                        Move.usi(f.move16()),
                        f.stats().count(),
                        f.stats().wins(),
                        f.stats().draws(),
                        f.stats().losses(),
                        v == null ? "" : " value " + v.value() + " depth " + v.depth());
            }
            for (ProbeResult.Suggestion s : r.half()) {
                out.printf(
                        "half %s frequency %d bonus %d%n",
                        Move.usi(s.move16()), s.frequency(), bonus.half(s.frequency()));
            }
            for (ProbeResult.Suggestion s : r.quarter()) {
                out.printf(
                        "quarter %s frequency %d bonus %d area %s%n",
                        Move.usi(s.move16()),
                        s.frequency(),
                        bonus.quarter(s.frequency()),
                        s.area().jsonName());
            }
            for (ProbeResult.Suggestion s : castle) {
                out.printf(
                        "castle %s frequency %d bonus %d area %s%n",
                        Move.usi(s.move16()),
                        s.frequency(),
                        bonus.quarter(s.frequency()),
                        s.area().jsonName());
            }
            // a mined or imported book may value moves that no game counted: show them too
            java.util.Set<Integer> counted = new java.util.HashSet<>();
            r.full().forEach(f -> counted.add(f.move16()));
            values.forEach(
                    (move, v) -> {
                        if (!counted.contains(move)) {
                            out.printf(
                                    "eval %s value %d depth %d%n",
                                    Move.usi(move), v.value(), v.depth());
                        }
                    });
            var line = asJson.get("principal_line");
            if (!line.isEmpty()) {
                StringBuilder moves = new StringBuilder("line");
                line.forEach(step -> moves.append(' ').append(step.get("move").asText()));
                out.println(
                        moves
                                + " value "
                                + line.get(0).get("value").asInt()
                                + " depth "
                                + line.get(0).get("depth").asInt());
            }
            if (r.isEmpty() && castle.isEmpty() && values.isEmpty()) {
                out.println("no match");
            }
        }
        out.flush();
        return ExitCodes.OK;
    }
}
