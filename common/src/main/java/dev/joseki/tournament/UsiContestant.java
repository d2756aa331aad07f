package dev.joseki.tournament;

import dev.joseki.notation.ParseException;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Game;
import dev.joseki.rules.Move;
import dev.joseki.rules.Termination;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * An external USI engine in a subprocess ({@code cmd=}, {@code dir=}, {@code arg=} of its spec), started
 * once and kept for all of its games. Protocol: {@code usi}/{@code usiok}, {@code setoption} for every
 * spec option, {@code isready}/{@code readyok}; per game {@code usinewgame}; per move
 * {@code position sfen ... moves ...} and the limit's {@code go}. A line reader thread feeds a queue so
 * that every wait has a timeout: an engine that does not answer in time loses on time, one that exits
 * loses by abort, an unreadable bestmove is an illegal move.
 */
final class UsiContestant implements Contestant {
    private static final long HANDSHAKE_MS = 20_000;
    /** Time allowed beyond the limit itself (JIT warm-up, slow machines). */
    private static final long MARGIN_MS = 10_000;
    /** Time for a nodes- or depth-limited move. */
    private static final long UNTIMED_MOVE_MS = 120_000;
    private static final String EOF = "\u0000eof";

    private final EngineSpec spec;
    private final Process process;
    private final Writer in;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    UsiContestant(EngineSpec spec) {
        this.spec = spec;
        List<String> command = new ArrayList<>();
        command.add(spec.command());
        command.addAll(spec.args());
        ProcessBuilder pb = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
        if (spec.dir() != null) {
            pb.directory(Path.of(spec.dir()).toFile());
        }
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new IllegalArgumentException("engine '" + spec.name() + "': cannot start " + command + ": "
                    + e.getMessage(), e);
        }
        in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(this::readLines, "usi-" + spec.name());
        reader.setDaemon(true);
        reader.start();
        try {
            send("usi");
            expect("usiok", HANDSHAKE_MS);
            for (var o : spec.options().entrySet()) {
                send("setoption name " + o.getKey() + " value " + o.getValue());
            }
            send("isready");
            expect("readyok", HANDSHAKE_MS);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    @Override
    public void newGame() {
        send("usinewgame");
    }

    @Override
    public Choice choose(Game game, boolean[] checks) {
        StringBuilder pos = new StringBuilder("position sfen ").append(Sfen.write(game.startPosition()));
        if (game.plies() > 0) {
            pos.append(" moves");
            for (int m : game.moves()) {
                pos.append(' ').append(Move.usi(m));
            }
        }
        if (!send(pos.toString()) || !send(spec.limit().usiGo())) {
            return Choice.forfeit(Termination.ABORT, "engine '" + spec.name() + "' is gone");
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(moveTimeoutMs());
        String info = "";
        while (true) {
            String line = poll(deadline);
            if (line == null) {
                return Choice.forfeit(Termination.TIME, "no bestmove from '" + spec.name() + "' in time");
            }
            if (line.equals(EOF)) {
                return Choice.forfeit(Termination.ABORT, "engine '" + spec.name() + "' exited");
            }
            if (line.startsWith("info ") && line.contains(" score ")) {
                info = line.substring(5);
            } else if (line.startsWith("bestmove")) {
                return bestMove(game, line, info);
            }
        }
    }

    private Choice bestMove(Game game, String line, String info) {
        String[] t = line.trim().split("\\s+");
        if (t.length < 2) {
            return Choice.forfeit(Termination.ILLEGAL_MOVE, "'" + line + "' names no move");
        }
        switch (t[1]) {
            case "resign":
                return Choice.move(Move.RESIGN, info);
            case "win":
                return Choice.move(Move.WIN, info);
            default:
                try {
                    return Choice.move(UsiMove.parseSyntax(game.position(), t[1], spec.name(), 1, 10), info);
                } catch (ParseException e) {
                    return Choice.forfeit(Termination.ILLEGAL_MOVE, "unreadable move from '" + spec.name() + "': "
                            + e.reason());
                }
        }
    }

    private long moveTimeoutMs() {
        return switch (spec.limit().kind()) {
            case MOVETIME, BYOYOMI -> spec.limit().value() + MARGIN_MS;
            case NODES, DEPTH -> UNTIMED_MOVE_MS;
        };
    }

    @Override
    public void close() {
        send("quit");
        try {
            if (!process.waitFor(2, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(2, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private boolean send(String command) {
        try {
            in.write(command + "\n");
            in.flush();
            return true;
        } catch (IOException e) {
            return false; // the process is gone; the next read reports it
        }
    }

    private void expect(String word, long ms) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
        while (true) {
            String line = poll(deadline);
            if (line == null || line.equals(EOF)) {
                throw new IllegalArgumentException("engine '" + spec.name() + "' (" + spec.command() + ") did not answer '"
                        + word + "'" + (line == null ? " within " + ms / 1000 + " s" : "; it exited"));
            }
            if (line.trim().equals(word)) {
                return;
            }
        }
    }

    /** The next line, EOF when the engine closed its output, or null at the deadline. */
    private String poll(long deadlineNs) {
        try {
            long left = deadlineNs - System.nanoTime();
            return left <= 0 ? lines.poll() : lines.poll(left, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private void readLines() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                lines.add(line);
            }
        } catch (IOException e) {
            // the stream closes with the process
        }
        lines.add(EOF);
    }
}
