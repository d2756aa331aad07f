package dev.joseki.cli.command;

import dev.joseki.play.Sampling;
import dev.joseki.play.TimeControl;
import dev.joseki.rules.Game;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;
import picocli.CommandLine.Option;

/**
 * The options of a game, declared once and mixed into every command that plays games (picocli
 * {@code @Mixin}), so that an option means and prints the same everywhere and its default comes
 * from the rules and clock classes. One mixin per option, since not every command takes all of
 * them: {@code match} has no openings file, {@code tune} no sampling. A command whose option really
 * differs (self-play's --tc is exclusive with --nodes, its --sample-plies samples by default) keeps
 * its own declaration and says why beside it; runs that add games to a book or a training set take
 * {@link RunSeed}, random unless given, instead of {@link Seed}.
 */
public final class GameOptions {
    private GameOptions() {}

    /** --max-plies: the max-ply draw of {@link Game.Rules#DEFAULT}. */
    public static final class MaxPlies {
        @Option(
                names = "--max-plies",
                paramLabel = "N",
                description = "Plies after which a game is a draw (default ${DEFAULT-VALUE}).")
        public int maxPlies = Game.Rules.DEFAULT.maxPlies();

        /** The rules of a game with this draw and the default declaration rule. */
        public Game.Rules rules() {
            return new Game.Rules(maxPlies, Game.Rules.DEFAULT.declarationRule());
        }
    }

    /**
     * --tc and --time-margin: the clock of every player without a limit or clock of its own, and
     * how far past it a move may end. A null margin means none was given, so that an engine spec's
     * own timemargin= may win.
     */
    public static final class Clock {
        @Option(
                names = "--tc",
                paramLabel = "TC",
                description =
                        "Clock of every player without a limit or clock of its own: MAIN[+INC]"
                                + " seconds [byoyomi=MS], e.g. --tc 10+0.1 or --tc \"60"
                                + " byoyomi=1000\" (docs/time-controls.md).")
        public String tc;

        @Option(
                names = "--time-margin",
                paramLabel = "MS",
                description =
                        "How far past its clock a move may end before it loses on time (default "
                                + TimeControl.DEFAULT_MARGIN_MS
                                + ", or an engine spec's timemargin=).")
        public Long timeMargin;

        /** The margin given, else the referee's default. */
        public long margin() {
            return timeMargin != null ? timeMargin : TimeControl.DEFAULT_MARGIN_MS;
        }

        /** The --tc clock with {@link #margin()}, or null without --tc. */
        public TimeControl clock() {
            return tc == null ? null : TimeControl.parseOption("--tc", tc, margin());
        }
    }

    /** --openings: a file of start positions; without it the shipped suite. */
    public static final class Openings {
        @Option(
                names = "--openings",
                paramLabel = "FILE",
                description =
                        "Openings, one SFEN or USI line each (default: the shipped suite of real"
                                + " opening lines, in an order seeded by --seed).")
        public Path openings;
    }

    /** --sample-plies: off unless given ({@link Sampling#OFF}). */
    public static final class SamplePlies {
        @Option(
                names = "--sample-plies",
                paramLabel = "N",
                description =
                        "Draw the first N engine plies after each opening among the mover's"
                                + " near-best lines, by each game's own seed (default"
                                + " ${DEFAULT-VALUE}: the engines' own moves). Two engines that"
                                + " play alike otherwise repeat a pair's game with colours"
                                + " swapped; 8 makes the games distinct.")
        public int samplePlies = Sampling.OFF.plies();
    }

    /** --seed: the seed of a run's random choices, 1 unless given. */
    public static final class Seed {
        /** The seed when none is given: runs repeat unless asked otherwise. */
        public static final long DEFAULT = 1;

        @Option(
                names = "--seed",
                paramLabel = "S",
                description =
                        "Seed of the command's random choices (default ${DEFAULT-VALUE}); the same"
                                + " seed repeats them.")
        public long seed = DEFAULT;
    }

    /** --sample-window: how far below the best line a sampled ply may draw. */
    public static final class SampleWindow {
        @Option(
                names = "--sample-window",
                paramLabel = "CP",
                description =
                        "A sampled ply draws among the lines scoring at least best - CP (default:"
                                + " ${DEFAULT-VALUE}).")
        public int sampleWindow = Sampling.DEFAULT.windowCp();
    }

    /**
     * --seed of a run that adds games (self-play, training data): without it a new seed is drawn
     * and printed, so that two runs add different games.
     */
    public static final class RunSeed {
        @Option(
                names = "--seed",
                paramLabel = "S",
                description =
                        "Seed of the run: opening choice, random and sampled plies (default:"
                                + " random, printed).")
        public Long seed;

        /** The seed given, else a new random one below 2^48 (drawn on each call). */
        public long orRandom() {
            return seed != null ? seed : ThreadLocalRandom.current().nextLong(1L << 48);
        }
    }
}
