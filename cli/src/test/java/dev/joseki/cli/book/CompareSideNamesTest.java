package dev.joseki.cli.book;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class CompareSideNamesTest {
    @Test
    void sidesWithDifferentBooksAreNamedAfterTheirBooks() {
        assertArrayEquals(
                new String[] {"mined", "real"},
                CompareSideNames.of("mined", "", "real", "", null, null));
    }

    @Test
    void theSameBookInTwoModesIsNamedByTheOptionsThatDiffer() {
        assertArrayEquals(
                new String[] {"real[BookMode=HQM]", "real[BookMode=NM]"},
                CompareSideNames.of(
                        "real",
                        "option.USI_Hash=64 option.BookMode=HQM",
                        "real",
                        "option.BookMode=NM option.USI_Hash=64",
                        null,
                        null));
    }

    @Test
    void aSideWithoutOwnOptionsKeepsTheBareBookName() {
        assertArrayEquals(
                new String[] {"real[BookMode=HQM,nodes=5000]", "real"},
                CompareSideNames.of(
                        "real", "option.BookMode=HQM nodes=5000", "real", "", null, null));
    }

    @Test
    void theSameBookWithTheSameOptionsIsNamedAAndB() {
        assertArrayEquals(
                new String[] {"A:real", "B:real"},
                CompareSideNames.of("real", "", "real", "", null, null));
    }

    @Test
    void givenNamesWin() {
        assertArrayEquals(
                new String[] {"hqm", "nm"},
                CompareSideNames.of(
                        "real", "option.BookMode=HQM", "real", "option.BookMode=NM", "hqm", "nm"));
    }

    @Test
    void twoEqualGivenNamesAreRefused() {
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> CompareSideNames.of("a", "", "b", "", "x", "x"));
        assertEquals(
                "both sides are named 'x': give --a-name and --b-name different names",
                e.getMessage());
    }
}
