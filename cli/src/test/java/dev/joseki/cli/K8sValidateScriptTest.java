package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * deploy/k8s/validate/validate.sh, run for real, so that CI sees the manifests checked against the
 * Kubernetes and Strimzi schemas (DeployManifestsTest checks what needs no schema). It needs
 * Node.js and npm, which this project's machines carry; the first run installs the script's npm
 * packages (its package-lock.json) from the npm registry into deploy/k8s/validate/node_modules,
 * later runs reuse them.
 */
class K8sValidateScriptTest {
    private static final Path K8S = Path.of("..", "deploy", "k8s").toAbsolutePath().normalize();
    private static final Path SCRIPT = K8S.resolve("validate").resolve("validate.sh");

    record Result(int status, String out, String err) {}

    private static void requireOnPath(String tool) {
        boolean found =
                List.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)).stream()
                        .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, tool)));
        assertThat(found)
                .as(
                        "%s is not on PATH: deploy/k8s/validate/validate.sh needs Node.js and npm"
                                + " (Debian: apt-get install -y nodejs npm)",
                        tool)
                .isTrue();
    }

    private static Result validate(String... args) throws Exception {
        requireOnPath("node");
        requireOnPath("npm");
        List<String> command = new ArrayList<>(List.of("/bin/bash", SCRIPT.toString()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile("k8s-validate", ".out"),
                err = Files.createTempFile("k8s-validate", ".err");
        try {
            Process p =
                    new ProcessBuilder(command)
                            .redirectOutput(out.toFile())
                            .redirectError(err.toFile())
                            .start();
            p.getOutputStream().close();
            // The first run's npm ci takes about 25 s; a hung registry must not hang the build.
            boolean finished = p.waitFor(300, TimeUnit.SECONDS);
            if (!finished) {
                p.destroyForcibly();
            }
            assertThat(finished).as("validate.sh finished within 300 s").isTrue();
            return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.delete(out);
            Files.delete(err);
        }
    }

    private static void copyManifests(Path to) throws IOException {
        try (var files = Files.list(K8S)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).toList()) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
    }

    private static void replace(Path file, String from, String to) throws IOException {
        String text = Files.readString(file);
        assertThat(text).as(file.getFileName().toString()).contains(from);
        Files.writeString(file, text.replaceFirst(Pattern.quote(from), to));
    }

    @Test
    void theManifestsMatchTheKubernetesAndStrimziSchemasAndNoneIsUnchecked() throws Exception {
        Result r = validate();
        assertThat(r.status()).as(r.out() + r.err()).isZero();
        // 23 objects: Namespace, Kustomization, KafkaNodePool, Kafka, twelve KafkaTopics (tasks,
        // games, eval tasks, evals, dead letters, retired runs, training tasks, training games,
        // training positions, engines, runs, workers; schemas in the npm packages), the
        // self-play Deployment and HorizontalPodAutoscaler, the Spark master Deployment and
        // Service, the Spark worker Deployment, the books PersistentVolumeClaim and the
        // book-builder Job.
        assertThat(r.out()).contains("checked 23, unchecked 0, invalid 0");
    }

    @Test
    void aWrongTypeInTheDeploymentAndAnUnknownListenerTypeInTheKafkaAreTwoInvalidObjects(
            @TempDir Path dir) throws Exception {
        copyManifests(dir);
        replace(dir.resolve("selfplay-worker.yaml"), "replicas: 2", "replicas: two");
        replace(dir.resolve("kafka.yaml"), "type: internal", "type: internl");
        Result r = validate(dir.toString());
        assertThat(r.status()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.out())
                .contains("invalid 2")
                .containsPattern(
                        "selfplay-worker.yaml: Deployment selfplay-worker: .*spec/replicas must be"
                                + " integer")
                .containsPattern(
                        "kafka.yaml: Kafka joseki: .*spec/kafka/listeners/0/type must be equal to"
                                + " one of");
    }
}
