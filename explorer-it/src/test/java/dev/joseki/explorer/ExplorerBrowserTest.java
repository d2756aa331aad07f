package dev.joseki.explorer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.book.BookBonus;
import dev.joseki.book.BookLayout;
import dev.joseki.book.EvalLayout;
import dev.joseki.book.FullKey;
import dev.joseki.book.MoveEval;
import dev.joseki.book.MoverView;
import dev.joseki.book.store.BookStore;
import dev.joseki.book.store.BookVersions;
import dev.joseki.book.store.RocksBook;
import dev.joseki.cli.Main;
import dev.joseki.cli.explorer.ExplorerServer;
import dev.joseki.cli.explorer.SmallBook;
import dev.joseki.notation.Sfen;
import dev.joseki.notation.UsiMove;
import dev.joseki.rules.Move;
import dev.joseki.rules.Position;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The book explorer in a real headless Chromium (Debian's chromium + chromium-driver, installed by
 * deploy/ci/install-browser.sh), driven by Selenium, against a real RocksDB book of the six real
 * KIF records in common's test resources. What the page shows is compared with {@code book probe
 * --json} and with notation worked out by hand. Screenshots go to target/explorer-*.png.
 */
class ExplorerBrowserTest {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium"),
            CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    static final String AFTER_7G7F_3C3D =
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3";
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir static Path dir;
    static Path bookDir;
    static RocksBook book;
    static ExplorerServer server;
    static ChromeDriverService service;
    static WebDriver browser;

    @BeforeAll
    static void start() {
        assertThat(CHROMIUM).as("Chromium (run deploy/ci/install-browser.sh)").exists();
        assertThat(CHROMEDRIVER).as("ChromeDriver (run deploy/ci/install-browser.sh)").exists();
        bookDir = new SmallBook().realKifRecords(Path.of("..")).write(dir.resolve("book"));
        addValues(bookDir);
        book = RocksBook.open(bookDir);
        server =
                ExplorerServer.start(
                        book, BookBonus.paper(100), new InetSocketAddress("127.0.0.1", 0));
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // Without the background-networking flags Chromium's own connections are refused in closed
        // networks.
        options.addArguments(
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--window-size=1400,1000",
                "--user-data-dir=" + dir.resolve("profile"));
        service =
                new ChromeDriverService.Builder()
                        .usingDriverExecutable(CHROMEDRIVER.toFile())
                        .usingAnyFreePort()
                        .build();
        browser = new ChromeDriver(service, options);
    }

    /**
     * Values as {@code book propagate} writes them, in a new book version: 7g7f at the start (40,
     * depth 3), White's 3c3d after it (−40, depth 2). Nothing after 7g7f 3c3d has a value, so the
     * principal line from the start is 7g7f 3c3d.
     */
    static void addValues(Path bookDir) {
        Path version = BookVersions.newVersion(bookDir);
        Position start = Sfen.startPosition(), after = Sfen.startPosition();
        after.doMove(UsiMove.parse(after, "7g7f"));
        Map<byte[], MoveEval> values = new TreeMap<>(Arrays::compareUnsigned);
        values.put(
                BookLayout.entryKey(FullKey.of(start), Move.move16(UsiMove.parse(start, "7g7f"))),
                new MoveEval(40, 3, 0));
        values.put(
                BookLayout.entryKey(
                        FullKey.of(after), MoverView.toMover(after, UsiMove.parse(after, "3c3d"))),
                new MoveEval(-40, 2, 0));
        try (BookStore store = BookStore.create(version, BookVersions.current(bookDir))) {
            store.putEvals(EvalLayout.Table.VALUES, values);
        }
        BookVersions.publish(bookDir, version);
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (service != null) {
            service.stop();
        }
        if (server != null) {
            server.close();
        }
        if (book != null) {
            book.close();
        }
    }

    static String url(String fragment) {
        return "http://127.0.0.1:" + server.port() + "/" + fragment;
    }

