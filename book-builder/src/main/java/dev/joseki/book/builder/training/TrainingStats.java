package dev.joseki.book.builder.training;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What an export read, left out and wrote: stats.json (these fields) and stats.md (the same as
 * tables). Counts per bucket are of the positions written (training and validation).
 *
 * @param records records read from the topic
 * @param badRecords records that are not a TrainingPosition (left out)
 * @param duplicates records of a position already kept (same position key)
 * @param dropped positions left out by {@link TrainingFilter}, by reason id, every reason present
 * @param byPly positions written per move-number bucket, every bucket present, in order
 * @param byScore positions written per score bucket, every bucket present, in order
 * @param byResult positions written by result for the side to move: win, draw, loss
 */
public record TrainingStats(
        long records,
        long badRecords,
        long duplicates,
        Map<String, Long> dropped,
        long train,
        long validation,
        int files,
        Map<String, Long> byPly,
        Map<String, Long> byScore,
        Map<String, Long> byResult,
        long seed,
        double validationFraction,
        int evalLimit) {
    private static final ObjectMapper JSON =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public TrainingStats {
        dropped = Map.copyOf(dropped);
        byPly = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byPly));
        byScore = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byScore));
        byResult = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byResult));
    }

    /** Positions written. */
    public long written() {
        return train + validation;
    }

    /** Counts of labels, every label of {@code labels} present (zero if absent), in its order. */
    static Map<String, Long> ordered(List<String> labels, Map<String, Long> counts) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String l : labels) {
            out.put(l, counts.getOrDefault(l, 0L));
        }
        return out;
    }

    public String toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("records", records);
        m.put("bad_records", badRecords);
        m.put("duplicates", duplicates);
        Map<String, Long> drops = new LinkedHashMap<>();
        for (TrainingFilter.Reason r : TrainingFilter.Reason.values()) {
            drops.put(r.id(), dropped.getOrDefault(r.id(), 0L));
        }
        m.put("dropped", drops);
        m.put("written", written());
        m.put("train", train);
        m.put("validation", validation);
        m.put("files", files);
        m.put("seed", seed);
        m.put("validation_fraction", validationFraction);
        m.put("eval_limit", evalLimit);
        m.put("by_ply", byPly);
        m.put("by_score", byScore);
        m.put("by_result", byResult);
        try {
            return JSON.writeValueAsString(m) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String toMarkdown() {
        StringBuilder b = new StringBuilder("# Training data\n\n");
        b.append(
                String.format(
                        Locale.ROOT,
                        "%,d records read; %,d not a TrainingPosition, %,d duplicate positions;"
                                + " left out: %s.%n%n",
                        records,
                        badRecords,
                        duplicates,
                        dropped.isEmpty() ? "none" : droppedText()));
        b.append(
                String.format(
                        Locale.ROOT,
                        "Written: %,d positions, %,d for training and %,d for validation (fraction"
                                + " %s, seed %d), in %d files.%n",
                        written(),
                        train,
                        validation,
                        validationFraction,
                        seed,
                        files));
        table(b, "move number", byPly);
        table(b, "score (side to move, cp)", byScore);
        table(b, "result (side to move)", byResult);
        return b.toString();
    }

    private String droppedText() {
        StringBuilder b = new StringBuilder();
        for (TrainingFilter.Reason r : TrainingFilter.Reason.values()) {
            long n = dropped.getOrDefault(r.id(), 0L);
            b.append(b.length() == 0 ? "" : ", ")
                    .append(String.format(Locale.ROOT, "%,d %s", n, r.id()));
        }
        return b.toString();
    }

    private void table(StringBuilder b, String title, Map<String, Long> counts) {
        b.append("\n| ").append(title).append(" | positions |\n|---|---:|\n");
        counts.forEach((k, v) -> b.append(String.format(Locale.ROOT, "| %s | %,d |%n", k, v)));
    }
}
