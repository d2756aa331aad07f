package dev.joseki.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.book.BookAccumulator;
import dev.joseki.book.BookLayout;
import dev.joseki.book.BookLayout.Index;
import dev.joseki.book.GameExploder;
import dev.joseki.book.store.BookStore;
import dev.joseki.book.store.RocksBook;
import dev.joseki.book.store.BookVersions;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Declaration;
import dev.joseki.rules.Game;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import dev.joseki.rules.Result;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A built-in tournament player with a real RocksDB book plays the book move on a full match. */
class BuiltinContestantBookTest {
    @Test
    void fullMatchPlaysTheBookMove(@TempDir Path dir) {
        BookAccumulator acc = new BookAccumulator();
        Position p = Sfen.startPosition();
        int m = UsiMove.parse(p, "9g9f");
        GameExploder.explode(Sfen.startPosition(), new int[] {m}, Result.BLACK_WIN, 100, false, acc);
        Path v = BookVersions.newVersion(dir);
        try (BookStore s = BookStore.create(v, null)) {
            for (Index i : Index.values()) {
                Map<byte[], byte[]> e = new LinkedHashMap<>();
                acc.entries(i).forEach((k, st) -> e.put(k, BookLayout.encode(st)));
                s.put(i, e);
            }
            s.putMetadata(Map.of("games", "1"));
        }
        BookVersions.publish(dir, v);
        EngineSpec spec = EngineSpec.parse("name=b builtin option.BookMode=NM option.BookDir=" + dir + " nodes=500");
        BuiltinContestant c = new BuiltinContestant(spec, Declaration.Rule.POINTS_27, RocksBook::open);
        try {
            Contestant.Choice choice = c.choose(new Game(Sfen.startPosition()), new boolean[1]);
            assertThat(Move.usi(choice.move())).isEqualTo("9g9f");
            assertThat(choice.comment()).isEqualTo("book");
        } finally {
            c.close();
        }
    }

    @Test
    void bookFqCapMustBeAnInteger() {
        BuiltinContestant.check(EngineSpec.parse("name=b builtin option.BookFqCap=0 nodes=500"));
        assertThatThrownBy(() -> BuiltinContestant.check(EngineSpec.parse("name=b builtin option.BookFqCap=x nodes=500")))
                .hasMessageContaining("option.BookFqCap must be an integer");
    }
}
