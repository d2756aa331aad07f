package dev.joseki.selfplay;

import dev.joseki.notation.ParseException;
import dev.joseki.notation.Sfen;
import dev.joseki.play.BuiltinOptions;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.Opening;
import dev.joseki.records.proto.EvalPosition;
import dev.joseki.records.proto.EvalTask;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.SelfPlayTask;
import dev.joseki.records.proto.TrainTask;

/**
 * Checks a task before any game is played or position evaluated; a task that fails goes to the
 * dead-letter topic with the reason instead of being retried forever.
 */
final class TaskValidator {
    static final int MAX_GAMES_PER_TASK = 10_000;
    static final int MAX_RANDOM_PLIES = 1_000;
    static final int MAX_PLIES = 100_000;
    static final int MAX_POSITIONS_PER_TASK = 10_000;
    static final int MAX_MULTIPV = 64;

    private TaskValidator() {}

    /** Null when the task can be played, else what is wrong (naming the field). */
    static String problem(SelfPlayTask t, boolean builtinAvailable) {
        if (t.getTaskId().isBlank()) {
            return "task_id is empty";
        }
        if (t.getBatchCount() > 0) {
            return batchProblem(t, builtinAvailable);
        }
        String p = player("black", t.getBlack(), builtinAvailable);
        if (p == null) {
            p = player("white", t.getWhite(), builtinAvailable);
        }
        if (p == null) {
            p = clockProblem("limits", t.getLimits());
        }
        if (p != null) {
            return p;
        }
        switch (t.getCountCase()) {
            case GAMES -> {
                if (t.getGames() < 1 || t.getGames() > MAX_GAMES_PER_TASK) {
                    return "games must be 1.." + MAX_GAMES_PER_TASK + ", got " + t.getGames();
                }
            }
            case COLOR_SWAPPED_PAIR -> {
                if (!t.getColorSwappedPair()) {
                    return "color_swapped_pair is false: no games";
                }
            }
            default -> {
                return "neither games nor color_swapped_pair is set";
            }
        }
        if (t.getOpening().getRandomPlies() > MAX_RANDOM_PLIES) {
            return "opening.random_plies must be at most " + MAX_RANDOM_PLIES;
        }
        if (t.getOpening().getSamplePlies() > MAX_RANDOM_PLIES
                || t.getOpening().getSampleLines() > 64) {
            return "opening.sample_plies must be at most "
                    + MAX_RANDOM_PLIES
                    + " and opening.sample_lines at most 64";
        }
        if (t.getMaxPlies() > MAX_PLIES) {
            return "max_plies must be at most " + MAX_PLIES;
        }
        try {
            if (!t.getOpening().getStartSfen().isEmpty()) {
                Sfen.parse(t.getOpening().getStartSfen(), "opening.start_sfen", 1, 1);
            }
            if (t.getOpening().getMovesCount() > MAX_PLIES) {
                return "opening.moves must be at most " + MAX_PLIES + " moves";
            }
            Opening.fromUsi(
                    t.getOpening().getStartSfen(), t.getOpening().getMovesList(), "opening.moves");
        } catch (ParseException e) {
            return e.getMessage();
        }
        return null;
    }

    /** Null when the eval task can be run, else what is wrong (naming the field). */
    static String problem(EvalTask t, boolean builtinAvailable) {
        if (t.getTaskId().isBlank()) {
            return "task_id is empty";
        }
        // An evaluation is the engine's search: a book move would come without a value.
        if (t.getEngine().hasBuiltin()
                && !t.getEngine().getOptionsOrDefault("BookDir", "").isBlank()) {
            return "engine: an evaluation cannot use a book (option BookDir)";
        }
        String p = player("engine", t.getEngine(), builtinAvailable);
        if (p != null) {
            return p;
        }
        if (t.getLimits().getMainTimeMs() > 0 || t.getEngine().getLimits().getMainTimeMs() > 0) {
            return "limits: main_time_ms is a clock for games; an evaluation takes a per-move"
                    + " limit";
        }
        if (t.getMultipv() > MAX_MULTIPV) {
            return "multipv must be at most " + MAX_MULTIPV + ", got " + t.getMultipv();
        }
        if (t.getPositionsCount() < 1 || t.getPositionsCount() > MAX_POSITIONS_PER_TASK) {
            return "positions must hold 1.."
                    + MAX_POSITIONS_PER_TASK
                    + " positions, got "
                    + t.getPositionsCount();
        }
        for (int i = 0; i < t.getPositionsCount(); i++) {
            EvalPosition pos = t.getPositions(i);
            if (pos.getMovesCount() > MAX_PLIES) {
                return "positions[" + i + "].moves must be at most " + MAX_PLIES + " moves";
            }
            try {
                Opening.fromUsi(pos.getStartSfen(), pos.getMovesList(), "positions[" + i + "]");
            } catch (ParseException e) {
                return e.getMessage();
            }
        }
        return null;
    }

