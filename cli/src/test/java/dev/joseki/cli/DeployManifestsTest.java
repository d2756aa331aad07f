package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * No Docker engine or Kubernetes runs on the development machine, so the deploy files are checked for
 * what can be checked without them: they parse, declare the expected kinds, images, ports, commands and
 * environment, and stay in step with the Maven modules and the CLI.
 */
class DeployManifestsTest {
    private static final Path DEPLOY = Path.of("..", "deploy");

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object o) {
        return (List<Object>) o;
    }

    private static List<Map<String, Object>> k8sDocuments() throws IOException {
        List<Map<String, Object>> docs = new ArrayList<>();
        try (var files = Files.list(DEPLOY.resolve("k8s"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                for (Object doc : new Yaml().loadAll(Files.readString(f))) {
                    docs.add(map(doc));
                }
            }
        }
        return docs;
    }

    private static Map<String, Object> kind(List<Map<String, Object>> docs, String kind) {
        return docs.stream().filter(d -> kind.equals(d.get("kind"))).findFirst().orElseThrow(
                () -> new AssertionError("no " + kind));
    }

    @Test
    void composeDeclaresBrokerSparkWorkersAndTheBookJob() throws IOException {
        Map<String, Object> compose = map(new Yaml().load(Files.readString(DEPLOY.resolve("docker/docker-compose.yml"))));
        Map<String, Object> services = map(compose.get("services"));
        assertThat(services).containsKeys("kafka", "spark-master", "spark-worker", "selfplay-worker", "book-builder");
        assertThat(map(services.get("kafka")).get("image").toString()).startsWith("apache/kafka:");
        assertThat(list(map(services.get("kafka")).get("ports"))).contains("9092:9092");
        assertThat(list(map(services.get("spark-master")).get("ports"))).contains("7077:7077");
        Map<String, Object> worker = map(services.get("selfplay-worker"));
        assertThat(list(worker.get("command")).get(0)).isEqualTo("worker");
        assertThat(map(worker.get("environment"))).containsEntry("JOSEKI_BOOTSTRAP_SERVERS", "kafka:9092");
        assertThat(list(map(services.get("book-builder")).get("command")))
                .containsSubsequence("book", "build", "--from-kafka", "--master", "spark://spark-master:7077");
    }

    @Test
    void kubernetesManifestsDeclareTheExpectedKinds() throws IOException {
        List<Map<String, Object>> docs = k8sDocuments();
        assertThat(docs).allSatisfy(d -> assertThat(d).containsKeys("apiVersion", "kind"));
        assertThat(docs).filteredOn(d -> !"Kustomization".equals(d.get("kind")))
                .allSatisfy(d -> assertThat(d).containsKey("metadata"));
        assertThat(docs).extracting(d -> d.get("kind")).contains("Deployment", "HorizontalPodAutoscaler",
                "Kafka", "KafkaNodePool", "KafkaTopic", "SparkApplication", "PersistentVolumeClaim");

        Map<String, Object> deployment = kind(docs, "Deployment");
        Map<String, Object> podSpec = map(map(map(deployment.get("spec")).get("template")).get("spec"));
        Map<String, Object> container = map(list(podSpec.get("containers")).get(0));
        assertThat(list(container.get("args")).get(0)).isEqualTo("worker");
        assertThat(map(map(container.get("resources")).get("limits"))).containsKeys("cpu", "memory");
        assertThat(list(container.get("env"))).anySatisfy(e -> assertThat(map(e)).containsEntry("name", "JOSEKI_BOOTSTRAP_SERVERS"));

        Map<String, Object> hpa = kind(docs, "HorizontalPodAutoscaler");
        assertThat(map(map(hpa.get("spec")).get("scaleTargetRef"))).containsEntry("kind", "Deployment")
                .containsEntry("name", map(deployment.get("metadata")).get("name"));

        // Topic names and partition counts must be the ones the workers use.
        dev.joseki.kafka.Topics topics = dev.joseki.kafka.Topics.DEFAULT;
        assertThat(docs).filteredOn(d -> "KafkaTopic".equals(d.get("kind")))
                .extracting(d -> map(d.get("metadata")).get("name"))
                .containsExactlyInAnyOrder(topics.tasks(), topics.games(), topics.deadLetter(), topics.evalTasks(),
                        topics.evals());
        assertThat(docs).filteredOn(d -> "KafkaTopic".equals(d.get("kind")))
                .filteredOn(d -> topics.taskTopics().contains(map(d.get("metadata")).get("name")))
                .hasSize(2)
                .allSatisfy(d -> assertThat(map(d.get("spec")).get("partitions")).isEqualTo(topics.taskPartitions()));

        Map<String, Object> spark = map(kind(docs, "SparkApplication").get("spec"));
        assertThat(spark.get("mainClass")).isEqualTo(Main.class.getName());
        assertThat(list(spark.get("arguments"))).containsSubsequence("book", "build");
    }

    @Test
    void dockerfileIsMultiStageAndCopiesEveryMavenModule() throws IOException {
        String dockerfile = Files.readString(DEPLOY.resolve("docker/Dockerfile"));
        assertThat(Pattern.compile("^FROM ", Pattern.MULTILINE).matcher(dockerfile).results().count()).isEqualTo(2);
        assertThat(dockerfile).contains("ENTRYPOINT").contains(Main.class.getName());
        Matcher modules = Pattern.compile("<module>([^<]+)</module>").matcher(Files.readString(Path.of("..", "pom.xml")));
        while (modules.find()) {
            String module = modules.group(1);
            assertThat(dockerfile).as("Dockerfile copies " + module + "/pom.xml").contains("COPY " + module + "/pom.xml");
            assertThat(Path.of("..", module, "pom.xml")).exists();
        }
    }
}
