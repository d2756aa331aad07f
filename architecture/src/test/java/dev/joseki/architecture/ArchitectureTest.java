package dev.joseki.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The dependency rules of the whole project, checked over the main classes of every module (this
 * module depends on all of them). Dependencies point one way: rules → notation → engine / book →
 * engine.book → play → tournament → workers / builder → cli, with the Kafka settings and the
 * embedded broker ({@code kafka}, {@code broker}) beside them, and the evaluation trainer ({@code
 * learn}, over rules, notation and engine) used by the cli alone. Each infrastructure library is
 * allowed in named packages only, and no two packages depend on each other.
 */
class ArchitectureTest {
    private static final JavaClasses MAIN =
            new ClassFileImporter()
                    .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .importPackages("dev.joseki");

    /** Guards the rules below against an import that found only part of the project. */
    @Test
    void everyModulesMainClassesAreImported() {
        Set<String> packages = new TreeSet<>();
        for (JavaClass c : MAIN) {
            packages.add(c.getPackageName());
        }
        assertThat(packages)
                .contains(
                        "dev.joseki.rules",
                        "dev.joseki.notation",
                        "dev.joseki.engine",
                        "dev.joseki.learn",
                        "dev.joseki.book",
                        "dev.joseki.book.store",
                        "dev.joseki.play",
                        "dev.joseki.play.usi",
                        "dev.joseki.tournament",
                        "dev.joseki.tournament.stats",
                        "dev.joseki.tournament.report",
                        "dev.joseki.tournament.tune",
                        "dev.joseki.kafka",
                        "dev.joseki.broker",
                        "dev.joseki.selfplay",
                        "dev.joseki.selfplay.transactions",
                        "dev.joseki.book.builder",
                        "dev.joseki.cli",
                        "dev.joseki.cli.book",
                        "dev.joseki.cli.command",
                        "dev.joseki.cli.kafka",
                        "dev.joseki.cli.placement",
                        "dev.joseki.cli.explorer",
                        "dev.joseki.cli.room");
    }

    @Test
    void layersDependOnlyDownwards() {
        layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .layer("rules")
                .definedBy("dev.joseki.rules..")
                .layer("notation")
                .definedBy("dev.joseki.notation..")
                .layer("records")
                .definedBy("dev.joseki.records..")
                .layer("engine")
                .definedBy("dev.joseki.engine", "dev.joseki.engine.mate..")
                .layer("learn")
                .definedBy("dev.joseki.learn..")
                .layer("book")
                .definedBy(
                        "dev.joseki.book",
                        "dev.joseki.book.format..",
                        "dev.joseki.book.store..",
                        "dev.joseki.book.values..")
                .layer("engine.book")
                .definedBy("dev.joseki.engine.book..")
                .layer("play")
                .definedBy("dev.joseki.play..")
                .layer("tournament")
                .definedBy("dev.joseki.tournament..")
                .layer("kafka")
                .definedBy("dev.joseki.kafka..", "dev.joseki.broker..")
                .layer("workers")
                .definedBy("dev.joseki.selfplay..")
                .layer("builder")
                .definedBy("dev.joseki.book.builder..")
                .layer("cli")
                .definedBy("dev.joseki.cli..")
                .whereLayer("rules")
                .mayNotAccessAnyLayer()
                .whereLayer("notation")
                .mayOnlyAccessLayers("rules")
                .whereLayer("records")
                .mayOnlyAccessLayers("rules", "notation")
                .whereLayer("engine")
                .mayOnlyAccessLayers("rules", "notation")
                .whereLayer("learn")
                .mayOnlyAccessLayers("rules", "notation", "engine")
                .whereLayer("book")
                .mayOnlyAccessLayers("rules", "notation")
                .whereLayer("engine.book")
                .mayOnlyAccessLayers("rules", "notation", "engine", "book")
                .whereLayer("play")
                .mayOnlyAccessLayers(
                        "rules", "notation", "records", "engine", "book", "engine.book")
                .whereLayer("tournament")
                .mayOnlyAccessLayers(
                        "rules", "notation", "records", "engine", "book", "engine.book", "play")
                .whereLayer("kafka")
                .mayNotAccessAnyLayer()
                .whereLayer("workers")
                .mayOnlyAccessLayers(
                        "rules",
                        "notation",
                        "records",
                        "engine",
                        "book",
                        "engine.book",
                        "play",
                        "tournament",
                        "kafka")
                .whereLayer("builder")
                .mayOnlyAccessLayers("rules", "notation", "records", "book", "kafka")
                .whereLayer("cli")
                .mayNotBeAccessedByAnyLayer()
                .check(MAIN);
    }

    @Test
    void noPackageCycles() {
        slices().matching("dev.joseki.(**)").should().beFreeOfCycles().check(MAIN);
    }

    @Test
    void kafkaOnlyInTheKafkaSideOfTheProject() {
        noClasses()
                .that()
                .resideOutsideOfPackages(
                        "dev.joseki.kafka..",
                        "dev.joseki.broker..",
                        "dev.joseki.selfplay..",
                        "dev.joseki.book.builder..",
                        "dev.joseki.cli..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("org.apache.kafka..")
                .check(MAIN);
    }

    /**
     * The local cluster ({@code cli.cluster}) only finds Spark's jars to start Spark's own master
     * and worker.
     */
    @Test
    void sparkOnlyInTheBookBuilder() {
        noClasses()
                .that()
                .resideOutsideOfPackages("dev.joseki.book.builder..", "dev.joseki.cli.cluster..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("org.apache.spark..", "scala..")
                .check(MAIN);
    }

    @Test
    void rocksDbOnlyInTheBookStore() {
        noClasses()
                .that()
                .resideOutsideOfPackage("dev.joseki.book.store..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("org.rocksdb..")
                .check(MAIN);
    }

    @Test
    void jacksonOnlyInReportsTheBuilderAndTheCli() {
        noClasses()
                .that()
                .resideOutsideOfPackages(
                        "dev.joseki.tournament.report..",
                        "dev.joseki.book.builder..",
                        "dev.joseki.cli..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("com.fasterxml.jackson..")
                .check(MAIN);
    }

    @Test
    void picocliOnlyInTheCli() {
        noClasses()
                .that()
                .resideOutsideOfPackage("dev.joseki.cli..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("picocli..")
                .check(MAIN);
    }
}
