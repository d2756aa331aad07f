package dev.joseki.cli.room;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.joseki.cli.explorer.ExplorerLine;
import dev.joseki.cli.explorer.ExplorerServer;
import dev.joseki.cli.explorer.PositionJson;
import dev.joseki.cli.explorer.RequestGuard;
import dev.joseki.notation.ParseException;
import dev.joseki.notation.Quote;
import dev.joseki.records.proto.RunInfo;
import dev.joseki.records.proto.WorkerHeartbeat;
import dev.joseki.tournament.GameOutcome;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The control room: the explorer's hardened HTTP server ({@link ExplorerServer#hardened}, {@link
 * RequestGuard}) with the pages ({@link RoomPage}, scripts and styles under classpath {@code
 * /room/}) and their JSON API over a {@link RoomView}:
 *
 * <pre>
 *  GET  /api/runs                      {"broker","changes","runs":[row..]}        (RunJson)
 *  GET  /api/runs/ID                   {"broker","changes","run":detail}
 *  GET  /api/runs/ID/games/N           one game for replay                          (GameJson)
 *  GET  /api/runs/ID/games/N.csa|.kif|.usi   the game as a file
 *  GET  /api/workers                   {"broker","changes","workers":[..]}        (WorkerJson)
 *  GET  /api/position?sfen=S&amp;moves=M   the replay board's position (the explorer's PositionJson)
 *  POST /api/runs/ID/stop              retires the run's queued tasks; needs the token
 * </pre>
 *
 * "broker" is null while the broker answers, else why not. Unknown ids answer 404 and malformed
 * ones 400, with {@code {"error": ...}}. Reading never writes to the broker; the one action does,
 * and only with the token in header {@value #TOKEN_HEADER} (401 without, 403 with another).
 */
public final class RoomServer implements AutoCloseable {
    public static final String TOKEN_HEADER = "X-Joseki-Token";

    private static final Pattern STATIC_NAME = Pattern.compile("[a-z0-9-]+\\.(html|js|css)");
    private static final Map<String, String> CONTENT_TYPES =
            Map.of(
                    "html", "text/html; charset=utf-8",
                    "js", "text/javascript; charset=utf-8",
                    "css", "text/css; charset=utf-8");
    private static final Pattern RUN =
            Pattern.compile("/api/runs/([^/]+)(/stop|/games/([^/.]+)(\\.(csa|kif|usi))?)?");

    /** The explorer's board and style, shared by the replay. */
    private static final java.util.Set<String> FROM_EXPLORER =
            java.util.Set.of("board.js", "explorer.css");

    /** A run id or game number: what the ids the project makes look like. */
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9._:-]{1,200}");

    private final RoomView view;
    private final RequestGuard guard;
    private final byte[] token;
    private final Consumer<String> stop;
    private final HttpServer http;
    private final ExecutorService executor;

    private RoomServer(
            RoomView view,
            InetSocketAddress address,
            List<String> hostNames,
            String token,
            Consumer<String> stop)
            throws IOException {
        this.view = view;
        this.guard = new RequestGuard(hostNames, true);
        this.token = token.getBytes(StandardCharsets.UTF_8);
        this.stop = stop;
        ExplorerServer.Hardened h = ExplorerServer.hardened(address, "room-http");
        http = h.http();
        executor = h.executor();
        http.createContext("/", this::handle);
    }

    /**
     * Starts serving; port 0 picks a free port. {@code stop} retires a run's queued tasks (the stop
     * action, after the token was checked).
     */
    public static RoomServer start(
            RoomView view,
            InetSocketAddress address,
            List<String> hostNames,
            String token,
            Consumer<String> stop) {
        if (token == null || token.isEmpty()) {
            throw new IllegalArgumentException("a token is required for the actions");
        }
        List<String> names = new ArrayList<>(hostNames);
        names.add(address.getHostString());
        try {
            RoomServer s = new RoomServer(view, address, names, token, stop);
            s.http.start();
            return s;
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot listen on " + address + ": " + e.getMessage(), e);
        }
    }

    public int port() {
        return http.getAddress().getPort();
    }

    /** The server, to mount the book explorer on (ControlRoom). */
    HttpServer http() {
        return http;
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            try {
                route(ex);
            } catch (RuntimeException e) {
                System.err.println("serve: " + Quote.cut(ex.getRequestURI().toString()) + ": " + e);
                send(ex, 500, error("internal error: " + e.getMessage()));
            }
        }
    }

    private void route(HttpExchange ex) throws IOException {
        RequestGuard.Refusal no = guard.check(ex);
        if (no != null) {
            if (no.allow() != null) {
                ex.getResponseHeaders().set("Allow", no.allow());
            }
            send(ex, no.status(), error(no.message()));
            return;
        }
        String path = ex.getRequestURI().getPath();
        boolean post = ex.getRequestMethod().equals("POST");
        if (post != path.endsWith("/stop")) {
            ex.getResponseHeaders().set("Allow", post ? "GET, HEAD" : "POST");
            send(ex, 405, error((post ? "POST" : "GET") + " is not allowed on " + Quote.cut(path)));
        } else if (path.equals("/api/runs")) {
            send(ex, 200, RunJson.write(envelope().set("runs", runs())));
        } else if (path.equals("/api/workers")) {
            send(ex, 200, RunJson.write(envelope().set("workers", workers())));
        } else if (path.equals("/api/position")) {
            position(ex);
        } else if (path.startsWith("/api/runs/")) {
            run(ex, path);
        } else if (path.startsWith("/api/")) {
            send(
                    ex,
                    404,
                    error(
                            "no API "
                                    + Quote.cut(path)
                                    + "; see /api/runs, /api/workers, /api/position"));
        } else {
            staticFile(ex, path.equals("/") ? "runs.html" : path.substring(1));
        }
    }

    private void run(HttpExchange ex, String path) throws IOException {
        Matcher m = RUN.matcher(path);
        if (!m.matches() || !ID.matcher(m.group(1)).matches()) {
            send(ex, 400, error("malformed run path " + Quote.cut(path)));
            return;
        }
        String id = m.group(1);
        RunInfo info = view.info(id);
        if (info == null) {
            send(ex, 404, error("no run '" + Quote.cut(id, 60) + "' on the broker"));
        } else if ("/stop".equals(m.group(2))) {
            stop(ex, info, view.status(id), view.stoppable(id));
        } else if (m.group(3) != null) {
            game(ex, id, m.group(3), m.group(5));
        } else {
            // the detail is kept as text (RunView.detail): spliced in, not parsed again
            String head = RunJson.write(envelope());
            send(
                    ex,
                    200,
                    head.substring(0, head.length() - 1) + ",\"run\":" + view.detail(id) + "}");
        }
    }

    private void position(HttpExchange ex) throws IOException {
        Map<String, String> q = ExplorerServer.query(ex.getRequestURI().getRawQuery());
        String sfen = q.get("sfen");
        if (sfen == null) {
            send(ex, 400, error("missing parameter 'sfen' (startpos, an SFEN or a USI line)"));
            return;
        }
        try {
            send(ex, 200, RunJson.write(PositionJson.of(ExplorerLine.parse(sfen, q.get("moves")))));
        } catch (ParseException e) {
            send(ex, 400, error(e.getMessage()));
        }
    }

    private void game(HttpExchange ex, String id, String number, String format) throws IOException {
        if (!number.matches("\\d{1,9}")) {
            send(ex, 400, error("game number must be digits, got '" + Quote.cut(number, 20) + "'"));
            return;
        }
        GameOutcome g = view.game(id, Integer.parseInt(number));
        if (g == null) {
            send(ex, 404, error("run " + id + " has no game " + number + " (yet)"));
        } else if (format == null) {
            send(ex, 200, RunJson.write(GameJson.of(g)));
        } else {
            GameJson.File f = GameJson.download(id, g, format);
            ex.getResponseHeaders()
                    .set("Content-Disposition", "attachment; filename=\"" + f.name() + "\"");
            send(ex, 200, f.type(), f.body());
        }
    }

    /** The stop action: 401 without the token, 403 with another, 409 for a run not running. */
    private void stop(HttpExchange ex, RunInfo info, String status, boolean stoppable)
            throws IOException {
        String given = ex.getRequestHeaders().getFirst(TOKEN_HEADER);
        if (given == null || given.isEmpty()) {
            send(ex, 401, error("stopping a run needs the token in header " + TOKEN_HEADER));
            return;
        }
        // constant time: the comparison does not tell how much of a guess was right
        if (!MessageDigest.isEqual(token, given.getBytes(StandardCharsets.UTF_8))) {
            send(ex, 403, error("wrong token"));
            return;
        }
        if (!stoppable) {
            send(
                    ex,
                    409,
                    error(
                            "a "
                                    + info.getKind()
                                    + " is stopped with Ctrl-C where it runs (it continues when"
                                    + " run again)"));
            return;
        }
        if (!"running".equals(status)) {
            send(ex, 409, error("run " + info.getRunId() + " is " + status));
            return;
        }
        stop.accept(info.getRunId());
        send(
                ex,
                200,
                RunJson.write(
                        RunJson.MAPPER
                                .createObjectNode()
                                .put("stopped", info.getRunId())
                                .put(
                                        "note",
                                        "its queued tasks are retired; the run ends and writes"
                                                + " its report")));
    }

    private ObjectNode envelope() {
        ObjectNode o = RunJson.MAPPER.createObjectNode();
        String problem = view.brokerProblem();
        if (problem == null) {
            o.putNull("broker");
        } else {
            o.put("broker", problem);
        }
        return o.put("changes", view.changes());
    }

    private ArrayNode runs() {
        ArrayNode a = RunJson.MAPPER.createArrayNode();
        a.addAll(view.rows());
        return a;
    }

    private ArrayNode workers() {
        ArrayNode a = RunJson.MAPPER.createArrayNode();
        Instant now = Instant.now();
        for (WorkerHeartbeat b : view.workers()) {
            a.add(WorkerJson.of(b, now));
        }
        return a;
    }

    private void staticFile(HttpExchange ex, String name) throws IOException {
        byte[] body = staticBody(name);
        if (body == null) {
            send(ex, 404, "text/plain; charset=utf-8", bytes("not found: /" + Quote.cut(name)));
            return;
        }
        send(ex, 200, CONTENT_TYPES.get(name.substring(name.lastIndexOf('.') + 1)), body);
    }

    /** A page, or a script or style of the room's or the explorer's; null for any other name. */
    private static byte[] staticBody(String name) throws IOException {
        RoomPage page = RoomPage.named(name);
        if (page != null) {
            return page.html();
        }
        if (!STATIC_NAME.matcher(name).matches()) {
            return null;
        }
        try (InputStream in =
                RoomServer.class.getResourceAsStream(
                        (FROM_EXPLORER.contains(name) ? "/explorer/" : "/room/") + name)) {
            return in == null ? null : in.readAllBytes();
        }
    }

    private static String error(String message) {
        return RunJson.write(RunJson.MAPPER.createObjectNode().put("error", message));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static void send(HttpExchange ex, int status, String json) throws IOException {
        send(ex, status, "application/json; charset=utf-8", bytes(json));
    }

    private static void send(HttpExchange ex, int status, String type, byte[] body)
            throws IOException {
        ex.getResponseHeaders().set("Content-Type", type);
        RequestGuard.secure(ex.getResponseHeaders());
        boolean head = ex.getRequestMethod().equals("HEAD");
        ex.sendResponseHeaders(status, head || body.length == 0 ? -1 : body.length);
        if (!head) {
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        }
    }

    /** Stops accepting requests and waits up to a second for those in flight. */
    @Override
    public void close() {
        http.stop(1);
        executor.shutdownNow();
    }
}