    static JsonNode bookProbeJson(String sfen) throws Exception {
        PrintStream old = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            assertThat(
                            Main.run(
                                    "book",
                                    "probe",
                                    "--book",
                                    bookDir.toString(),
                                    "--sfen",
                                    sfen,
                                    "--json"))
                    .isZero();
        } finally {
            System.setOut(old);
        }
        return JSON.readTree(out.toString(StandardCharsets.UTF_8));
    }

    static void waitForPly(int ply) {
        new WebDriverWait(browser, Duration.ofSeconds(15))
                .until(
                        d ->
                                String.valueOf(ply)
                                        .equals(
                                                d.findElement(By.tagName("body"))
                                                        .getDomAttribute("data-ply")));
    }

    static WebElement square(String usi) {
        return browser.findElement(By.cssSelector("rect[data-square='" + usi + "']"));
    }

    static List<String> texts(String css) {
        List<String> out = new ArrayList<>();
        for (WebElement e : browser.findElements(By.cssSelector(css))) {
            out.add(e.getText());
        }
        return out;
    }

    /**
     * Rows of a candidate table as "usi count-or-frequency [bonus] [area]", like the JSON's fields.
     */
    static List<String> rows(String table) {
        List<String> out = new ArrayList<>();
        for (WebElement tr : browser.findElements(By.cssSelector("#" + table + " tbody tr"))) {
            List<WebElement> td = tr.findElements(By.tagName("td"));
            String row =
                    tr.getDomAttribute("data-usi")
                            + " "
                            + td.get(1).getText()
                            + " "
                            + td.get(2).getText();
            if (!table.equals("full")) {
                row += " " + td.get(3).getText();
            }
            if (table.equals("quarter")) {
                row += " " + td.get(4).getText().split(" ")[0];
            }
            out.add(row);
        }
        return out;
    }

    static List<String> expectedRows(JsonNode probe, String table) {
        List<String> out = new ArrayList<>();
        for (JsonNode m : probe.get(table)) {
            String move = m.get("move").asText();
            out.add(
                    switch (table) {
                        case "full" -> move + " " + move + " " + m.get("count").asLong();
                        case "half" ->
                                move
                                        + " "
                                        + move
                                        + " "
                                        + m.get("frequency").asLong()
                                        + " "
                                        + m.get("bonus").asLong();
                        default ->
                                move
                                        + " "
                                        + move
                                        + " "
                                        + m.get("frequency").asLong()
                                        + " "
                                        + m.get("bonus").asLong()
                                        + " "
                                        + m.get("area").asText();
                    });
        }
        return out;
    }

    static void assertCandidatesMatchBookProbe(String sfen) throws Exception {
        JsonNode probe = bookProbeJson(sfen);
        for (String table : List.of("full", "half", "quarter")) {
            assertThat(rows(table))
                    .as(table + " candidates for " + sfen)
                    .isEqualTo(expectedRows(probe, table));
        }
    }

    static void screenshot(String name) throws Exception {
        Path png = Path.of("target", name);
        Files.createDirectories(png.getParent());
        File shot = ((ChromeDriver) browser).getScreenshotAs(OutputType.FILE);
        Files.copy(shot.toPath(), png, StandardCopyOption.REPLACE_EXISTING);
        assertThat(Files.size(png)).isGreaterThan(10_000);
    }

    @Test
    void showsTheBookAndPlaysMovesByClicking() throws Exception {
        // 1. The start position: candidates exactly as book probe --json gives them.
        browser.get(url(""));
        waitForPly(0);
        assertThat(browser.findElements(By.cssSelector("#full tbody tr"))).isNotEmpty();
        assertCandidatesMatchBookProbe("startpos");
        // values: 7g7f's propagated value and depth; moves without one show a dash; the principal
        // line
        WebElement row7g7f = browser.findElement(By.cssSelector("#full tbody tr[data-usi='7g7f']"));
        assertThat(row7g7f.findElement(By.cssSelector("td.value")).getText()).isEqualTo("40");
        assertThat(row7g7f.findElement(By.cssSelector("td.depth")).getText()).isEqualTo("3");
        for (WebElement tr : browser.findElements(By.cssSelector("#full tbody tr"))) {
            if (!"7g7f".equals(tr.getDomAttribute("data-usi"))) {
                assertThat(tr.findElement(By.cssSelector("td.value")).getText()).isEqualTo("–");
            }
        }
        assertThat(texts("#pv-moves .pv-move")).containsExactly("7g7f (40)", "3c3d (-40)");
        // win, draw, loss and unknown shares of every full-match move read as 100% together
        for (WebElement tr : browser.findElements(By.cssSelector("#full tbody tr"))) {
            List<WebElement> td = tr.findElements(By.tagName("td"));
            int sum = 0;
            for (int i = 3; i <= 6; i++) {
                sum += Integer.parseInt(td.get(i).getText().replace("%", ""));
            }
            assertThat(sum).as(tr.getText()).isEqualTo(100);
        }
        assertThat(square("7g").getDomAttribute("data-piece")).isEqualTo("P");
        assertThat(square("5a").getDomAttribute("data-piece")).isEqualTo("k");
        assertThat(texts("#movelist li")).isEmpty();
        // hovering a quarter suggestion darkens its area on the board
        WebElement quarter = browser.findElement(By.cssSelector("#quarter tbody tr"));
        String area = quarter.findElements(By.tagName("td")).get(4).getText().split(" ")[0];
        new Actions(browser).moveToElement(quarter).perform();
        String inArea = area.equals("left") ? "9g" : "1g",
                outside = area.equals("left") ? "1g" : "9g";
        assertThat(square(inArea).getDomAttribute("class")).contains("area-hot");
        assertThat(square(outside).getDomAttribute("class")).doesNotContain("area-hot");
        screenshot("explorer-startpos.png");

        // 2. Click the full-match move 7g7f (five of the six games open with it).
        browser.findElement(By.cssSelector("#full tbody tr[data-usi='7g7f']")).click();
        waitForPly(1);
        assertThat(texts("#movelist li")).containsExactly("▲７六歩(77)");
        assertThat(square("7f").getDomAttribute("data-piece")).isEqualTo("P");
        assertThat(square("7g").getDomAttribute("data-piece")).isNull();
        assertThat(square("7f").getDomAttribute("class")).contains("to");
        assertThat(square("7g").getDomAttribute("class")).contains("from");

        // 3. Play White's reply by clicking a piece, then a square.
        square("3c").click();
        square("3d").click();
        waitForPly(2);
        assertThat(texts("#movelist li")).containsExactly("▲７六歩(77)", "△３四歩(33)");
        assertThat(browser.findElement(By.id("sfen")).getDomProperty("value"))
                .isEqualTo(AFTER_7G7F_3C3D);
        assertThat(browser.findElement(By.id("usi")).getDomProperty("value"))
                .isEqualTo("position startpos moves 7g7f 3c3d");
        assertThat(square("3d").getDomAttribute("data-piece")).isEqualTo("p");
        assertCandidatesMatchBookProbe(AFTER_7G7F_3C3D);
        screenshot("explorer-after-7g7f-3c3d.png");

        // 4. Back and forward keep the line; the undone move stays listed.
        browser.findElement(By.id("back")).click();
        waitForPly(1);
        assertThat(texts("#movelist li")).containsExactly("▲７六歩(77)", "△３四歩(33)");
        assertThat(square("3c").getDomAttribute("data-piece")).isEqualTo("p");
        browser.findElement(By.id("forward")).click();
        waitForPly(2);
        assertThat(square("3c").getDomAttribute("data-piece")).isNull();
    }

    @Test
    void loadsAPastedUsiLineAndReportsBadInput() throws Exception {
        browser.get(url(""));
        waitForPly(0);
        WebElement paste = browser.findElement(By.id("paste"));
        paste.clear();
        paste.sendKeys("position startpos moves 7g7f 3c3d 8h2b+ 3a2b");
        browser.findElement(By.id("load-button")).click();
        waitForPly(4);
        assertThat(texts("#movelist li"))
                .containsExactly("▲７六歩(77)", "△３四歩(33)", "▲２二角成(88)", "△同　銀(31)");
        assertThat(browser.findElements(By.cssSelector("text[data-hand='black:B']"))).hasSize(1);
        assertThat(browser.findElements(By.cssSelector("text[data-hand='white:B']"))).hasSize(1);

        paste.clear();
        paste.sendKeys("lnsgkgsnl/1r5b1/ppppppppp b - 1");
        browser.findElement(By.id("load-button")).click();
        WebElement error = browser.findElement(By.id("error"));
        new WebDriverWait(browser, Duration.ofSeconds(15)).until(d -> error.isDisplayed());
        assertThat(error.getText()).startsWith("sfen:1:").contains("9 ranks");
        waitForPly(4); // the position shown did not change
    }

    @Test
    void statsTabChartsPositionsPerPly() throws Exception {
        browser.get(url(""));
        waitForPly(0);
        browser.findElement(By.id("tab-stats")).click();
        new WebDriverWait(browser, Duration.ofSeconds(15))
                .until(d -> !d.findElements(By.cssSelector("#chart rect[data-ply]")).isEmpty());
        assertThat(browser.findElement(By.id("stats-table")).getText()).contains("games\n6");
        // every ply 1..40 has a position in a 6-game book cut at ply 40 (no game is shorter)
        assertThat(browser.findElements(By.cssSelector("#chart rect[data-ply]")))
                .hasSize(SmallBook.MAX_PLY);
        screenshot("explorer-stats.png");
    }
}
