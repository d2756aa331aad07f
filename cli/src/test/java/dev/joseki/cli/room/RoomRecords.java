package dev.joseki.cli.room;

import com.google.protobuf.Timestamp;
import dev.joseki.records.proto.BuiltinEngine;
import dev.joseki.records.proto.GameRecord;
import dev.joseki.records.proto.GameResult;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.MoveRecord;
import dev.joseki.records.proto.Player;
import dev.joseki.records.proto.RunInfo;
import dev.joseki.records.proto.RunStatus;
import dev.joseki.records.proto.Termination;

/**
 * Records as a tournament of two built-in players A (tested) and B and its workers put them on the
 * broker, with results chosen from A's side: game n is game n mod 2 of pair n / 2, A has Black in
 * the even games. Wins and losses are resignations after one or two plies, draws reach a two-ply
 * limit.
 */
public final class RoomRecords {
    private RoomRecords() {}

    public static Player player(String name) {
        return Player.newBuilder()
                .setName(name)
                .setBuiltin(BuiltinEngine.getDefaultInstance())
                .setLimits(Limits.newBuilder().setNodes(1000))
                .build();
    }

    /** A two-player gauntlet of {@code planned} games with the SPRT elo0=0, elo1=5, running. */
    public static RunInfo run(String id, int planned) {
        return RunInfo.newBuilder()
                .setRunId(id)
                .setKind("tournament")
                .addPlayers(player("A"))
                .addPlayers(player("B"))
                .setFormat("gauntlet")
                .setRounds(planned / 2)
                .setPlannedGames(planned)
                .setTimeControl("nodes=1000")
                .setSprt("elo0=0.0,elo1=5.0,alpha=0.05,beta=0.05,model=normalized")
                .setMaxPlies(256)
                .setStatus(RunStatus.RUN_STATUS_RUNNING)
                .setStartedAt(Timestamp.newBuilder().setSeconds(1_790_000_000))
                .setHost("test")
                .build();
    }

    /**
     * Game {@code n} of run {@code id}, finished at second {@code second}: {@code a} is A's result,
     * 'W', 'D' or 'L'.
     */
    public static GameRecord game(String id, int n, char a, long second) {
        boolean aBlack = n % 2 == 0;
        GameRecord.Builder g =
                GameRecord.newBuilder()
                        .setGameId(id + "-g" + n + "/0")
                        .setTaskId(id + "-g" + n)
                        .setTournamentId(id)
                        .setBlack(player(aBlack ? "A" : "B"))
                        .setWhite(player(aBlack ? "B" : "A"))
                        .setFinishedAt(Timestamp.newBuilder().setSeconds(second))
                        .setWorkerId("w");
        if (a == 'D') {
            return g.addMoves(move("7g7f"))
                    .addMoves(move("3c3d"))
                    .setMaxPlies(2)
                    .setResult(GameResult.GAME_RESULT_DRAW)
                    .setTermination(Termination.TERMINATION_MAX_PLIES)
                    .build();
        }
        boolean blackWins = (a == 'W') == aBlack;
        // One ply: White to move resigns; two plies: Black resigns.
        g.addMoves(move("7g7f"));
        if (!blackWins) {
            g.addMoves(move("3c3d"));
        }
        return g.setResult(
                        blackWins
                                ? GameResult.GAME_RESULT_BLACK_WIN
                                : GameResult.GAME_RESULT_WHITE_WIN)
                .setTermination(Termination.TERMINATION_RESIGN)
                .build();
    }

    static MoveRecord move(String usi) {
        return MoveRecord.newBuilder().setUsi(usi).build();
    }
}
