package dev.joseki.cli.room;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The control room's pages. Each is the one layout (classpath {@code /room/pages/layout.html}: the
 * head, the title bar with its tabs, the broker banner and room.js) around the page's own part
 * ({@code /room/pages/NAME.html}), put together when the class loads. The layout's placeholders:
 * {@code {{title}}} and {@code {{page}}} (the body's data-page, which room.js dispatches on) take
 * the page's name, {@code {{active-TAB}}} marks the page's tab, {@code {{main}}} takes the page's
 * part.
 */
enum RoomPage {
    RUNS("runs"),
    /** One run: under the runs tab. */
    RUN("runs"),
    WORKERS("workers");

    private static final String FOLDER = "/room/pages/";

    /** The whole page, UTF-8; read and put together when the class loads. */
    private final byte[] html;

    /** {@code tab}: the tab (the page it opens) that shows as active on this page. */
    RoomPage(String tab) {
        this.html =
                compose(resource("layout.html"), resource(fileName()), tab)
                        .getBytes(StandardCharsets.UTF_8);
    }

    /** The page served as {@code fileName} (runs.html, run.html, workers.html), else null. */
    static RoomPage named(String fileName) {
        for (RoomPage p : values()) {
            if (fileName.equals(p.fileName())) {
                return p;
            }
        }
        return null;
    }

    String fileName() {
        return name().toLowerCase(Locale.ROOT) + ".html";
    }

    /** The whole page, UTF-8 (shared: not to be written to). */
    byte[] html() {
        return html;
    }

    private String compose(String layout, String main, String tab) {
        String page = name().toLowerCase(Locale.ROOT);
        return layout.replace("{{title}}", page)
                .replace("{{page}}", page)
                .replace("{{active-" + tab + "}}", " active")
                .replaceAll("\\{\\{active-[a-z]+}}", "")
                .replace("{{main}}", main.strip());
    }

    private static String resource(String name) {
        try (InputStream in = RoomPage.class.getResourceAsStream(FOLDER + name)) {
            if (in == null) {
                throw new IllegalStateException("no " + FOLDER + name + " in the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
