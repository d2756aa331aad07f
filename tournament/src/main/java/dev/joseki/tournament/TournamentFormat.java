package dev.joseki.tournament;

import java.util.ArrayList;
import java.util.List;

/** Who plays whom: everyone against everyone, or the first player against each of the others. */
public enum TournamentFormat {
    ROUND_ROBIN("round-robin"),
    GAUNTLET("gauntlet");

    private final String id;

    TournamentFormat(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public static TournamentFormat fromId(String s) {
        for (TournamentFormat f : values()) {
            if (f.id.equalsIgnoreCase(s) || f.name().equalsIgnoreCase(s)) {
                return f;
            }
        }
        throw new IllegalArgumentException(
                "unknown tournament format '" + s + "' (round-robin or gauntlet)");
    }

    /**
     * The matchups among {@code players} players, a &lt; b, in a fixed order: round robin (0,1),
     * (0,2), …, (1,2), …; gauntlet (0,1), (0,2), …, (0,n−1).
     */
    public List<Matchup> matchups(int players) {
        if (players < 2) {
            throw new IllegalArgumentException(
                    "a tournament needs at least two players, got " + players);
        }
        List<Matchup> out = new ArrayList<>();
        for (int a = 0; a < players; a++) {
            for (int b = a + 1; b < players; b++) {
                if (this == ROUND_ROBIN || a == 0) {
                    out.add(new Matchup(a, b));
                }
            }
        }
        return out;
    }
}
