package dev.joseki.selfplay;

import dev.joseki.play.EngineSpec;
import dev.joseki.play.Opening;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.MoveRecord;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.RunInfo;
import dev.joseki.rules.Game;
import dev.joseki.tournament.GameOutcome;
import dev.joseki.tournament.GameTask;
import dev.joseki.tournament.OpeningSuite;
import dev.joseki.tournament.TournamentFormat;
import dev.joseki.tournament.TournamentSetup;
import dev.joseki.tournament.stats.Sprt;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's {@link RunInfo} and its game records back as the tournament saw them: the setup its
 * report is computed from, and each game as a {@link GameOutcome} of the task the schedule gave it
 * (game n is game n mod 2 of pair n / 2, {@link dev.joseki.tournament.Schedule}). The outcome is
 * made by {@link TournamentGames#outcome}, the same translation the tournament applies to the same
 * record, so a report recomputed from the broker equals the one the run wrote.
 */
public final class RunGames {
    private final RunInfo info;
    private final TournamentSetup setup;
    private final List<String> names;
    private final int matchups;

    public RunGames(RunInfo info) {
        this.info = info;
        List<EngineSpec> players = new ArrayList<>();
        for (Player p : info.getPlayersList()) {
            players.add(TaskPlayers.spec(Limits.getDefaultInstance(), p));
        }
        TournamentFormat format =
                info.getFormat().isEmpty()
                        ? TournamentFormat.GAUNTLET
                        : TournamentFormat.fromId(info.getFormat());
        this.setup =
                new TournamentSetup(
                        info.getRunId(),
                        players,
                        format,
                        Math.max(1, info.getRounds()),
                        OpeningSuite.startPosition(),
                        info.getSprt().isEmpty() ? null : Sprt.parse(info.getSprt()),
                        new Game.Rules(
                                info.getMaxPlies() == 0 ? 256 : info.getMaxPlies(),
                                Game.Rules.DEFAULT.declarationRule()));
        this.names = setup.names();
        this.matchups = format.matchups(players.size()).size();
    }

    public RunInfo info() {
        return info;
    }

    public TournamentSetup setup() {
        return setup;
    }

    /** The game number of a game id of this run, or -1 when the id is not one of its games. */
    public int gameNumber(String gameId) {
        return TournamentGames.gameNumber(info.getRunId(), gameId);
    }

    /**
     * The game as the tournament counts it; null when its players are not the run's (the id is
     * reused by another run) or it is not one of this run's games.
     */
    public GameOutcome outcome(GameRecord rec) {
        int n = gameNumber(rec.getGameId());
        int black = names.indexOf(rec.getBlack().getName()),
                white = names.indexOf(rec.getWhite().getName());
        if (n < 0 || black < 0 || white < 0 || black == white) {
            return null;
        }
        List<String> opening = new ArrayList<>();
        for (MoveRecord m : rec.getMovesList().subList(0, rec.getOpeningPlies())) {
            opening.add(m.getUsi());
        }
        int pair = n / 2;
        GameTask task =
                new GameTask(
                        n,
                        pair,
                        pair / matchups,
                        black,
                        white,
                        setup.players().get(black),
                        setup.players().get(white),
                        Opening.fromUsi(rec.getStartSfen(), opening, rec.getGameId()));
        return TournamentGames.outcome(info.getRunId(), task, rec);
    }
}
