package dev.joseki.book;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** Dependency direction: the game logic never sees Kafka, Spark or RocksDB; only book.store sees RocksDB. */
class BookArchitectureTest {
    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.joseki");

    @Test
    void rulesNotationAndEngineNeverImportKafkaSparkOrRocksDb() {
        noClasses().that().resideInAnyPackage("dev.joseki.rules..", "dev.joseki.notation..", "dev.joseki.engine..")
                .should().dependOnClassesThat()
                .resideInAnyPackage("org.rocksdb..", "org.apache.kafka..", "org.apache.spark..")
                .allowEmptyShould(true)
                .check(MAIN);
    }

    @Test
    void onlyTheBookStorePackageUsesRocksDb() {
        noClasses().that().resideOutsideOfPackage("dev.joseki.book.store..")
                .should().dependOnClassesThat().resideInAnyPackage("org.rocksdb..")
                .check(MAIN);
    }
}
