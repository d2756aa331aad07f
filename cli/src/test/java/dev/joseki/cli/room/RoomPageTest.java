package dev.joseki.cli.room;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The control room's pages as the layout and each page's part make them. */
class RoomPageTest {
    static String html(String fileName) {
        return new String(RoomPage.named(fileName).html(), StandardCharsets.UTF_8);
    }

    @Test
    void eachPageHasTheSharedHeadWithItsOwnTitle() {
        for (String page : new String[] {"runs", "run", "workers"}) {
            assertThat(html(page + ".html"))
                    .startsWith(
                            "<!DOCTYPE html>\n"
                                    + "<html lang=\"en\">\n"
                                    + "<head>\n"
                                    + "<meta charset=\"utf-8\">\n")
                    .contains("<title>Joseki control room: " + page + "</title>")
                    .contains(
                            "<link rel=\"stylesheet\" href=\"explorer.css\">\n"
                                    + "<link rel=\"stylesheet\" href=\"room.css\">\n</head>")
                    .contains("<body data-page=\"" + page + "\">")
                    .endsWith("<script src=\"room.js\"></script>\n</body>\n</html>\n")
                    .doesNotContain("{{");
        }
    }

    @Test
    void aRunIsUnderTheRunsTab() {
        String runsActive =
                "<a href=\"runs.html\" class=\"tab active\">Runs</a>\n"
                        + "    <a href=\"workers.html\" class=\"tab\">Workers</a>";
        assertThat(html("runs.html")).contains(runsActive);
        assertThat(html("run.html")).contains(runsActive);
        assertThat(html("workers.html"))
                .contains(
                        "<a href=\"runs.html\" class=\"tab\">Runs</a>\n"
                                + "    <a href=\"workers.html\" class=\"tab active\">Workers</a>");
    }

    @Test
    void eachPartStandsBetweenTheBrokerBannerAndTheScript() {
        String runs = html("runs.html");
        assertThat(runs)
                .contains(
                        "<div id=\"broker\" class=\"error\" hidden></div>\n<main>\n"
                                + "  <section class=\"wide\">\n    <h2>Runs ")
                .contains("</main>\n<script src=\"room.js\"></script>");
        assertThat(html("workers.html")).contains("<table id=\"workers\" class=\"moves\">");
        String run = html("run.html");
        assertThat(run)
                .contains(
                        "<div id=\"broker\" class=\"error\" hidden></div>\n"
                                + "<div id=\"error\" class=\"error\" hidden></div>\n<main>")
                .contains(
                        "</main>\n<script src=\"board.js\"></script>\n"
                                + "<script src=\"room.js\"></script>\n</body>");
    }

    @Test
    void onlyThePagesAreNamed() {
        assertThat(RoomPage.named("runs.html")).isEqualTo(RoomPage.RUNS);
        assertThat(RoomPage.named("run.html")).isEqualTo(RoomPage.RUN);
        assertThat(RoomPage.named("workers.html")).isEqualTo(RoomPage.WORKERS);
        assertThat(RoomPage.named("layout.html")).isNull();
        assertThat(RoomPage.named("room.js")).isNull();
        assertThat(RoomPage.named("RUNS.html")).isNull();
    }
}
