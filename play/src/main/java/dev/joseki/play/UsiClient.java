package dev.joseki.play;

import dev.joseki.notation.Sfen;
import dev.joseki.rules.Move;
import dev.joseki.rules.Piece;
import dev.joseki.rules.Position;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The one client for an external USI engine ({@code cmd=}, {@code dir=}, {@code arg=} of its spec),
 * run as a subprocess. Protocol: {@code usi}/{@code usiok}, {@code setoption} for every spec
 * option; per game {@code isready}/{@code readyok}, {@code usinewgame}; per move {@code position
 * sfen ... moves ...} and the limit's {@code go} (a clock as the spec's {@link ClockAdapter} tells
 * it). A reader thread feeds a queue so that every wait has a deadline ({@link UsiTimeouts}; a
 * clocked move waits until its flag falls, then sends {@code stop}): a hung engine loses on time
 * and is killed; one that exits, closes its output or fails the handshake has crashed. Either way
 * the process is restarted on the next {@link #newGame}, so one bad game never stops a tournament
 * or a worker.
 */
public final class UsiClient implements Player {
    private static final String EOF = "\u0000eof";
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    /** How long an engine that lost on time has to answer {@code stop} before it is killed. */
    private static final long STOP_GRACE_MS = 1000;

    private final EngineSpec spec;
    private final List<String> argv;
    private final UsiTimeouts timeouts;
    private final BooleanSupplier cancelled;
    private Process process;
    private Writer toEngine;
    private BlockingQueue<String> fromEngine;
    private String engineId = "";

    /**
     * Whether the engine's {@code usi} answer listed {@code option name MultiPV}, and the value
     * last set.
     */
    private boolean offersMultiPv;

    private int multiPv = 1;

    public UsiClient(EngineSpec spec) {
        this(spec, UsiTimeouts.DEFAULT, () -> false);
    }

    /** {@code cancelled}: checked at least every 100 ms while waiting for the engine. */
    public UsiClient(EngineSpec spec, UsiTimeouts timeouts, BooleanSupplier cancelled) {
        if (spec.builtin() || spec.command().isBlank()) {
            throw new IllegalArgumentException(
                    "engine '" + spec.name() + "': a USI engine needs cmd=PATH");
        }
        this.spec = spec;
        List<String> a = new ArrayList<>();
        a.add(spec.command());
        a.addAll(spec.args());
        this.argv = List.copyOf(a);
        this.timeouts = timeouts;
        this.cancelled = cancelled;
    }

    @Override
    public void newGame(long gameSeed) throws PlayerException {
        if (process == null || !process.isAlive()) {
            start();
        }
        send("isready");
        await("readyok");
        send("usinewgame");
    }

    @Override
    public Answer move(Position start, List<Integer> moves, MoveLimit limit, int lines)
            throws PlayerException {
        // Sampled plies ask for several lines: set MultiPV for them and back to the spec's value
        // after.
        int want = lines > 1 ? lines : baseMultiPv();
        if (offersMultiPv && want != multiPv) {
            send("setoption name MultiPV value " + want);
            multiPv = want;
        }
        StringBuilder pos = new StringBuilder("position sfen ").append(Sfen.write(start));
        if (!moves.isEmpty()) {
            pos.append(" moves");
            for (int m : moves) {
                pos.append(' ').append(Move.usi(m));
            }
        }
        send(pos.toString());
        send(goLine(start, moves, limit));
        long timeoutMs = timeouts.moveMs(limit, spec.timeoutMs());
        long started = System.nanoTime();
        long deadline = started + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        UsiInfo info = new UsiInfo();
        while (true) {
            String line = next(deadline);
            if (line == null) {
                if (limit instanceof ClockReading) {
                    stopLate();
                } else {
                    kill();
                }
                throw new PlayerException(
                        PlayerException.Kind.TIME,
                        "no bestmove from '" + spec.name() + "' within " + timeoutMs + " ms");
            }
            if (line.startsWith("info ")) {
                info.parse(line);
            } else if (line.startsWith("bestmove")) {
                String[] w = line.trim().split("\\s+");
                if (w.length < 2) {
                    throw crash("'bestmove' without a move");
                }
                MoveInfo m =
                        info.toMoveInfo(
                                (int) TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
                return new Answer(w[1], m, offersMultiPv && lines > 1 ? info.lines() : List.of());
            }
        }
    }

    /**
     * The {@code go} line for {@code limit}: a clock as the spec's {@link ClockAdapter} tells it, a
     * per-move limit as it is.
     */
    private String goLine(Position start, List<Integer> moves, MoveLimit limit) {
        if (limit instanceof ClockReading clocks) {
            boolean blackFirst = start.sideToMove() == Piece.BLACK;
            return spec.clockAdapter().usiGo(clocks, blackFirst == (moves.size() % 2 == 0));
        }
        return limit.usiGo();
    }

    /**
     * The flag fell: {@code stop}, and the late bestmove read within {@link #STOP_GRACE_MS} so the
     * process can play the next game; killed when it does not come.
     */
    private void stopLate() throws PlayerException {
        send("stop");
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(STOP_GRACE_MS);
        for (String line; (line = next(deadline)) != null; ) {
            if (line.startsWith("bestmove")) {
                return;
            }
        }
        kill();
    }

    @Override
    public String engineId() {
        return engineId.isEmpty() ? Path.of(argv.get(0)).getFileName().toString() : engineId;
    }

    @Override
    public String engineVersion() {
        return "";
    }

    @Override
    public void close() {
        if (process != null && process.isAlive()) {
            try {
                toEngine.write("quit\n");
                toEngine.flush();
                process.waitFor(1, TimeUnit.SECONDS);
            } catch (IOException e) {
                // already gone
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        kill();
    }

    // 1. start the process; 2. usi -> id name ... usiok; 3. setoption for each option.
    private void start() throws PlayerException {
        kill();
        offersMultiPv = false;
        ProcessBuilder pb = new ProcessBuilder(argv).redirectError(ProcessBuilder.Redirect.DISCARD);
        if (spec.dir() != null) {
            pb.directory(Path.of(spec.dir()).toFile());
        }
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new PlayerException(
                    PlayerException.Kind.CRASH, "cannot start " + argv + ": " + e.getMessage());
        }
        toEngine = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        fromEngine = lines;
        BufferedReader out =
                new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        Thread reader = new Thread(() -> pump(out, lines), "usi-reader-" + process.pid());
        reader.setDaemon(true);
        reader.start();
        send("usi");
        long deadline = System.nanoTime() + timeouts.handshake().toNanos();
        while (true) {
            String line = next(deadline);
            if (line == null) {
                kill();
                throw new PlayerException(
                        PlayerException.Kind.CRASH,
                        "no usiok from '"
                                + spec.name()
                                + "' within "
                                + timeouts.handshake().toSeconds()
                                + " s");
            }
            if (line.startsWith("id name ")) {
                engineId = line.substring("id name ".length()).trim();
            } else if (line.startsWith("option name MultiPV ")) {
                offersMultiPv = true;
            } else if (line.trim().equals("usiok")) {
                break;
            }
        }
        for (Map.Entry<String, String> o : spec.options().entrySet()) {
            send("setoption name " + o.getKey() + " value " + o.getValue());
        }
        multiPv = baseMultiPv();
    }

    /** The MultiPV the spec sets (1 when it sets none or a non-number). */
    private int baseMultiPv() {
        try {
            return Math.max(
                    1, Integer.parseInt(spec.options().getOrDefault("MultiPV", "1").trim()));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    private static void pump(BufferedReader out, BlockingQueue<String> lines) {
        try {
            for (String line; (line = out.readLine()) != null; ) {
                lines.add(line);
            }
        } catch (IOException e) {
            // the process went away: report end of output
        }
        lines.add(EOF);
    }

    private void await(String word) throws PlayerException {
        long deadline = System.nanoTime() + timeouts.handshake().toNanos();
        while (true) {
            String line = next(deadline);
            if (line == null) {
                kill();
                throw new PlayerException(
                        PlayerException.Kind.CRASH,
                        "no "
                                + word
                                + " from '"
                                + spec.name()
                                + "' within "
                                + timeouts.handshake().toSeconds()
                                + " s");
            }
            if (line.trim().equals(word)) {
                return;
            }
        }
    }

    /** The next line, null at the deadline; end of output is a crash. */
    private String next(long deadlineNanos) throws PlayerException {
        String line = null;
        try {
            while (line == null) {
                if (cancelled.getAsBoolean()) {
                    kill();
                    throw new PlayerException(PlayerException.Kind.CANCELLED, "stopping");
                }
                long wait = Math.min(deadlineNanos - System.nanoTime(), POLL_NANOS);
                if (wait <= 0) {
                    line = fromEngine.poll();
                    break;
                }
                line = fromEngine.poll(wait, TimeUnit.NANOSECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
            throw new PlayerException(PlayerException.Kind.CANCELLED, "interrupted");
        }
        if (EOF.equals(line)) {
            fromEngine.add(EOF);
            throw crash("engine '" + spec.name() + "' closed its output");
        }
        return line;
    }

    private void send(String command) throws PlayerException {
        try {
            toEngine.write(command);
            toEngine.write('\n');
            toEngine.flush();
        } catch (IOException e) {
            throw crash("cannot write to engine '" + spec.name() + "': " + e.getMessage());
        }
    }

    private PlayerException crash(String what) {
        String status = "";
        if (process != null) {
            try {
                if (process.waitFor(200, TimeUnit.MILLISECONDS)) {
                    status = " (exit status " + process.exitValue() + ")";
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        kill();
        return new PlayerException(PlayerException.Kind.CRASH, what + status);
    }

    private void kill() {
        if (process != null) {
            process.destroyForcibly();
            try {
                process.waitFor(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            process = null;
        }
    }
}
