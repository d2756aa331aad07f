package dev.joseki;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The dependency direction is one-way: records -> worker -> Kafka -> Spark -> RocksDB -> book reader ->
 * engine root. The rules, the notation and the engine never see infrastructure, and the rules do not
 * see notation (notation is built on the rules, not the other way round).
 */
class ArchitectureTest {
    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.joseki");

    @Test
    void rulesNotationAndEngineDoNotImportInfrastructure() {
        noClasses().that().resideInAnyPackage("dev.joseki.rules..", "dev.joseki.notation..", "dev.joseki.engine..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "org.apache.kafka..", "org.apache.spark..", "org.rocksdb..", "scala..")
                .allowEmptyShould(true)
                .check(MAIN);
    }

    @Test
    void onlyTheBookStorePackageUsesRocksDb() {
        noClasses().that().resideOutsideOfPackage("dev.joseki.book.store..")
                .should().dependOnClassesThat().resideInAnyPackage("org.rocksdb..")
                .check(MAIN);
    }

    @Test
    void bookLogicDoesNotImportKafkaOrSpark() {
        noClasses().that().resideInAPackage("dev.joseki.book..")
                .should().dependOnClassesThat().resideInAnyPackage("org.apache.kafka..", "org.apache.spark..", "scala..")
                .check(MAIN);
    }

    @Test
    void rulesDoNotDependOnNotationOrEngine() {
        noClasses().that().resideInAPackage("dev.joseki.rules..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.joseki.notation..", "dev.joseki.engine..")
                .check(MAIN);
    }
}
