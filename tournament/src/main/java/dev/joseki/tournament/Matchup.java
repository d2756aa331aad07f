package dev.joseki.tournament;

/** Two players (indices into the tournament's player list) who meet; a &lt; b. */
public record Matchup(int a, int b) {
    public Matchup {
        if (a < 0 || b <= a) {
            throw new IllegalArgumentException("matchup needs 0 <= a < b, got " + a + ", " + b);
        }
    }
}
