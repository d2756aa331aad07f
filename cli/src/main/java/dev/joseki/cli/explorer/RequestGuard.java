package dev.joseki.cli.explorer;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import dev.joseki.notation.Quote;
import java.util.Collection;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * What a request must satisfy before the explorer routes it, and the headers every answer carries.
 *
 * <p>The Host header is checked against DNS rebinding: a page on a hostile name that its DNS later
 * points at this machine would otherwise read the book from the visitor's browser. Such a request
 * always names the hostile domain, so the guard accepts IP literals (which no DNS answer can stand
 * for), {@code localhost} and the names it was given (the {@code --host} name and every {@code
 * --allow-host}); anything else gets 421. Only GET and HEAD exist (405 with {@code Allow}); a URI
 * longer than {@link #MAX_URI} gets 414.
 */
public final class RequestGuard {
    /**
     * Longest request URI: room for an SFEN and {@link ExplorerLine#MAX_PLIES} moves (five
     * characters and a separator each). Longer heads than ExplorerServer.MAX_HEADER_BYTES never get
     * here.
     */
    static final int MAX_URI = 16 * 1024;

    static final String ALLOW = "GET, HEAD";

    static final String ALLOW_ACTIONS = "GET, HEAD, POST";

    /**
     * The page loads its own script, style sheet and JSON only; it has no inline script or style.
     */
    static final String CSP =
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src"
                    + " 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Pattern PORT = Pattern.compile("\\d{1,5}");

    /** Why a request is refused; {@code allow} is set for 405 only. */
    public record Refusal(int status, String message, String allow) {}

    private final Set<String> names = new TreeSet<>();
    private final boolean actions;

    /** {@code hostNames}: names besides localhost that clients may use to reach the server. */
    RequestGuard(Collection<String> hostNames) {
        this(hostNames, false);
    }

    /**
     * As {@link #RequestGuard(Collection)}; with {@code actions} POST is let through too (to
     * handlers that check the token themselves).
     */
    public RequestGuard(Collection<String> hostNames, boolean actions) {
        this.actions = actions;
        names.add("localhost");
        for (String n : hostNames) {
            names.add(normal(n));
        }
    }

    /**
     * Headers on every answer: no MIME sniffing, no framing, no referrer, the page's CSP, no
     * caching.
     */
    public static void secure(Headers h) {
        h.set("X-Content-Type-Options", "nosniff");
        h.set("X-Frame-Options", "DENY");
        h.set("Referrer-Policy", "no-referrer");
        h.set("Content-Security-Policy", CSP);
        h.set("Cache-Control", "no-store");
    }

    /** Null when the request may be routed. */
    public Refusal check(HttpExchange ex) {
        String method = ex.getRequestMethod();
        if (!method.equals("GET")
                && !method.equals("HEAD")
                && !(actions && method.equals("POST"))) {
            return new Refusal(
                    405,
                    "method " + Quote.cut(method, 20) + " not allowed; use GET",
                    actions ? ALLOW_ACTIONS : ALLOW);
        }
        if (ex.getRequestURI().toString().length() > MAX_URI) {
            return new Refusal(414, "request URI longer than " + MAX_URI + " characters", null);
        }
        String host = ex.getRequestHeaders().getFirst("Host");
        if (host == null || host.isBlank()) {
            return new Refusal(400, "missing Host header", null);
        }
        if (!allows(host)) {
            return new Refusal(
                    421,
                    "this server does not answer for host '"
                            + Quote.cut(host, 60)
                            + "'; see --allow-host",
                    null);
        }
        return null;
    }

    /** True for an IP literal, localhost or a given name, with or without a port. */
    boolean allows(String hostHeader) {
        String h = hostHeader.strip();
        if (h.startsWith("[")) {
            int close = h.indexOf(']');
            // An IPv6 literal: only hex digits, colons and dots inside the brackets.
            return close > 1
                    && h.substring(1, close).matches("[0-9A-Fa-f:.]+")
                    && (close == h.length() - 1
                            || (h.charAt(close + 1) == ':'
                                    && PORT.matcher(h.substring(close + 2)).matches()));
        }
        int colon = h.indexOf(':');
        if (colon >= 0) {
            if (!PORT.matcher(h.substring(colon + 1)).matches()) {
                return false;
            }
            h = h.substring(0, colon);
        }
        return IPV4.matcher(h).matches() || names.contains(normal(h));
    }

    private static String normal(String name) {
        String n = name.strip().toLowerCase(Locale.ROOT);
        return n.endsWith(".") ? n.substring(0, n.length() - 1) : n;
    }
}
