package dev.joseki.cli.explorer;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.joseki.book.BookBonus;
import dev.joseki.book.store.DamagedBookException;
import dev.joseki.book.store.RocksBook;
import dev.joseki.notation.ParseException;
import dev.joseki.notation.Quote;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * The book explorer: the JDK's HTTP server with the static page (classpath {@code /explorer/}) and
 * its JSON API. The page holds no shogi logic; everything it shows comes from:
 *
 * <pre>
 *  GET /api/probe?sfen=S[&amp;moves=M]     = book probe --json of the position (see {@link BookJson#probe})
 *  GET /api/stats                       = book stats --json + "positions_per_ply": [{"ply","positions"}...]
 *  GET /api/position?sfen=S[&amp;moves=M]  see {@link PositionJson}
 * </pre>
 *
 * S is {@code startpos}, an SFEN or a USI line; M space-separated USI moves played after it. Bad
 * input answers 400 with {@code {"error": "<source>:<line>:<column>: <reason>"}}; a position the
 * book does not know answers empty lists. The book ({@link CurrentBook}: the published version,
 * followed across rebuilds) is opened by the caller and must outlive the server.
 *
 * <p>Limits (docs/explorer.md): a handler thread for each of {@link #MAX_CONNECTIONS} connections;
 * a client has {@link #MAX_REQUEST_SECONDS} s to send its request head and {@link
 * #MAX_RESPONSE_SECONDS} s to take the answer, else the JDK server closes the connection (so
 * half-sent requests cannot hold the threads); {@link #MAX_HEADERS} headers of {@link
 * #MAX_HEADER_BYTES} bytes in all; URIs of {@link RequestGuard#MAX_URI} characters and lines of
 * {@link ExplorerLine#MAX_PLIES} plies. {@link RequestGuard} checks every request before it is
 * routed.
 */
public final class ExplorerServer implements AutoCloseable {
    private static final Pattern STATIC_NAME = Pattern.compile("[a-z0-9-]+\\.(html|js|css|svg)");
    private static final Map<String, String> CONTENT_TYPES =
            Map.of(
                    "html",
                    "text/html; charset=utf-8",
                    "js",
                    "text/javascript; charset=utf-8",
                    "css",
                    "text/css; charset=utf-8",
                    "svg",
                    "image/svg+xml");

    /**
     * Open connections, and so handler threads: the JDK server reads each request head on a handler
     * thread, and a request waiting in the executor's queue runs down its own {@link
     * #MAX_REQUEST_SECONDS}, so there is a thread for every connection the server accepts (idle
     * threads end after 30 s).
     */
    static final int MAX_CONNECTIONS = 256;

    static final int MAX_REQUEST_SECONDS = 5;
    static final int MAX_RESPONSE_SECONDS = 30;
    static final int MAX_HEADERS = 64;

    /**
     * Request line and headers together; a longer request head is dropped by the JDK server
     * unanswered.
     */
    static final int MAX_HEADER_BYTES = 32 * 1024;

    static {
        // The JDK server reads these once, when its configuration class loads, so they are set
        // before the first server is created; a value given with -D on the command line wins.
        // Headers and body leave in separate writes; with Nagle's algorithm on, the client's
        // delayed ACK holds every answer back ~40 ms (measured: 45 ms per request, see
        // docs/archive/benchmarks-notebook.md).
        setDefault("sun.net.httpserver.nodelay", "true");
        // Without these the server waits forever for a request head: every client that sends half a
        // request holds a handler thread (two did stop the explorer when it had two threads).
        setDefault("sun.net.httpserver.maxReqTime", String.valueOf(MAX_REQUEST_SECONDS));
        setDefault("sun.net.httpserver.maxRspTime", String.valueOf(MAX_RESPONSE_SECONDS));
        setDefault("jdk.httpserver.maxConnections", String.valueOf(MAX_CONNECTIONS));
        setDefault("sun.net.httpserver.maxReqHeaders", String.valueOf(MAX_HEADERS));
        setDefault("sun.net.httpserver.maxReqHeaderSize", String.valueOf(MAX_HEADER_BYTES));
    }

    private static void setDefault(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }

    private final CurrentBook books;
    private final BookBonus bonus;
    private final RequestGuard guard;
    private final HttpServer http;

    /** Null when mounted on another server ({@link #mount}), which owns the threads. */
    private final ExecutorService executor;

    /** The path the explorer is mounted at: "" on its own server, else e.g. "/explorer". */
    private final String prefix;

    /** The stats of {@link #statsVersion}. */
    private ObjectNode stats;

    private java.nio.file.Path statsVersion;

    private ExplorerServer(
            CurrentBook books, BookBonus bonus, InetSocketAddress address, List<String> hostNames)
            throws IOException {
        this.books = books;
        this.bonus = bonus;
        this.guard = new RequestGuard(hostNames);
        Hardened h = hardened(address, "explorer-http");
        http = h.http();
        executor = h.executor();
        prefix = "";
        http.createContext("/", this::handle);
    }

    private ExplorerServer(
            CurrentBook books,
            BookBonus bonus,
            HttpServer http,
            String prefix,
            List<String> hostNames) {
        this.books = books;
        this.bonus = bonus;
        this.guard = new RequestGuard(hostNames);
        this.http = http;
        this.executor = null;
        this.prefix = prefix;
        http.createContext(prefix + "/", this::handle);
    }

    /**
     * The explorer at {@code prefix} (e.g. "/explorer") of a server another part of the program
     * runs (./joseki serve --book): the page at {@code prefix/}, its API under {@code prefix/api/}.
     * Closing it removes it from that server; the server stays.
     */
    public static ExplorerServer mount(
            HttpServer http,
            String prefix,
            CurrentBook books,
            BookBonus bonus,
            List<String> hostNames) {
        if (!prefix.startsWith("/") || prefix.endsWith("/")) {
            throw new IllegalArgumentException("prefix must be like /explorer, got " + prefix);
        }
        return new ExplorerServer(books, bonus, http, prefix, hostNames);
    }

    /** An HTTP server (not started) and the executor of its handler threads. */
    public record Hardened(HttpServer http, ExecutorService executor) {}

    /**
     * An HTTP server with the explorer's limits (above) and a handler thread per connection, named
     * {@code threadName}; ./joseki serve uses the same.
     */
    public static Hardened hardened(InetSocketAddress address, String threadName)
            throws IOException {
        HttpServer http = HttpServer.create(address, 0);
        ThreadPoolExecutor pool =
                new ThreadPoolExecutor(
                        MAX_CONNECTIONS,
                        MAX_CONNECTIONS,
                        30,
                        TimeUnit.SECONDS,
                        new LinkedBlockingQueue<>(),
                        r -> {
                            Thread t = new Thread(r, threadName);
                            t.setDaemon(true);
                            return t;
                        });
        pool.allowCoreThreadTimeOut(true);
        http.setExecutor(pool);
        return new Hardened(http, pool);
    }

    /**
     * Starts serving; port 0 picks a free port (see {@link #port()}). Host names: localhost only.
     */
    public static ExplorerServer start(RocksBook book, BookBonus bonus, InetSocketAddress address) {
        return start(CurrentBook.fixed(book), bonus, address, List.of());
    }

    /**
     * Serves whichever version of the book is published at the time of each request, answering
     * requests whose Host is an IP literal, localhost, the address's host name or one of {@code
     * hostNames} (see {@link RequestGuard}).
     */
    public static ExplorerServer start(
            CurrentBook books, BookBonus bonus, InetSocketAddress address, List<String> hostNames) {
        List<String> names = new ArrayList<>(hostNames);
        names.add(address.getHostString());
        try {
            ExplorerServer s = new ExplorerServer(books, bonus, address, names);
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

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            try {
                route(ex);
            } catch (DamagedBookException e) {
                // never an answer from a damaged book: unavailable until it is rebuilt or restored
                System.err.println("explorer: " + e.getMessage());
                send(ex, 503, "application/json", error("book damaged: " + e.getMessage()));
            } catch (RuntimeException e) {
                System.err.println(
                        "explorer: " + Quote.cut(ex.getRequestURI().toString()) + ": " + e);
                send(ex, 500, "application/json", error("internal error: " + e.getMessage()));
            }
        }
    }

    private void route(HttpExchange ex) throws IOException {
        RequestGuard.Refusal no = guard.check(ex);
        if (no != null) {
            if (no.allow() != null) {
                ex.getResponseHeaders().set("Allow", no.allow());
            }
            send(ex, no.status(), "application/json", error(no.message()));
            return;
        }
        String path = ex.getRequestURI().getPath().substring(prefix.length());
        if (path.isEmpty()) {
            path = "/"; // the context "/explorer/" also receives "/explorer"
        }
        if (path.startsWith("/api/")) {
            api(ex, path);
        } else {
            staticFile(ex, path.equals("/") ? "index.html" : path.substring(1));
        }
    }

    private void api(HttpExchange ex, String path) throws IOException {
        Map<String, String> q = query(ex.getRequestURI().getRawQuery());
        ObjectNode answer;
        try (CurrentBook.Lease lease = books.lease()) {
            RocksBook book = lease.book();
            answer =
                    switch (path) {
                        case "/api/probe" -> BookJson.probe(book, line(q).position(), bonus);
                        case "/api/position" -> PositionJson.of(line(q));
                        case "/api/stats" -> stats(book);
                        default -> null;
                    };
        } catch (ParseException e) {
            send(ex, 400, "application/json", error(e.getMessage()));
            return;
        }
        if (answer == null) {
            send(
                    ex,
                    404,
                    "application/json",
                    error(
                            "no API "
                                    + Quote.cut(path)
                                    + "; see /api/probe, /api/position, /api/stats"));
        } else {
            send(ex, 200, "application/json", BookJson.write(answer));
        }
    }

    private static ExplorerLine line(Map<String, String> q) {
        String sfen = q.get("sfen");
        if (sfen == null) {
            throw new ParseException(
                    "sfen", 1, 1, "missing parameter 'sfen' (startpos, an SFEN or a USI line)");
        }
        return ExplorerLine.parse(sfen, q.get("moves"));
    }

    /**
     * The metadata does not change while a version is open, and the histogram needs one scan of the
     * full index (seconds for millions of positions): computed on the first request of each
     * version, then kept.
     */
    private synchronized ObjectNode stats(RocksBook book) {
        if (stats == null || !book.version().equals(statsVersion)) {
            stats = ExplorerStats.of(book);
            statsVersion = book.version();
        }
        return stats;
    }

    private void staticFile(HttpExchange ex, String name) throws IOException {
        InputStream in =
                STATIC_NAME.matcher(name).matches()
                        ? ExplorerServer.class.getResourceAsStream("/explorer/" + name)
                        : null;
        if (in == null) {
            send(ex, 404, "text/plain; charset=utf-8", "not found: /" + Quote.cut(name));
            return;
        }
        byte[] body;
        try (in) {
            body = in.readAllBytes();
        }
        send(ex, 200, CONTENT_TYPES.get(name.substring(name.lastIndexOf('.') + 1)), body);
    }

    public static Map<String, String> query(String raw) {
        Map<String, String> q = new HashMap<>();
        if (raw == null || raw.isEmpty()) {
            return q;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String k = eq < 0 ? pair : pair.substring(0, eq),
                    v = eq < 0 ? "" : pair.substring(eq + 1);
            q.put(
                    URLDecoder.decode(k, StandardCharsets.UTF_8),
                    URLDecoder.decode(v, StandardCharsets.UTF_8));
        }
        return q;
    }

    private static String error(String message) {
        return BookJson.write(JsonNodeFactory.instance.objectNode().put("error", message));
    }

    private static void send(HttpExchange ex, int status, String type, String body)
            throws IOException {
        send(
                ex,
                status,
                type.contains("charset") ? type : type + "; charset=utf-8",
                body.getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange ex, int status, String type, byte[] body)
            throws IOException {
        ex.getResponseHeaders().set("Content-Type", type);
        RequestGuard.secure(ex.getResponseHeaders());
        boolean head = ex.getRequestMethod().equals("HEAD");
        ex.sendResponseHeaders(status, head ? -1 : body.length == 0 ? -1 : body.length);
        if (!head) {
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        }
    }

    /** Stops accepting requests and waits up to a second for those in flight. */
    @Override
    public void close() {
        if (executor == null) {
            http.removeContext(prefix + "/");
            return;
        }
        http.stop(1);
        executor.shutdownNow();
    }
}
