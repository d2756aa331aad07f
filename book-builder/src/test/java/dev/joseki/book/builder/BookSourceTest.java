package dev.joseki.book.builder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class BookSourceTest {
    @Test
    void aSpecGivesNamePathAndWeight() {
        assertThat(BookSource.parse(2, BookSource.Kind.RECORDS, "pro=records/pro:3"))
                .isEqualTo(new BookSource(2, "pro", BookSource.Kind.RECORDS, "records/pro", 3));
    }

    @Test
    void nameDefaultsToTheFileNameAndWeightToOne() {
        assertThat(BookSource.parse(0, BookSource.Kind.YANEURAOU_DB, "books/gps-joseki.db"))
                .isEqualTo(
                        new BookSource(
                                0,
                                "gps-joseki.db",
                                BookSource.Kind.YANEURAOU_DB,
                                "books/gps-joseki.db",
                                1));
    }

    @Test
    void aWeightOutsideOneToAThousandIsRefusedWithTheSourceName() {
        assertThatThrownBy(() -> BookSource.parse(0, BookSource.Kind.RECORDS, "self=games:0"))
                .hasMessageContaining("self")
                .hasMessageContaining("weight 0");
        assertThatThrownBy(() -> BookSource.parse(0, BookSource.Kind.RECORDS, "self=games:1001"))
                .hasMessageContaining("weight 1001");
    }

    @Test
    void twoSourcesWithOneNameAreRefused() {
        List<BookSource> two =
                List.of(
                        BookSource.parse(0, BookSource.Kind.RECORDS, "a/games.usi"),
                        BookSource.parse(1, BookSource.Kind.RECORDS, "b/games.usi"));
        assertThatThrownBy(() -> BuildSettings.defaults("out", List.of()).withSources(two))
                .hasMessageContaining("two sources are named 'games.usi'");
    }

    @Test
    void winnersOnlyRefusesImportedBooks() {
        BuildSettings s =
                BuildSettings.defaults("out", List.of())
                        .withSources(
                                List.of(
                                        BookSource.parse(
                                                0, BookSource.Kind.YANEURAOU_DB, "gps.db")));
        assertThatThrownBy(() -> s.withFilters(1, true, java.util.Set.of()))
                .hasMessageContaining("--winners-only");
    }
}
