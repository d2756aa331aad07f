package dev.joseki.selfplay;

import dev.joseki.notation.Sfen;
import dev.joseki.records.proto.Limits;
import dev.joseki.records.proto.MoveRecord;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * An external USI engine run as a subprocess. Every wait has a deadline: a hung engine loses on time and
 * is killed; an engine that exits, closes its output or answers the handshake wrongly has crashed. Either
 * way the process is restarted on the next {@link #newGame()}, so one bad game never stops a worker.
 */
public final class UsiProcessPlayer implements Player {
    /** Time allowed for usi/usiok and isready/readyok. */
    static final long HANDSHAKE_MS = 10_000;
    /** Extra time over a time limit before the engine loses on time (pipes, process scheduling). */
    static final long MARGIN_MS = 2_000;
    /** Time allowed for a node- or depth-limited move when the task sets no move time-out. */
    static final long DEFAULT_MOVE_TIMEOUT_MS = 60_000;
    private static final String EOF = "\u0000eof";

    private final List<String> argv;
    private final Path workingDir;
    private final Map<String, String> options;
    private final BooleanSupplier cancelled;
    private Process process;
    private Writer toEngine;
    private BlockingQueue<String> fromEngine;
    private String engineId = "";

    public UsiProcessPlayer(List<String> argv, Path workingDir, Map<String, String> options) {
        this(argv, workingDir, options, () -> false);
    }

    /** {@code cancelled}: checked at least every 100 ms while waiting for the engine. */
    public UsiProcessPlayer(List<String> argv, Path workingDir, Map<String, String> options, BooleanSupplier cancelled) {
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("a USI engine needs a command");
        }
        this.argv = List.copyOf(argv);
        this.workingDir = workingDir;
        this.options = Map.copyOf(options);
        this.cancelled = cancelled;
    }

    @Override
    public void newGame() throws PlayerException {
        if (process == null || !process.isAlive()) {
            start();
        }
        send("isready");
        await("readyok", HANDSHAKE_MS);
        send("usinewgame");
    }

    @Override
    public MoveDecision move(Position start, List<Integer> moves, Limits limits) throws PlayerException {
        StringBuilder pos = new StringBuilder("position sfen ").append(Sfen.write(start));
        if (!moves.isEmpty()) {
            pos.append(" moves");
            for (int m : moves) {
                pos.append(' ').append(Move.usi(m));
            }
        }
        send(pos.toString());
        send(goCommand(limits));
        long started = System.nanoTime();
        long deadline = started + TimeUnit.MILLISECONDS.toNanos(moveTimeoutMs(limits));
        MoveRecord.Builder info = MoveRecord.newBuilder();
        while (true) {
            String line = next(deadline);
            if (line == null) {
                kill();
                throw new PlayerException(PlayerException.Kind.TIME,
                        "no bestmove within " + moveTimeoutMs(limits) + " ms");
            }
            if (line.startsWith("info ")) {
                UsiInfo.parse(line, info);
            } else if (line.startsWith("bestmove")) {
                String[] w = line.trim().split("\\s+");
                if (w.length < 2) {
                    throw crash("'bestmove' without a move");
                }
                info.setTimeMs((int) TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
                return new MoveDecision(w[1], info.build());
            }
        }
    }

    static String goCommand(Limits l) {
        if (l.getNodes() > 0) {
            return "go nodes " + l.getNodes();
        } else if (l.getDepth() > 0) {
            return "go depth " + l.getDepth();
        } else if (l.getMovetimeMs() > 0) {
            return "go btime 0 wtime 0 byoyomi " + l.getMovetimeMs();
        } else if (l.getByoyomiMs() > 0) {
            return "go btime 0 wtime 0 byoyomi " + l.getByoyomiMs();
        }
        return "go nodes 10000";
    }

    static long moveTimeoutMs(Limits l) {
        if (l.getMoveTimeoutMs() > 0) {
            return l.getMoveTimeoutMs();
        }
        long t = Math.max(l.getMovetimeMs(), l.getByoyomiMs());
        return t > 0 ? t + MARGIN_MS : DEFAULT_MOVE_TIMEOUT_MS;
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
        ProcessBuilder pb = new ProcessBuilder(argv).redirectError(ProcessBuilder.Redirect.DISCARD);
        if (workingDir != null) {
            pb.directory(workingDir.toFile());
        }
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new PlayerException(PlayerException.Kind.CRASH, "cannot start " + argv + ": " + e.getMessage());
        }
        toEngine = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        fromEngine = lines;
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        Thread reader = new Thread(() -> pump(out, lines), "usi-reader-" + process.pid());
        reader.setDaemon(true);
        reader.start();
        send("usi");
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(HANDSHAKE_MS);
        while (true) {
            String line = next(deadline);
            if (line == null) {
                kill();
                throw new PlayerException(PlayerException.Kind.CRASH, "no usiok within " + HANDSHAKE_MS + " ms");
            }
            if (line.startsWith("id name ")) {
                engineId = line.substring("id name ".length()).trim();
            } else if (line.trim().equals("usiok")) {
                break;
            }
        }
        for (Map.Entry<String, String> o : options.entrySet()) {
            send("setoption name " + o.getKey() + " value " + o.getValue());
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

    private void await(String word, long timeoutMs) throws PlayerException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (true) {
            String line = next(deadline);
            if (line == null) {
                kill();
                throw new PlayerException(PlayerException.Kind.CRASH, "no " + word + " within " + timeoutMs + " ms");
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
                    throw new PlayerException(PlayerException.Kind.CANCELLED, "worker stopping");
                }
                long wait = Math.min(deadlineNanos - System.nanoTime(), TimeUnit.MILLISECONDS.toNanos(100));
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
            throw crash("engine closed its output");
        }
        return line;
    }

    private void send(String command) throws PlayerException {
        try {
            toEngine.write(command);
            toEngine.write('\n');
            toEngine.flush();
        } catch (IOException e) {
            throw crash("cannot write to the engine: " + e.getMessage());
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
