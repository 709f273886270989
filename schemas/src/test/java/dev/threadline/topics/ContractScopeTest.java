package dev.threadline.topics;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * This module is the contract every producer and consumer of the topics builds against: the Avro
 * schemas and their classes, the topic descriptors, the wire-format serde and the names an agent
 * definition uses. What the services run on beside it (settings, Kafka clients, sealing, files,
 * keys, logs, traces, the ops server) lives in {@code runtime-support}, so a consumer of the topics
 * does not take the runtime's dependencies with the contract.
 */
class ContractScopeTest {
  @Test
  void theContractModuleHoldsOnlySchemasTopicsSerdeAndAgentNames() {
    classes()
        .should()
        .resideInAnyPackage(
            "dev.threadline.avro..",
            "dev.threadline.topics..",
            "dev.threadline.serde..",
            "dev.threadline.agents..")
        .check(new ClassFileImporter().importPath(Path.of("target", "classes")));
  }
}
