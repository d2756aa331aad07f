package dev.joseki.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;
import picocli.CommandLine;

/**
 * The deploy files stay in step with the code, without a container engine (CI has none): they
 * parse, declare the expected kinds, images, commands and environment, their commands are valid
 * ./joseki command lines, and the image packs what the launcher loads. deploy/podman/smoke.sh runs
 * the compose file for real; this test is what CI checks.
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

    private static Map<String, Object> named(
            List<Map<String, Object>> docs, String kind, String name) {
        return docs.stream()
                .filter(d -> kind.equals(d.get("kind")))
                .filter(d -> name.equals(map(d.get("metadata")).get("name")))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " " + name));
    }

    /** The first container of a Deployment's or Job's pod template. */
    private static Map<String, Object> container(Map<String, Object> workload) {
        return map(list(podSpec(workload).get("containers")).get(0));
    }

    private static Map<String, Object> podSpec(Map<String, Object> workload) {
        return map(map(map(workload.get("spec")).get("template")).get("spec"));
    }

    private static Map<String, Object> kind(List<Map<String, Object>> docs, String kind) {
        return docs.stream()
                .filter(d -> kind.equals(d.get("kind")))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind));
    }

    /**
     * Parses a command line as ./joseki would, without running it: a typo in a deploy file fails
     * here.
     */
    private static void assertParses(List<Object> command) {
        String[] args = command.stream().map(Object::toString).toArray(String[]::new);
        assertThat(new CommandLine(new Main()).parseArgs(args).hasSubcommand())
                .as(String.join(" ", args))
                .isTrue();
    }

    @Test
    void composeRunsBrokerWorkersSparkAndTheBookJobFromTheOneJosekiImage() throws IOException {
        Map<String, Object> compose =
                map(new Yaml().load(Files.readString(DEPLOY.resolve("docker/docker-compose.yml"))));
        Map<String, Object> services = map(compose.get("services"));
        assertThat(services)
                .containsOnlyKeys(
                        "kafka",
                        "selfplay-worker",
                        "spark-master",
                        "spark-worker",
                        "book-builder",
                        "joseki");
        // No registry image: everything runs from the image the Dockerfile builds (smoke.sh runs it
        // offline).
        assertThat(services.values())
                .allSatisfy(s -> assertThat(map(s)).containsEntry("image", "joseki:0.1.0"));

        List<Object> broker = list(map(services.get("kafka")).get("command"));
        assertThat(broker)
                .containsSubsequence("broker", "--host", "0.0.0.0")
                .containsSubsequence("--advertise", "kafka")
                .containsSubsequence("--port", "9092");
        // The clients' bootstrap address is the name and port the broker advertises.
        for (String client : List.of("selfplay-worker", "book-builder", "joseki")) {
            assertThat(map(map(services.get(client)).get("environment")))
                    .as(client)
                    .containsEntry("JOSEKI_BOOTSTRAP_SERVERS", "kafka:9092");
        }
        List<Object> worker = list(map(services.get("selfplay-worker")).get("command"));
        assertThat(worker.get(0)).isEqualTo("worker");
        List<Object> book = list(map(services.get("book-builder")).get("command"));
        assertThat(book)
                .containsSubsequence("book", "build", "--from-kafka")
                .containsSubsequence("--master", "spark://spark-master:7077")
                .containsSubsequence("--out", "/books/current");
        // The master announces --host, its service's name; workers find it by the same name.
        Map<String, Object> master = map(services.get("spark-master"));
        assertThat(master).containsEntry("hostname", "spark-master");
        List<Object> sparkMaster = list(master.get("command"));
        assertThat(sparkMaster)
                .containsSubsequence("spark", "master", "--host", "spark-master")
                .containsSubsequence("--port", "7077");
        List<Object> sparkWorker = list(map(services.get("spark-worker")).get("command"));
        assertThat(sparkWorker).containsSubsequence("spark", "worker", "spark://spark-master:7077");
        // Executors write the SST files the driver ingests: the same volume at the same path.
        for (String s : List.of("spark-worker", "book-builder")) {
            assertThat(list(map(services.get(s)).get("volumes"))).as(s).contains("books:/books");
        }
        for (List<Object> command : List.of(broker, worker, book, sparkMaster, sparkWorker)) {
            assertParses(command);
        }
    }

    @Test
    void kubernetesManifestsDeclareTheExpectedKinds() throws IOException {
        List<Map<String, Object>> docs = k8sDocuments();
        assertThat(docs).allSatisfy(d -> assertThat(d).containsKeys("apiVersion", "kind"));
        assertThat(docs)
                .filteredOn(d -> !"Kustomization".equals(d.get("kind")))
                .allSatisfy(d -> assertThat(d).containsKey("metadata"));
        assertThat(docs)
                .extracting(d -> d.get("kind"))
                .contains(
                        "Deployment",
                        "HorizontalPodAutoscaler",
                        "Kafka",
                        "KafkaNodePool",
                        "KafkaTopic",
                        "Service",
                        "Job",
                        "PersistentVolumeClaim");

        Map<String, Object> deployment = named(docs, "Deployment", "selfplay-worker");
        Map<String, Object> container = container(deployment);
        assertThat(list(container.get("args")).get(0)).isEqualTo("worker");
        assertThat(map(map(container.get("resources")).get("limits")))
                .containsKeys("cpu", "memory");
        assertThat(list(container.get("env")))
                .anySatisfy(
                        e -> assertThat(map(e)).containsEntry("name", "JOSEKI_BOOTSTRAP_SERVERS"));

        Map<String, Object> hpa = kind(docs, "HorizontalPodAutoscaler");
        assertThat(map(map(hpa.get("spec")).get("scaleTargetRef")))
                .containsEntry("kind", "Deployment")
                .containsEntry("name", map(deployment.get("metadata")).get("name"));

        // Topic names and partition counts must be the ones the workers use.
        dev.joseki.kafka.Topics topics = dev.joseki.kafka.Topics.DEFAULT;
        assertThat(docs)
                .filteredOn(d -> "KafkaTopic".equals(d.get("kind")))
                .extracting(d -> map(d.get("metadata")).get("name"))
                .containsExactlyInAnyOrder(
                        topics.tasks(),
                        topics.games(),
                        topics.deadLetter(),
                        topics.evalTasks(),
                        topics.evals(),
                        topics.trainTasks(),
                        topics.trainGames(),
                        topics.positions(),
                        topics.retiredRuns(),
                        topics.engines(),
                        topics.runs(),
                        topics.workers());
        assertThat(docs)
                .filteredOn(d -> "KafkaTopic".equals(d.get("kind")))
                .filteredOn(d -> topics.taskTopics().contains(map(d.get("metadata")).get("name")))
                .hasSize(3)
                .allSatisfy(
                        d ->
                                assertThat(map(d.get("spec")).get("partitions"))
                                        .isEqualTo(topics.taskPartitions()));

        // The book job submits to the standalone master's Service; the workers' executors and the
        // driver share the books claim at one path.
        assertThat(list(container(named(docs, "Job", "book-builder")).get("args")))
                .containsSubsequence("book", "build")
                .containsSubsequence("--master", "spark://spark-master:7077");
        Map<String, Object> service = named(docs, "Service", "spark-master");
        assertThat(list(map(service.get("spec")).get("ports")))
                .anySatisfy(p -> assertThat(map(p)).containsEntry("port", 7077));
        assertThat(podSpec(named(docs, "Deployment", "spark-master")))
                .containsEntry("hostname", "spark-master");
        assertThat(map(named(docs, "Deployment", "spark-worker").get("spec")))
                .containsEntry("replicas", 2);
        for (Map<String, Object> w :
                List.of(
                        named(docs, "Deployment", "spark-worker"),
                        named(docs, "Job", "book-builder"))) {
            assertThat(list(container(w).get("volumeMounts")))
                    .anySatisfy(m -> assertThat(map(m)).containsEntry("mountPath", "/books"));
            assertThat(list(podSpec(w).get("volumes")))
                    .anySatisfy(
                            v ->
                                    assertThat(map(map(v).get("persistentVolumeClaim")))
                                            .containsEntry("claimName", "joseki-books"));
        }
    }

    @Test
    void dockerfilePacksWhatTheLauncherAndBrokerLoadOnABaseGivenAsBuildArgument()
            throws IOException {
        String dockerfile = Files.readString(DEPLOY.resolve("docker/Dockerfile"));
        assertThat(
                        Pattern.compile("^FROM ", Pattern.MULTILINE)
                                .matcher(dockerfile)
                                .results()
                                .map(MatchResult::group))
                .hasSize(1);
        assertThat(dockerfile)
                .contains("ARG BASE=eclipse-temurin:17-jre")
                .contains("FROM ${BASE}")
                .contains("ENTRYPOINT [\"/opt/joseki/joseki\"]");
        // The launcher's jar and class path (./joseki) and the broker's jars and log settings
        // (KafkaBroker).
        String launcher = Files.readString(Path.of("..", "joseki"));
        assertThat(launcher)
                .contains("$ROOT/cli/target/joseki-cli.jar")
                .contains("$ROOT/cli/target/lib");
        List<String> sources = new ArrayList<>();
        Matcher copy = Pattern.compile("^COPY (\\S+) ", Pattern.MULTILINE).matcher(dockerfile);
        while (copy.find()) {
            sources.add(copy.group(1));
        }
        assertThat(sources)
                .containsExactlyInAnyOrder(
                        "joseki",
                        "broker/conf",
                        "broker/target/lib",
                        "cli/target/lib",
                        "cli/target/joseki-cli.jar");
        assertThat(Path.of("..", "broker/conf/log4j2.properties")).exists();
        // .dockerignore sends exactly these paths to the builder: everything else is excluded.
        List<String> ignore =
                Files.readAllLines(Path.of("..", ".dockerignore")).stream()
                        .filter(l -> !l.isBlank() && !l.startsWith("#"))
                        .toList();
        assertThat(ignore.get(0)).isEqualTo("*");
        assertThat(ignore.subList(1, ignore.size()))
                .containsExactlyInAnyOrderElementsOf(
                        sources.stream().map(src -> "!" + src).toList());
    }

    private static String pomProperty(String name) throws IOException {
        Matcher m =
                Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</")
                        .matcher(Files.readString(Path.of("..", "pom.xml")));
        assertThat(m.find()).as(name + " in pom.xml").isTrue();
        return m.group(1);
    }

    @Test
    void theKafkaOperatorRunsTheKafkaVersionTheProjectBuildsAgainst() throws IOException {
        List<Map<String, Object>> docs = k8sDocuments();
        // Strimzi 1.x serves only kafka.strimzi.io/v1 (v1beta2 was removed in 1.0.0).
        assertThat(docs)
                .filteredOn(d -> d.get("apiVersion").toString().startsWith("kafka.strimzi.io/"))
                .extracting(d -> d.get("apiVersion"))
                .containsOnly("kafka.strimzi.io/v1");
        assertThat(map(map(kind(docs, "Kafka").get("spec")).get("kafka")).get("version").toString())
                .isEqualTo(pomProperty("kafka.version"));
    }

    @Test
    void kubernetesCommandsAreJosekiCommandLines() throws IOException {
        List<Map<String, Object>> docs = k8sDocuments();
        for (String[] workload :
                new String[][] {
                    {"Deployment", "selfplay-worker"},
                    {"Deployment", "spark-master"},
                    {"Deployment", "spark-worker"},
                    {"Job", "book-builder"}
                }) {
            assertParses(list(container(named(docs, workload[0], workload[1])).get("args")));
        }
    }
}
