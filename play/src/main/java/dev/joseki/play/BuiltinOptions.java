package dev.joseki.play;

import dev.joseki.book.BookBonus;
import dev.joseki.book.store.BookVersions;
import dev.joseki.engine.DefaultEvaluation;
import dev.joseki.engine.EvalFile;
import dev.joseki.engine.EvaluationScales;
import dev.joseki.engine.Material;
import dev.joseki.engine.SearchTunables;
import dev.joseki.engine.book.BookChoice;
import dev.joseki.engine.book.BookMode;
import dev.joseki.engine.book.BookValueRules;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The one option table of the built-in engine, read by {@code ./joseki usi} ({@code setoption}), by
 * tournaments ({@code option.NAME=VALUE} of a spec, checked before any game) and by self-play
 * workers (a task's options, checked before the task is played): the same names, defaults and
 * bounds everywhere. Values are kept in canonical form (BookMode in capitals, check values
 * lower-case). Immutable.
 */
public final class BuiltinOptions {
    public enum Type {
        SPIN,
        CHECK,
        COMBO,
        STRING
    }

    /** One option: for a spin the inclusive bounds, for a combo its values. */
    public record Option(
            String name, Type type, String defaultValue, long min, long max, List<String> vars) {
        static Option spin(String name, long def, long min, long max) {
            return new Option(name, Type.SPIN, Long.toString(def), min, max, List.of());
        }

        static Option check(String name, boolean def) {
            return new Option(name, Type.CHECK, Boolean.toString(def), 0, 0, List.of());
        }

        /**
         * A search margin ({@link SearchTunables}) or evaluation scale ({@link EvaluationScales})
         * for tuning: settable like any option, left out of the usi reply so that a GUI does not
         * offer it.
         */
        public boolean tunable() {
            return name.startsWith("Tune");
        }

        /** The value in canonical form; IllegalArgumentException saying what is wrong. */
        String canonical(String raw) {
            String v = raw.trim();
            switch (type) {
                case SPIN -> {
                    long n;
                    try {
                        n = Long.parseLong(v);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException(
                                "option " + name + ": not a number '" + raw + "'");
                    }
                    if (n < min || n > max) {
                        throw new IllegalArgumentException(
                                "option " + name + ": " + n + " outside " + min + ".." + max);
                    }
                    return Long.toString(n);
                }
                case CHECK -> {
                    String b = v.toLowerCase(Locale.ROOT);
                    if (!b.equals("true") && !b.equals("false")) {
                        throw new IllegalArgumentException(
                                "option " + name + ": expected true or false, got '" + raw + "'");
                    }
                    return b;
                }
                case COMBO -> {
                    String c = v.toUpperCase(Locale.ROOT);
                    if (!vars.contains(c)) {
                        throw new IllegalArgumentException(
                                "option "
                                        + name
                                        + ": '"
                                        + raw
                                        + "' is not one of "
                                        + String.join(", ", vars));
                    }
                    return c;
                }
                default -> {
                    return v.equals("<empty>") ? "" : v;
                }
            }
        }

        /** The "option name ..." line of the usi reply. */
        public String usiLine() {
            StringBuilder sb =
                    new StringBuilder("option name ")
                            .append(name)
                            .append(" type ")
                            .append(type.name().toLowerCase(Locale.ROOT));
            sb.append(" default ").append(defaultValue.isEmpty() ? "<empty>" : defaultValue);
            if (type == Type.SPIN) {
                sb.append(" min ").append(min).append(" max ").append(max);
            }
            for (String v : vars) {
                sb.append(" var ").append(v);
            }
            return sb.toString();
        }
    }

    /**
     * The table. BookSeed 0 means "no seed given": in a refereed game the book's random choices are
     * then seeded by the game (see {@link BuiltinPlayer#newGame}); in {@code ./joseki usi} by the
     * clock. Bonus constants are in permille of the pawn value ({@link BookBonus}). BookChoice
     * picks among full-match moves by count, by value, or by count within BookEvalWindow centipawns
     * of the best value, AUTO by window where the book has values ({@link BookChoice}); whatever
     * the choice, a move valued at or below -BookLossValue is never played and a best value below
     * the side's BookEvalBlackLimit/BookEvalWhiteLimit leaves the book ({@link BookValueRules}; the
     * defaults are argued in docs/book.md); BookMinedMoves false keeps the moves only the mining
     * evaluated out of the book (the values then only rank the moves games played). WarmUp: the USI
     * front end's first isready warms the JIT up ({@code WarmUp}); false saves those seconds of CPU
     * per process where the first moves' speed does not matter (fixed-node matches, tests).
     * Evaluation: {@code TRAINED}, the default, plays the trained evaluation of EvalFile, or the
     * one shipped in the jar ({@link DefaultEvaluation}) while EvalFile is empty; {@code
     * HANDCRAFTED} plays the handcrafted one, whatever EvalFile says (a GUI may keep sending a file
     * it remembers), and is the only evaluation the TuneEval scales apply to. A file that cannot be
     * used is refused, never replaced by another evaluation.
     */
    public static final List<Option> TABLE =
            List.of(
                    Option.spin("USI_Hash", 16, 1, 4096),
                    Option.spin("Threads", 1, 1, 64),
                    Option.spin("MultiPV", 1, 1, 64),
                    Option.check("USI_Ponder", true),
                    Option.check("PlausibleMoves", true),
                    Option.spin("RootMateNodes", 2000, 0, 100_000_000),
                    Option.check("WarmUp", true),
                    new Option(
                            "Evaluation",
                            Type.COMBO,
                            "TRAINED",
                            0,
                            0,
                            List.of("TRAINED", "HANDCRAFTED")),
                    new Option("EvalFile", Type.STRING, "", 0, 0, List.of()),
                    new Option("BookDir", Type.STRING, "", 0, 0, List.of()),
                    new Option(
                            "BookMode",
                            Type.COMBO,
                            "HQM",
                            0,
                            0,
                            List.of("NM", "HM", "HQM", "HQCM")),
                    new Option(
                            "BookChoice",
                            Type.COMBO,
                            "AUTO",
                            0,
                            0,
                            List.of("COUNT", "VALUE", "WINDOW", "AUTO")),
                    Option.spin("BookEvalWindow", 50, 0, 32000),
                    Option.spin("BookLossValue", 300, 0, 32000),
                    Option.spin("BookEvalBlackLimit", -140, -32000, 32000),
                    Option.spin("BookEvalWhiteLimit", -140, -32000, 32000),
                    Option.check("BookMinedMoves", true),
                    Option.spin("BookSeed", 0, 0, Long.MAX_VALUE),
                    Option.spin("BookFqCap", Material.PAWN_VALUE, -1, 1_000_000_000),
                    Option.spin("BookHalfFloor", 750, 0, 100_000),
                    Option.spin("BookHalfBase", 500, 0, 100_000),
                    Option.spin("BookHalfFq", 2, 0, 100_000),
                    Option.spin("BookQuarterFloor", 250, 0, 100_000),
                    Option.spin("BookQuarterBase", 125, 0, 100_000),
                    Option.spin("BookQuarterFq", 1, 0, 100_000),
                    // Search margins for SPSA tuning (docs/tune.md): hidden from the usi reply
                    Option.spin("TuneFutilityBase", SearchTunables.DEFAULT.futilityBase(), 0, 1000),
                    Option.spin(
                            "TuneFutilityPerDepth",
                            SearchTunables.DEFAULT.futilityPerDepth(),
                            0,
                            1000),
                    Option.spin(
                            "TuneReverseFutilityPerDepth",
                            SearchTunables.DEFAULT.reverseFutilityPerDepth(),
                            0,
                            1000),
                    Option.spin("TuneNullMoveBase", SearchTunables.DEFAULT.nullMoveBase(), 1, 6),
                    Option.spin(
                            "TuneAspirationDelta",
                            SearchTunables.DEFAULT.aspirationDelta(),
                            1,
                            1000),
                    Option.spin(
                            "TuneSingularMinDepth",
                            SearchTunables.DEFAULT.singularMinDepth(),
                            0,
                            64),
                    Option.spin("TuneIirMinDepth", SearchTunables.DEFAULT.iirMinDepth(), 0, 64),
                    // The evaluation's weight groups in percent (EvaluationScales), for tuning too
                    Option.spin("TuneEvalPst", EvaluationScales.DEFAULT.pst(), 0, 1000),
                    Option.spin("TuneEvalAttack", EvaluationScales.DEFAULT.attack(), 0, 1000),
                    Option.spin("TuneEvalDefence", EvaluationScales.DEFAULT.defence(), 0, 1000),
                    Option.spin(
                            "TuneEvalHandThreat", EvaluationScales.DEFAULT.handThreat(), 0, 1000));

    private static final BuiltinOptions DEFAULTS;

    static {
        Map<String, String> d = new LinkedHashMap<>();
        for (Option o : TABLE) {
            d.put(o.name(), o.defaultValue());
        }
        DEFAULTS = new BuiltinOptions(d);
    }

    private final Map<String, String> values;

    private BuiltinOptions(Map<String, String> values) {
        this.values = Collections.unmodifiableMap(values);
    }

    public static BuiltinOptions defaults() {
        return DEFAULTS;
    }

    /**
     * The defaults with the given options applied; IllegalArgumentException for the first bad one.
     */
    public static BuiltinOptions of(Map<String, String> given) {
        BuiltinOptions o = DEFAULTS;
        for (Map.Entry<String, String> e : given.entrySet()) {
            o = o.with(e.getKey(), e.getValue());
        }
        return o;
    }

    /**
     * Null when the options can be applied, else what is wrong with the first bad one; a BookDir
     * must hold a published book and an EvalFile must load. What tournaments and workers check
     * before any game ({@code setoption} finds a missing book when it opens it).
     */
    public static String problem(Map<String, String> given) {
        try {
            BuiltinOptions o = of(given);
            Path dir = o.bookDir();
            if (dir != null && !Files.isRegularFile(dir.resolve(BookVersions.POINTER))) {
                return "option BookDir: no book in '" + dir + "'";
            }
            String conflict = o.evaluationConflict();
            if (conflict != null) {
                return conflict;
            }
            if (o.evalFile() != null && !o.handcrafted()) {
                try {
                    EvalFile.read(o.evalFile());
                } catch (IllegalArgumentException e) {
                    return "option EvalFile: " + e.getMessage();
                }
            }
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    /** The option of that name; IllegalArgumentException naming the known ones. */
    public static Option option(String name) {
        for (Option o : TABLE) {
            if (o.name().equals(name)) {
                return o;
            }
        }
        throw new IllegalArgumentException(
                "built-in engine has no option '"
                        + name
                        + "' (options: "
                        + String.join(", ", TABLE.stream().map(Option::name).toList())
                        + ")");
    }

    /**
     * These options with one changed; IllegalArgumentException for an unknown option or a bad
     * value.
     */
    public BuiltinOptions with(String name, String raw) {
        Option o = option(name);
        String v = o.canonical(raw);
        Map<String, String> m = new LinkedHashMap<>(values);
        m.put(o.name(), v);
        return new BuiltinOptions(m);
    }

    /** The canonical value of an option. */
    public String get(String name) {
        return values.get(option(name).name());
    }

    public long number(String name) {
        return Long.parseLong(get(name));
    }

    public boolean flag(String name) {
        return Boolean.parseBoolean(get(name));
    }

    /** The book directory, or null for none. */
    public Path bookDir() {
        String d = get("BookDir");
        return d.isEmpty() ? null : Path.of(d);
    }

    /** The trained evaluation's file, or null for the shipped one. */
    public Path evalFile() {
        String f = get("EvalFile");
        return f.isEmpty() ? null : Path.of(f);
    }

    /** Whether the handcrafted evaluation plays (Evaluation handcrafted). */
    public boolean handcrafted() {
        return get("Evaluation").equals("HANDCRAFTED");
    }

    /**
     * Null when the evaluation options agree, else what is wrong: a spec that names a file and the
     * handcrafted evaluation says two things (the player plays the handcrafted one; tournaments and
     * workers refuse the spec), and {@link #tuneEvalConflict}.
     */
    public String evaluationConflict() {
        if (handcrafted() && evalFile() != null) {
            return "option EvalFile: a trained evaluation's file, but option Evaluation is"
                    + " HANDCRAFTED";
        }
        return tuneEvalConflict();
    }

    /** Null unless TuneEval scales are set while a trained evaluation plays: they scale none. */
    public String tuneEvalConflict() {
        if (!handcrafted() && !evaluationScales().equals(EvaluationScales.DEFAULT)) {
            return "options TuneEval*: they scale the handcrafted evaluation; set option"
                    + " Evaluation to HANDCRAFTED";
        }
        return null;
    }

    public BookMode bookMode() {
        return BookMode.valueOf(get("BookMode"));
    }

    public BookChoice bookChoice() {
        return BookChoice.valueOf(get("BookChoice"));
    }

    public BookValueRules bookValueRules() {
        return new BookValueRules(
                (int) number("BookEvalWindow"),
                (int) number("BookLossValue"),
                (int) number("BookEvalBlackLimit"),
                (int) number("BookEvalWhiteLimit"),
                flag("BookMinedMoves"));
    }

    public BookBonus bookBonus() {
        return new BookBonus(
                Material.PAWN_VALUE,
                number("BookFqCap"),
                (int) number("BookHalfFloor"),
                (int) number("BookHalfBase"),
                (int) number("BookHalfFq"),
                (int) number("BookQuarterFloor"),
                (int) number("BookQuarterBase"),
                (int) number("BookQuarterFq"));
    }

    /** The Tune* options as the search's margins. */
    public SearchTunables searchTunables() {
        return new SearchTunables(
                (int) number("TuneFutilityBase"),
                (int) number("TuneFutilityPerDepth"),
                (int) number("TuneReverseFutilityPerDepth"),
                (int) number("TuneNullMoveBase"),
                (int) number("TuneAspirationDelta"),
                (int) number("TuneSingularMinDepth"),
                (int) number("TuneIirMinDepth"));
    }

    /** The TuneEval* options as the evaluation's scales. */
    public EvaluationScales evaluationScales() {
        return new EvaluationScales(
                (int) number("TuneEvalPst"),
                (int) number("TuneEvalAttack"),
                (int) number("TuneEvalDefence"),
                (int) number("TuneEvalHandThreat"));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BuiltinOptions b && b.values.equals(values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
