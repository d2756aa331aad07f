package dev.joseki.room;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.joseki.broker.KafkaBroker;
import dev.joseki.cli.Main;
import dev.joseki.cli.room.ControlRoom;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.selfplay.WorkerMain;
import java.io.File;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.FluentWait;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The control room (./joseki serve) in a real headless Chromium over a real broker, two worker JVMs
 * and real tournaments: a decided one (a strong player against a weak one, SPRT H1) and a long
 * running one, stopped from the page. The run page's figures are compared with the results.json
 * each tournament wrote. Screenshots go to docs/images/serve-*.png (docs/serve.md).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RoomBrowserTest {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium"),
            CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    static final Path IMAGES = Path.of("..", "docs", "images");
    static final String PREFIX = "room", GROUP = "room-workers", TOKEN = "room-browser-token";
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir static Path dir;
    static KafkaBroker broker;
    static final Process[] workers = new Process[2];
    static ControlRoom room;
    static ChromeDriverService service;
    static WebDriver browser;
    static CompletableFuture<Integer> running;

    @BeforeAll
    static void start() throws Exception {
        assertThat(CHROMIUM).as("Chromium (run deploy/ci/install-browser.sh)").exists();
        broker = KafkaBroker.temporary(Map.of());
        broker.start();
        Topics.withPrefix(PREFIX).ensure(KafkaSettings.of(broker.bootstrapServers()));
        for (int i = 0; i < workers.length; i++) {
            workers[i] = worker(i);
        }
        room =
                ControlRoom.start(
                        KafkaSettings.of(broker.bootstrapServers()),
                        Topics.withPrefix(PREFIX),
                        new InetSocketAddress("127.0.0.1", 0),
                        List.of(),
                        TOKEN);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
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

    static Process worker(int i) throws Exception {
        return new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx256m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        WorkerMain.class.getName(),
                        "--bootstrap-servers",
                        broker.bootstrapServers(),
                        "--concurrency",
                        "1",
                        "--group",
                        GROUP,
                        "--topic-prefix",
                        PREFIX)
                .redirectErrorStream(true)
                .redirectOutput(
                        ProcessBuilder.Redirect.appendTo(
                                dir.resolve("worker-" + i + ".log").toFile()))
                .start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (browser != null) {
            browser.quit();
        }
        if (service != null) {
            service.stop();
        }
        if (running != null && !running.isDone()) {
            Main.run(tournament("run", "stop", "long").toArray(String[]::new));
        }
        if (room != null) {
            room.close();
        }
        for (Process w : workers) {
            if (w != null) {
                w.destroyForcibly().waitFor();
            }
        }
        if (broker != null) {
            broker.close();
        }
    }

    /** A command line on this test's broker, topics and workers. */
    static List<String> tournament(String... args) {
        List<String> a = new ArrayList<>(List.of(args));
        a.addAll(
                List.of(
                        "--bootstrap-servers",
                        broker.bootstrapServers(),
                        "--topic-prefix",
                        PREFIX,
                        "--group",
                        GROUP));
        return a;
    }

    static List<String> match(String name, String sprt, int games, String a, String b) {
        return tournament(
                "tournament",
                "--engine",
                a,
                "--engine",
                b,
                "--games",
                String.valueOf(games),
                "--sprt",
                sprt,
                "--max-plies",
                "160",
                "--in-flight",
                "4",
                "--name",
                name,
                "--out",
                dir.resolve(name).toString());
    }

    static String url(String page) {
        return "http://127.0.0.1:" + room.port() + "/" + page;
    }

    /**
     * A wait that looks again when the page redrew what it was reading (the pages redraw at each
     * change of the view).
     */
    static FluentWait<WebDriver> waiting(int seconds) {
        return new WebDriverWait(browser, Duration.ofSeconds(seconds))
                .ignoring(StaleElementReferenceException.class);
    }

    static JsonNode results(String name) throws Exception {
        return JSON.readTree(dir.resolve(name).resolve("results.json").toFile());
    }

    static JsonNode api(String path) throws Exception {
        HttpResponse<String> r =
                HttpClient.newHttpClient()
                        .send(
                                HttpRequest.newBuilder(URI.create(url(path.substring(1)))).build(),
                                HttpResponse.BodyHandlers.ofString());
        return JSON.readTree(r.body());
    }

    static void screenshot(String name) throws Exception {
        Files.createDirectories(IMAGES);
        File shot = ((ChromeDriver) browser).getScreenshotAs(OutputType.FILE);
        Path png = IMAGES.resolve(name);
        Files.copy(shot.toPath(), png, StandardCopyOption.REPLACE_EXISTING);
        assertThat(Files.size(png)).isGreaterThan(10_000);
    }

    static String figure(String key) {
        return browser.findElement(
                        By.cssSelector("#figures tr[data-key='" + key + "'] td:last-child"))
                .getText();
    }

    /** As the page's JavaScript prints it (toFixed), where -0 reads 0. */
    static String f(double v, int digits) {
        return String.format(Locale.ROOT, "%." + digits + "f", v + 0.0);
    }

    /** The standings, Elo, W-D-L, pentanomial and LLR the run page shows equal results.json's. */
    static void assertFiguresEqual(JsonNode results) {
        List<String> shown = new ArrayList<>(), written = new ArrayList<>();
        for (WebElement tr : browser.findElements(By.cssSelector("#standings tbody tr"))) {
            shown.add(tr.getText());
        }
        for (JsonNode p : results.get("players")) {
            written.add(
                    String.join(
                            " ",
                            p.get("name").asText(),
                            p.get("games").asText(),
                            p.get("wins").asText(),
                            p.get("losses").asText(),
                            p.get("draws").asText(),
                            // as the page's JavaScript prints a number: 222, 20.5
                            java.math.BigDecimal.valueOf(p.get("points").asDouble())
                                    .stripTrailingZeros()
                                    .toPlainString()));
        }
        assertThat(shown).isEqualTo(written);
        JsonNode e = results.get("elo");
        assertThat(figure("elo"))
                .startsWith(
                        f(e.get("elo").asDouble(), 1)
                                + (e.get("error").isNull()
                                        ? ""
                                        : " ± " + f(e.get("error").asDouble(), 1)));
        JsonNode tri = e.get("trinomial");
        assertThat(figure("wdl")).isEqualTo(tri.get(2) + "-" + tri.get(1) + "-" + tri.get(0));
        List<String> penta = new ArrayList<>();
        e.get("pentanomial").forEach(c -> penta.add(c.asText()));
        assertThat(figure("pentanomial")).isEqualTo(String.join(", ", penta));
        JsonNode s = results.get("sprt");
        assertThat(figure("llr"))
                .isEqualTo(
                        f(s.get("llr").asDouble(), 2)
                                + " ("
                                + f(s.get("lower_bound").asDouble(), 2)
                                + ", "
                                + f(s.get("upper_bound").asDouble(), 2)
                                + ") "
                                + s.get("decision").asText());
    }

    static long pairs(JsonNode results) {
        long n = 0;
        for (JsonNode c : results.at("/elo/pentanomial")) {
            n += c.asLong();
        }
        return n;
    }

    @Test
    @Order(1)
    void aDecidedTournamentShowsTheFiguresOfItsReport() throws Exception {
        // 1. A strong player against a weak one: the SPRT accepts H1 within a few pairs.
        int code =
                Main.run(
                        match(
                                        "decided",
                                        "elo0=0,elo1=100,alpha=0.05,beta=0.05",
                                        200,
                                        "name=strong builtin nodes=3000",
                                        "name=weak builtin nodes=30")
                                .toArray(String[]::new));
        assertThat(code).isZero();
        JsonNode results = results("decided");
        assertThat(results.get("end").asText()).isEqualTo("sprt_decided");

        // 2. The run page, once it has every game the report counted.
        browser.get(url("run.html#decided"));
        waiting(60)
                .until(
                        d ->
                                "decided H1"
                                                .equals(
                                                        d.findElement(By.tagName("body"))
                                                                .getDomAttribute("data-status"))
                                        && String.valueOf(pairs(results))
                                                .equals(
                                                        d.findElement(By.tagName("body"))
                                                                .getDomAttribute("data-pairs")));
        assertFiguresEqual(results);
        // the whole report as the API gives it is the file the tournament wrote
        assertThat(api("/api/runs/decided").at("/run/report")).isEqualTo(results);

        // 3. The chart: one LLR point per game pair, the last one at the report's LLR.
        List<WebElement> points = browser.findElements(By.cssSelector("#chart circle.llr-point"));
        assertThat(points).hasSize((int) pairs(results));
        assertThat(Double.parseDouble(points.get(points.size() - 1).getDomAttribute("data-llr")))
                .isEqualTo(results.at("/sprt/llr").asDouble());

        ((ChromeDriver) browser).executeScript("window.scrollTo(0, 0)");
        screenshot("serve-run.png");

        // 4. Replay the last game listed: its board after the last move, then back to the start.
        // (the games table may redraw between finding the link and clicking it: look again)
        waiting(15)
                .until(
                        d -> {
                            d.findElement(By.cssSelector("#games tbody tr a.replay")).click();
                            return true;
                        });
        WebElement replay = browser.findElement(By.id("replay"));
        waiting(15).until(d -> replay.isDisplayed() && replay.getDomAttribute("data-ply") != null);
        int plies = Integer.parseInt(replay.getDomAttribute("data-ply"));
        assertThat(plies).isPositive();
        assertThat(browser.findElements(By.cssSelector("#movelist li"))).hasSize(plies);
        browser.findElement(By.id("first")).click();
        waiting(15).until(d -> "0".equals(replay.getDomAttribute("data-ply")));
        assertThat(
                        browser.findElement(By.cssSelector("rect[data-square='7g']"))
                                .getDomAttribute("data-piece"))
                .isEqualTo("P");
        browser.findElement(By.id("last")).click();
        waiting(15).until(d -> String.valueOf(plies).equals(replay.getDomAttribute("data-ply")));
        screenshot("serve-replay.png");
    }

    @Test
    @Order(2)
    void theRunsPageListsARunningTournamentADecidedOneAndASelfPlayRun() throws Exception {
        // Two equal players and a narrow SPRT: running for much longer than this test.
        running =
                CompletableFuture.supplyAsync(
                        () ->
                                Main.run(
                                        match(
                                                        "long",
                                                        "elo0=0,elo1=2,alpha=0.05,beta=0.05",
                                                        2000,
                                                        "name=left builtin nodes=200",
                                                        "name=right builtin nodes=200")
                                                .toArray(String[]::new)));
        browser.get(url("runs.html"));
        waiting(60)
                .until(
                        d ->
                                !d.findElements(
                                                        By.cssSelector(
                                                                "#runs"
                                                                    + " tr[data-run='long'][data-status='running']"))
                                                .isEmpty()
                                        && !d.findElements(
                                                        By.cssSelector(
                                                                "#runs"
                                                                    + " tr[data-run='decided'][data-status='decided"
                                                                    + " H1']"))
                                                .isEmpty());
        // the running one shows games coming in without a reload (the table is redrawn at each
        // update: the cell is found again each time)
        By games = By.cssSelector("#runs tr[data-run='long'] td:nth-child(6)");
        String shown =
                waiting(120)
                        .until(
                                d -> {
                                    String t = d.findElement(games).getText();
                                    return t.startsWith("0 /") ? null : t;
                                });
        assertThat(shown).endsWith("/ 2000");
        // a self-play run enqueued on the same workers is listed with its kind
        assertThat(
                        Main.run(
                                tournament("selfplay", "--games", "2", "--nodes", "100")
                                        .toArray(String[]::new)))
                .isZero();
        waiting(60)
                .until(
                        d ->
                                !d.findElements(
                                                By.xpath(
                                                        "//table[@id='runs']//tr/td[2][text()='selfplay']"))
                                        .isEmpty());
        screenshot("serve-runs.png");
    }

    @Test
    @Order(3)
    void theWorkersPageShowsTwoWorkersThenOneAfterASigkill() throws Exception {
        browser.get(url("workers.html"));
        By alive = By.cssSelector("#workers tr[data-state='alive']");
        waiting(60).until(d -> d.findElements(alive).size() == 2);
        screenshot("serve-workers.png");
        long pid = workers[1].pid();
        workers[1].destroyForcibly().waitFor(); // SIGKILL: no goodbye, the heartbeats just stop
        // lost within three heartbeat intervals (9 s), and the page follows without a reload
        waiting(30).until(d -> d.findElements(alive).size() == 1);
        WebElement lost = browser.findElement(By.cssSelector("#workers tr[data-state='lost']"));
        assertThat(lost.findElements(By.tagName("td")).get(2).getText())
                .isEqualTo(String.valueOf(pid));
    }

    @Test
    @Order(4)
    void stoppingARunNeedsTheTokenAndEndsItWithItsReport() throws Exception {
        browser.get(url("run.html#long"));
        waiting(30)
                .until(
                        d ->
                                "running"
                                        .equals(
                                                d.findElement(By.tagName("body"))
                                                        .getDomAttribute("data-status")));
        WebElement token = browser.findElement(By.id("token"));
        WebElement result = browser.findElement(By.id("stop-result"));
        // without the token, then with a wrong one: refused, the run goes on
        token.clear();
        browser.findElement(By.id("stop")).click();
        waiting(15).until(d -> result.getText().contains("needs the token"));
        token.sendKeys("not-the-token");
        browser.findElement(By.id("stop")).click();
        waiting(15).until(d -> result.getText().equals("wrong token"));
        assertThat(running).isNotDone();
        // with it: the tournament ends as interrupted and writes its report
        token.clear();
        token.sendKeys(TOKEN);
        browser.findElement(By.id("stop")).click();
        // the server asks the broker for the task topics' ends, then sends the marker (15 s at
        // most): on a loaded machine that alone can pass 15 s. The answer must stay in view after
        // the run has stopped and the stop box has gone (a stop quicker than one poll hid it)
        waiting(90)
                .withMessage(() -> "the stop result still reads '" + result.getText() + "'")
                .until(d -> result.getText().startsWith("stopping"));
        assertThat(running.get(120, java.util.concurrent.TimeUnit.SECONDS)).isZero();
        JsonNode results = results("long");
        assertThat(results.get("end").asText()).isEqualTo("interrupted");
        waiting(60)
                .until(
                        d ->
                                "stopped"
                                                .equals(
                                                        d.findElement(By.tagName("body"))
                                                                .getDomAttribute("data-status"))
                                        && String.valueOf(pairs(results))
                                                .equals(
                                                        d.findElement(By.tagName("body"))
                                                                .getDomAttribute("data-pairs")));
        assertFiguresEqual(results);
        assertThat(result.getText()).as("the stop's answer, once stopped").startsWith("stopping");
    }
}
