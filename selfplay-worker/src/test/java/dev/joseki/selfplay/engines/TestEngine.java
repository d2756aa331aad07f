package dev.joseki.selfplay.engines;

import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Position;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * Tiny USI engines for tests, run as real subprocesses ({@code java -cp <test classpath>
 * ...TestEngine MODE}). Modes: {@code random} plays a legal move chosen from the position's hash
 * (so games are reproducible); {@code crash} plays like random but exits with status 3 on its third
 * move; {@code illegal} answers every go with a move that is never legal for the side to move;
 * {@code silent} completes the handshake and never answers go. An optional second argument is a
 * delay in ms before each bestmove.
 */
public final class TestEngine {
    private TestEngine() {}

    public static void main(String[] args) throws IOException, InterruptedException {
        String mode = args[0];
        long delay = args.length > 1 ? Long.parseLong(args[1]) : 0;
        BufferedReader in =
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        Position pos = Sfen.startPosition();
        int moves = 0;
        int[] legal = new int[MoveGenerator.MAX_MOVES];
        for (String line; (line = in.readLine()) != null; ) {
            String[] w = line.trim().split("\\s+");
            switch (w[0]) {
                case "usi" -> say("id name test-" + mode + "\nid author joseki tests\nusiok");
                case "isready" -> say("readyok");
                case "position" -> pos = position(w);
                case "go" -> {
                    moves++;
                    if (mode.equals("silent")) {
                        break;
                    }
                    if (mode.equals("crash") && moves == 3) {
                        System.exit(3);
                    }
                    if (delay > 0) {
                        Thread.sleep(delay);
                    }
                    if (mode.equals("illegal")) {
                        // A king move two squares: never legal for anyone.
                        int k = pos.kingSquare(pos.sideToMove());
                        say(
                                "info depth 1 nodes 1 score cp 0\nbestmove "
                                        + dev.joseki.rules.Square.usi(k)
                                        + "5e");
                        break;
                    }
                    int n = MoveGenerator.generateLegal(pos, legal, 0);
                    int pick = (int) Math.floorMod(pos.key() ^ (pos.key() >>> 29), (long) n);
                    say(
                            "info depth 1 nodes "
                                    + n
                                    + " score cp "
                                    + (n - 40)
                                    + " pv "
                                    + Move.usi(legal[pick])
                                    + "\nbestmove "
                                    + Move.usi(legal[pick]));
                }
                case "quit" -> {
                    return;
                }
                default -> {}
            }
        }
    }

    private static Position position(String[] w) {
        int i = 1;
        Position pos;
        if (w[i].equals("startpos")) {
            pos = Sfen.startPosition();
            i++;
        } else {
            pos = Sfen.parse(w[2] + " " + w[3] + " " + w[4] + " " + w[5]);
            i = 6;
        }
        if (i < w.length && w[i].equals("moves")) {
            for (i++; i < w.length; i++) {
                pos.doMove(UsiMove.parse(pos, w[i]));
            }
        }
        return pos;
    }

    private static void say(String s) {
        System.out.println(s);
        System.out.flush();
    }
}
