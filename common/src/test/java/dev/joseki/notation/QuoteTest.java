package dev.joseki.notation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QuoteTest {

    @Test
    void shortTextIsKeptWhole() {
        assertThat(Quote.cut("7g7f")).isEqualTo("7g7f");
        assertThat(Quote.cut("a".repeat(Quote.MAX))).hasSize(Quote.MAX);
    }

    @Test
    void longTextKeepsItsStartAndSaysHowLongItWas() {
        assertThat(Quote.cut("abcdefghij", 4)).isEqualTo("abcd… (10 characters)");
    }

    @Test
    void aSurrogatePairIsNeverSplit() {
        // "𠮷" is one code point in two chars; cutting after 3 chars would split the second one.
        assertThat(Quote.cut("a𠮷𠮷", 3)).isEqualTo("a𠮷… (5 characters)");
    }

    @Test
    void aParseExceptionCutsAnyReasonItIsGiven() {
        ParseException e = new ParseException("f.kif", 3, 1, "bad '" + "y".repeat(100_000) + "'");
        assertThat(e.getMessage())
                .startsWith("f.kif:3:1: bad 'yyy")
                .hasSizeLessThan(ParseException.MAX_REASON + 40);
    }
}
