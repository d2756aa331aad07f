package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * deploy/ci/install-browser.sh (run by explorer-it before the browser test) on a PATH of our
 * making: no apt-get, no root, and an apt-get that finds the dpkg lock busy. The fake apt-get and
 * id are shell scripts that record their calls; nothing is installed. The build side (skipped with
 * -DskipTests) is checked in explorer-it/pom.xml below.
 */
class InstallBrowserScriptTest {
    private static final Path SCRIPT =
            Path.of("..", "deploy", "ci", "install-browser.sh").toAbsolutePath();
    private static final List<String> TOOLS =
            List.of("bash", "grep", "mktemp", "rm", "sleep", "cat");

    record Result(int status, String err) {}

    private static Path bin(Path dir) throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        for (String t : TOOLS) {
            for (String d : List.of("/usr/bin", "/bin")) {
                Path real = Path.of(d, t);
                if (Files.isExecutable(real)) {
                    Files.createSymbolicLink(bin.resolve(t), real);
                    break;
                }
            }
        }
        script(bin, "id", "echo 0");
        return bin;
    }

    private static void script(Path bin, String name, String body) throws IOException {
        Path f = bin.resolve(name);
        Files.deleteIfExists(f);
        Files.writeString(f, "#!/bin/bash\n" + body + "\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static Result run(Path bin, String tries) throws Exception {
        ProcessBuilder pb =
                new ProcessBuilder("/bin/bash", SCRIPT.toString()).redirectErrorStream(false);
        pb.environment().put("PATH", bin.toString());
        pb.environment().put("JOSEKI_APT_LOCK_WAIT", "0");
        pb.environment().put("JOSEKI_APT_LOCK_TRIES", tries);
        Process p = pb.start();
        p.getOutputStream().close();
        byte[] err = p.getErrorStream().readAllBytes();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return new Result(p.exitValue(), new String(err, StandardCharsets.UTF_8));
    }

    /**
     * An apt-get that fails on the dpkg lock the first {@code busy} times, then logs its arguments.
     */
    private static void aptGet(Path bin, int busy) throws IOException {
        Path count = bin.resolveSibling("count"), calls = bin.resolveSibling("calls");
        script(
                bin,
                "apt-get",
                "n=$(cat "
                        + count
                        + " 2>/dev/null || echo 0); echo $((n+1)) > "
                        + count
                        + "\n"
                        + "if [ \"$n\" -lt "
                        + busy
                        + " ]; then\n"
                        + "  echo 'E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by"
                        + " process 42 (apt-get)' >&2; exit 100\n"
                        + "fi\n"
                        + "echo \"$*\" >> "
                        + calls);
    }

    @Test
    void withoutAptGetItSaysWhatTheTestNeedsAndHowToBuildWithoutIt(@TempDir Path dir)
            throws Exception {
        Result r = run(bin(dir), "3");
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.err())
                .contains("no apt-get")
                .contains("chromium")
                .contains("chromedriver")
                .contains("fonts-ipafont-gothic")
                .contains("-DskipTests");
    }

    @Test
    void withoutRootOrSudoItSaysThatInstallingTakesRoot(@TempDir Path dir) throws Exception {
        Path bin = bin(dir);
        script(bin, "id", "echo 1000");
        aptGet(bin, 0);
        Result r = run(bin, "3");
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.err())
                .contains("takes root")
                .contains("apt-get install chromium chromium-driver fonts-ipafont-gothic");
        assertThat(dir.resolve("calls")).doesNotExist();
    }

    @Test
    void aBusyDpkgLockIsWaitedOutWithAMessageThenThePackagesAreInstalled(@TempDir Path dir)
            throws Exception {
        Path bin = bin(dir);
        aptGet(bin, 2);
        Result r = run(bin, "5");
        assertThat(r.status()).isEqualTo(0);
        assertThat(r.err())
                .contains("apt/dpkg is locked by another process")
                .contains("attempt 1 of 5")
                .contains("attempt 2 of 5")
                .doesNotContain("attempt 3 of 5");
        assertThat(Files.readAllLines(dir.resolve("calls")))
                .containsExactly(
                        "update -qq",
                        "install -y -qq --no-install-recommends chromium chromium-driver"
                                + " fonts-ipafont-gothic");
    }

    @Test
    void aLockThatStaysBusyFailsAfterTheLastAttemptSayingSo(@TempDir Path dir) throws Exception {
        Path bin = bin(dir);
        aptGet(bin, 100);
        Result r = run(bin, "3");
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.err()).contains("still locked by another process after 3 attempts");
        assertThat(Files.readString(dir.resolve("count")).trim()).isEqualTo("3");
    }

    @Test
    void theBuildRunsTheScriptOnlyWhenTestsRun() throws IOException {
        String pom = Files.readString(Path.of("..", "explorer-it", "pom.xml"));
        String execution =
                pom.substring(pom.indexOf("<id>install-browser</id>"), pom.indexOf("</execution>"));
        assertThat(execution).contains("<skip>${skipTests}</skip>").contains("install-browser.sh");
        assertThat(pom).contains("<skipTests>false</skipTests>");
    }
}
