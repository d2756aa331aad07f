package dev.joseki.book.builder;

import dev.joseki.book.BookLayout;
import dev.joseki.book.FullKey;
import dev.joseki.book.ProbeResult;
import dev.joseki.book.store.BookVersions;
import dev.joseki.book.store.RocksBook;
import dev.joseki.book.values.BookPropagation;
import dev.joseki.book.values.Frontier;
import dev.joseki.book.values.PlayedFrontier;
import dev.joseki.book.values.ValueDepth;
import dev.joseki.notation.Sfen;
import dev.joseki.records.PositionEvals;
import dev.joseki.records.proto.PositionEval;
import dev.joseki.rules.Position;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The book side of {@code book mine}: folds records into the evals table over one warm Spark
 * session ({@link EvalFolder}), propagates the whole book after each fold ({@link
 * BookPropagation}), and chooses the frontier of each mined side ({@link Frontier}) from the newest
 * version, topped up with the book's most played positions that have no value ({@link
 * PlayedFrontier}). Used by the mining loop's folder thread only.
 */
public final class MinedBook implements MiningLoop.Book, AutoCloseable {
    private final Path dir;
    private final Position root;
    private final List<Integer> sides;
    private final int window;
    private final String master;
    private final Path work;
    private EvalFolder folder;
    private int files;

    public MinedBook(
            Path dir, Position root, List<Integer> sides, int window, String master, Path work) {
        this.dir = dir;
        this.root = root;
        this.sides = List.copyOf(sides);
        this.window = window;
        this.master = master;
        this.work = work;
    }

    @Override
    public void propagate() {
        if (hasBook()) {
            BookPropagation.run(dir, 1, FullKey.of(root));
        }
    }

    @Override
    public MiningLoop.Folded fold(List<PositionEval> records) {
        if (folder == null) {
            folder = new EvalFolder(master);
        }
        Path file = work.resolve("fold-" + ++files + ".evals");
        try {
            try (OutputStream o = Files.newOutputStream(file)) {
                PositionEvals.write(o, records);
            }
            EvalFold.Report r = folder.fold(dir, List.of(file));
            Files.delete(file);
            String rootValue = "none depth none";
            if (hasBook()) {
                int vd = BookPropagation.run(dir, 1, FullKey.of(root)).rootValue();
                if (vd != ValueDepth.UNKNOWN) {
                    rootValue = ValueDepth.value(vd) + " depth " + ValueDepth.depth(vd);
                }
            }
            return new MiningLoop.Folded(r.changed(), rootValue);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The frontier of every mined side, in side order, without repeats; the root while it has no
     * value. Each side gets an equal share; the last one also what the others left.
     */
    @Override
    public List<String> frontier(int limit, Predicate<String> skip) {
        Predicate<Position> skipped = p -> skip.test(MiningLoop.key(Sfen.write(p)));
        if (!hasBook()) {
            return skipped.test(root) ? List.of() : List.of(Sfen.write(root));
        }
        Set<String> chosen = new LinkedHashSet<>();
        try (RocksBook b = RocksBook.open(dir)) {
            if (b.of(FullKey.of(root)).isEmpty()) {
                return skipped.test(root) ? List.of() : List.of(Sfen.write(root));
            }
            int share = Math.max(1, limit / sides.size());
            for (int i = 0; i < sides.size(); i++) {
                int cap = i == sides.size() - 1 ? limit : Math.min(limit, chosen.size() + share);
                for (Frontier.Target t :
                        Frontier.select(
                                b,
                                p -> bookMoves(b, p),
                                root,
                                sides.get(i),
                                window,
                                limit,
                                skipped)) {
                    if (chosen.size() >= cap) {
                        break;
                    }
                    chosen.add(t.sfen());
                }
            }
            // what the best lines leave of the limit: the most played positions without values,
            // so that the workers never wait for the next fold
            if (chosen.size() < limit) {
                chosen.addAll(
                        PlayedFrontier.select(
                                b,
                                p -> playedMoves(b, p),
                                root,
                                limit - chosen.size(),
                                MAX_PLAYED_VISITS,
                                p -> skipped.test(p) || chosen.contains(Sfen.write(p))));
            }
        }
        return new ArrayList<>(chosen);
    }

    /** Bounds the played-lines walk of one fold (about a second of probes). */
    private static final int MAX_PLAYED_VISITS = 20_000;

    private static List<PlayedFrontier.PlayedMove> playedMoves(RocksBook b, Position p) {
        return b.probe(p, EnumSet.of(BookLayout.Index.FULL)).full().stream()
                .map(f -> new PlayedFrontier.PlayedMove(f.move16(), f.stats().count()))
                .toList();
    }

    /** The full-index moves of p, most played first. */
    private static int[] bookMoves(RocksBook b, Position p) {
        return b.probe(p, EnumSet.of(BookLayout.Index.FULL)).full().stream()
                .sorted(Comparator.comparingLong((ProbeResult.FullMove f) -> -f.stats().count()))
                .mapToInt(ProbeResult.FullMove::move16)
                .toArray();
    }

    private boolean hasBook() {
        return BookVersions.current(dir) != null;
    }

    @Override
    public void close() {
        if (folder != null) {
            folder.close();
        }
    }
}
