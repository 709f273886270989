package dev.threadline.ingest;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The ingest by role: {@code http}, {@code langgraph} and {@code mcp} are the three front doors,
 * over what they share — the request {@code bodies} read and checked, the {@code kafka} side (the
 * command log, the definition views), the {@code reads} of the projector, and the package root
 * (callers, tenants, thread creation, sending a command). A door may use everything below it;
 * nothing below reaches back up into a door, so an endpoint can be read without the others.
 */
// One import for the three rules, held by this class's instance only: a static field would pin
// the imported class graph in the heap every later test of this JVM shares.
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IngestLayoutTest {
  private final JavaClasses ingest =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
          .importPackages("dev.threadline.ingest");

  @Test
  void nothingBelowTheDoorsUsesADoor() {
    noClasses()
        .that()
        .resideOutsideOfPackages(
            "dev.threadline.ingest.http..",
            "dev.threadline.ingest.langgraph..",
            "dev.threadline.ingest.mcp..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "dev.threadline.ingest.http..",
            "dev.threadline.ingest.langgraph..",
            "dev.threadline.ingest.mcp..")
        .check(ingest);
  }

  @Test
  void theDoorsDoNotUseEachOther() {
    slices()
        .matching("dev.threadline.ingest.(http|langgraph|mcp)..")
        .should()
        .notDependOnEachOther()
        .check(ingest);
  }

  @Test
  void theBodiesReachNoKafkaClient() {
    noClasses()
        .that()
        .resideInAPackage("dev.threadline.ingest.bodies..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("org.apache.kafka..")
        .check(ingest);
  }
}