    /** Null when the training task can be played, else what is wrong (naming the field). */
    static String problem(TrainTask t, boolean builtinAvailable) {
        if (t.getTaskId().isBlank()) {
            return "task_id is empty";
        }
        if (!t.hasGames()) {
            return "games is not set";
        }
        SelfPlayTask g = t.getGames();
        if (g.getBatchCount() > 0) {
            return "games.batch: a training task's games are one task, not a batch";
        }
        // One teacher labels every position: its scores must all be on one scale.
        if (!g.getBlack().equals(g.getWhite())) {
            return "games: black and white must be the same engine (the teacher)";
        }
        if (g.getLimits().getMainTimeMs() > 0 || g.getBlack().getLimits().getMainTimeMs() > 0) {
            return "games.limits: a teacher takes a per-move limit (nodes, depth, movetime), not"
                    + " a clock";
        }
        String p = problem(g, builtinAvailable);
        return p == null ? null : "games." + p;
    }

    /** Games in the task (a colour-swapped pair is two; a batch, the sum of its tasks'). */
    static int gameCount(SelfPlayTask t) {
        if (t.getBatchCount() > 0) {
            return t.getBatchList().stream().mapToInt(TaskValidator::gameCount).sum();
        }
        return t.getCountCase() == SelfPlayTask.CountCase.COLOR_SWAPPED_PAIR ? 2 : t.getGames();
    }

    /** A task carrying several: one level only, no count of its own, each part valid. */
    private static String batchProblem(SelfPlayTask t, boolean builtinAvailable) {
        if (t.getCountCase() != SelfPlayTask.CountCase.COUNT_NOT_SET) {
            return "batch and " + t.getCountCase().name().toLowerCase() + " are both set";
        }
        long games = 0;
        for (int i = 0; i < t.getBatchCount(); i++) {
            SelfPlayTask part = t.getBatch(i);
            if (part.getBatchCount() > 0) {
                return "batch[" + i + "].batch is set: a batch holds plain tasks";
            }
            String p = problem(part, builtinAvailable);
            if (p != null) {
                return "batch[" + i + "]." + p;
            }
            games += gameCount(part);
        }
        return games > MAX_GAMES_PER_TASK
                ? "batch holds " + games + " games, at most " + MAX_GAMES_PER_TASK
                : null;
    }

    private static String player(String side, Player p, boolean builtinAvailable) {
        switch (p.getEngineCase()) {
            case BUILTIN -> {
                if (!builtinAvailable) {
                    return side + ": the built-in engine is not available in this worker";
                }
                String bad = BuiltinOptions.problem(p.getOptionsMap());
                if (bad != null) {
                    return side + ": " + bad;
                }
            }
            case USI_COMMAND -> {
                if (p.getUsiCommand().getArgvCount() == 0
                        || p.getUsiCommand().getArgv(0).isBlank()) {
                    return side + ".usi_command.argv is empty";
                }
                try {
                    TaskPlayers.clockAdapter(p.getUsiCommand().getClock());
                } catch (IllegalArgumentException e) {
                    return side + "." + e.getMessage();
                }
            }
            case ARTIFACT -> {
                String n = p.getArtifact().getName();
                if (!n.isEmpty() && !EngineSpec.isArtifactName(n)) {
                    return side + ".artifact.name '" + n + "' is not a published engine's name";
                }
                if (!ArtifactHash.isHash(p.getArtifact().getHash())) {
                    return side
                            + ".artifact.hash must be 64 lower-case hex digits, got '"
                            + p.getArtifact().getHash()
                            + "'";
                }
                try {
                    TaskPlayers.clockAdapter(p.getArtifact().getClock());
                } catch (IllegalArgumentException e) {
                    return side + ".artifact." + e.getMessage().substring("usi_command.".length());
                }
            }
            default -> {
                return side + ": no engine (builtin, usi_command or artifact) given";
            }
        }
        if (p.hasLimits() && !hasLimit(p.getLimits())) {
            return side + ".limits sets no limit";
        }
        return p.hasLimits() ? clockProblem(side + ".limits", p.getLimits()) : null;
    }

    static boolean hasLimit(Limits l) {
        return l.getNodes() > 0
                || l.getMovetimeMs() > 0
                || l.getByoyomiMs() > 0
                || l.getDepth() > 0
                || l.getMainTimeMs() > 0;
    }

    /**
     * What is wrong with a clock in task limits (see {@link dev.joseki.play.TimeControl}), or null.
     */
    static String clockProblem(String field, Limits l) {
        if (l.getMainTimeMs() == 0) {
            return l.getIncrementMs() > 0 || l.getTimeMarginMs() > 0
                    ? field + ": increment_ms and time_margin_ms need main_time_ms"
                    : null;
        }
        if (l.getNodes() > 0 || l.getMovetimeMs() > 0 || l.getDepth() > 0) {
            return field + ": main_time_ms (a clock) and a per-move limit exclude each other";
        }
        if (l.getIncrementMs() > 0 && l.getByoyomiMs() > 0) {
            return field + ": increment_ms and byoyomi_ms exclude each other";
        }
        return null;
    }
}
