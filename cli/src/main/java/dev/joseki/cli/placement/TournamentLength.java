package dev.joseki.cli.placement;

import picocli.CommandLine.Option;

/** How long a tournament runs: --rounds or --games, or as long as its SPRT needs. */
public final class TournamentLength {
    /** Games an SPRT without a length may play (ShogiHome's default); it stops when decided. */
    public static final int SPRT_MAX_GAMES = 100_000;

    @Option(
            names = "--rounds",
            description = {
                "Rounds: one game pair (colours swapped) per matchup each"
                        + " (default 1; with --sprt up to 100,000 games, stopping when decided)."
            })
    public Integer rounds;

    @Option(names = "--games", description = "Total games, rounded up to whole rounds.")
    Integer games;

    /** The rounds of a tournament of this many matchups; {@code length} is null when not given. */
    public static int rounds(TournamentLength length, int matchups, boolean sprtGiven) {
        int perRound = 2 * matchups;
        if (length == null || length.rounds == null && length.games == null) {
            return sprtGiven ? (SPRT_MAX_GAMES + perRound - 1) / perRound : 1;
        }
        if (length.rounds != null) {
            if (length.rounds < 1) {
                throw new IllegalArgumentException("--rounds must be at least 1");
            }
            return length.rounds;
        }
        if (length.games < 1) {
            throw new IllegalArgumentException("--games must be at least 1");
        }
        return (length.games + perRound - 1) / perRound;
    }
}
