package dev.joseki.tournament;

/**
 * Results between two players a and b (a listed first); the field names are those of results.json.
 */
public record PairLine(String a, String b, long aWins, long bWins, long draws) {
    public long games() {
        return aWins + bWins + draws;
    }
}
