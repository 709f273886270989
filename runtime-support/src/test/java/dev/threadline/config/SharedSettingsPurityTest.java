package dev.threadline.config;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The settings every service shares — limits, budgets, the file quota, ids — reach no Kafka class,
 * not even through what they use: the thread machine reads them, and must stay free of Kafka. The
 * Kafka clients' and Streams' own settings live in {@code dev.threadline.kafka}.
 */
class SharedSettingsPurityTest {
  @Test
  void theSharedSettingsReachNoKafkaClass() {
    noClasses()
        .that()
        .resideInAnyPackage(
            "dev.threadline.config..", "dev.threadline.files..", "dev.threadline.keys..")
        .should()
        .transitivelyDependOnClassesThat()
        .resideInAPackage("org.apache.kafka..")
        .check(
            new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.threadline"));
  }
}
