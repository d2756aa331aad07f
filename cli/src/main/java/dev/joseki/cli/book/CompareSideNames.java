package dev.joseki.cli.book;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The names of a book compare's two sides, as the reports and the console show them. A side is
 * named after its book; when both sides use the same book, the side options that differ tell them
 * apart ("real[BookMode=HQM]" against "real[BookMode=NM]"), and only when those are the same too
 * are they "A:NAME" and "B:NAME". Names given with --a-name/--b-name win.
 */
public final class CompareSideNames {
    private CompareSideNames() {}

    /** Side A's and side B's names; a given name is null when not given. */
    static String[] of(
            String bookA,
            String optionsA,
            String bookB,
            String optionsB,
            String givenA,
            String givenB) {
        String a = bookA;
        String b = bookB;
        if (bookA.equals(bookB)) {
            List<String> onlyA = fieldsNotIn(optionsA, optionsB);
            List<String> onlyB = fieldsNotIn(optionsB, optionsA);
            if (onlyA.isEmpty() && onlyB.isEmpty()) {
                a = "A:" + bookA;
                b = "B:" + bookB;
            } else {
                a = labelled(bookA, onlyA);
                b = labelled(bookB, onlyB);
            }
        }
        a = givenA != null ? givenA : a;
        b = givenB != null ? givenB : b;
        if (a.equals(b)) {
            throw new IllegalArgumentException(
                    "both sides are named '" + a + "': give --a-name and --b-name different names");
        }
        return new String[] {a, b};
    }

    /** The spec fields of {@code options} that {@code other} does not have, in their order. */
    private static List<String> fieldsNotIn(String options, String other) {
        List<String> others = fields(other);
        List<String> only = new ArrayList<>();
        for (String f : fields(options)) {
            if (!others.contains(f)) {
                only.add(f);
            }
        }
        return only;
    }

    private static List<String> fields(String options) {
        String trimmed = options.trim();
        return trimmed.isEmpty() ? List.of() : Arrays.asList(trimmed.split("\\s+"));
    }

    private static String labelled(String book, List<String> fields) {
        if (fields.isEmpty()) {
            return book;
        }
        List<String> shown = new ArrayList<>();
        for (String f : fields) {
            shown.add(f.startsWith("option.") ? f.substring("option.".length()) : f);
        }
        return book + "[" + String.join(",", shown) + "]";
    }
}
