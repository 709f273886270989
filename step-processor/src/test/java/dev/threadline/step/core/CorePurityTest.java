package dev.threadline.step.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Principle 2: the core imports no Kafka, Avro or Quarkus, and reads no clock or randomness — not
 * itself, and not through what it uses (the shared settings, limits and ids it reads).
 */
class CorePurityTest {
  private static final Path CORE = Path.of("src/main/java/dev/threadline/step/core");
  private static final List<String> FORBIDDEN =
      List.of(
          "import org.apache.kafka",
          "import org.apache.avro",
          "import io.quarkus",
          "import dev.threadline.avro",
          "Instant.now(",
          "UUID.randomUUID(",
          "System.currentTimeMillis(",
          "new Random(",
          "System.nanoTime(");

  @Test
  void theCoreReachesNoKafkaAvroOrQuarkusClassThroughWhatItUses() {
    noClasses()
        .that()
        .resideInAPackage("dev.threadline.step.core..")
        .should()
        .transitivelyDependOnClassesThat()
        .resideInAnyPackage(
            "org.apache.kafka..", "org.apache.avro..", "io.quarkus..", "dev.threadline.avro..")
        .check(
            new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.threadline"));
  }

  @Test
  void theCorePackageHasNoInfrastructureImportsClockOrRandomness() throws IOException {
    assertThat(CORE).isDirectory();
    try (Stream<Path> files = Files.walk(CORE)) {
      List<Path> sources = files.filter(p -> p.toString().endsWith(".java")).toList();
      assertThat(sources).hasSizeGreaterThan(5);
      for (Path source : sources) {
        String text = Files.readString(source);
        for (String forbidden : FORBIDDEN) {
          assertThat(text)
              .as("%s must not contain %s", source.getFileName(), forbidden)
              .doesNotContain(forbidden);
        }
      }
    }
  }
}
