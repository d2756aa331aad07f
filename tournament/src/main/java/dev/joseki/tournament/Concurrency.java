package dev.joseki.tournament;

/**
 * How a tournament's games shared the machine, for the report: games at once, cores one game needs
 * (dev.joseki.play.CoreCapacity) and the machine's cores. {@code gamesAtOnce} 0: the games were
 * played by workers elsewhere, whose slots this process does not know.
 */
public record Concurrency(int gamesAtOnce, int coresPerGame, int cores) {
    public String describe() {
        String per = coresPerGame + " thread" + (coresPerGame == 1 ? "" : "s") + " per game";
        return gamesAtOnce == 0
                ? "played by workers elsewhere (their own slots); "
                        + per
                        + "; this machine has "
                        + cores
                        + " cores"
                : gamesAtOnce
                        + " game"
                        + (gamesAtOnce == 1 ? "" : "s")
                        + " at once x "
                        + per
                        + " on "
                        + cores
                        + " cores";
    }
}
