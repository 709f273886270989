package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The Strimzi {@code KafkaUser} manifests grant each service exactly the ACLs docs/operations.md
 * lists ({@link DocumentedAcls}, which SecuredClusterIT proves enough): not one more, not one less.
 */
class KafkaUserManifestsTest {
  private static final Path USERS = Path.of("k8s/kafka-users.yaml");

  @Test
  void eachKafkaUserHoldsExactlyItsServicesDocumentedAcls() throws Exception {
    assertDocumentedAcls(users(Files.readString(USERS)));
  }

  /** Each service's user in {@code manifests} holds exactly its documented ACLs. */
  static void assertDocumentedAcls(Map<String, Set<AclBinding>> manifests) {
    assertThat(manifests.get("step-processor"))
        .containsExactlyInAnyOrderElementsOf(
            DocumentedAcls.stepProcessor(
                "User:step-processor",
                TopologyTopics.topics("threadline."),
                "threadline-step-processor"));
    assertThat(manifests.get("tool-executor"))
        .containsExactlyInAnyOrderElementsOf(
            DocumentedAcls.executor(
                "User:tool-executor",
                TopologyTopics.topics("threadline."),
                "threadline-tool-executor"));
    assertThat(manifests.get("projector"))
        .containsExactlyInAnyOrderElementsOf(
            DocumentedAcls.projector(
                "User:projector", TopologyTopics.topics("threadline."), "threadline-projector"));
    assertThat(manifests.get("ingest-service"))
        .containsExactlyInAnyOrderElementsOf(
            DocumentedAcls.ingest("User:ingest-service", TopologyTopics.topics("threadline.")));
    assertThat(manifests.get("registry"))
        .containsExactlyInAnyOrderElementsOf(DocumentedAcls.registry("User:registry"));
    assertThat(manifests).hasSize(5);
  }

  /** Each KafkaUser's ACLs in {@code yaml} (other kinds passed over), as Kafka's own bindings. */
  @SuppressWarnings("unchecked")
  static Map<String, Set<AclBinding>> users(String yaml) {
    Map<String, Set<AclBinding>> users = new HashMap<>();
    for (Object doc : new Yaml().loadAll(yaml)) {
      Map<String, Object> user = (Map<String, Object>) doc;
      if (user == null || !"KafkaUser".equals(user.get("kind"))) {
        continue;
      }
      String name = (String) ((Map<String, Object>) user.get("metadata")).get("name");
      Map<String, Object> spec = (Map<String, Object>) user.get("spec");
      assertThat(((Map<String, Object>) spec.get("authentication")).get("type"))
          .isEqualTo("scram-sha-512");
      Set<AclBinding> acls = new HashSet<>();
      for (Object entry :
          (List<Object>) ((Map<String, Object>) spec.get("authorization")).get("acls")) {
        Map<String, Object> acl = (Map<String, Object>) entry;
        Map<String, Object> resource = (Map<String, Object>) acl.get("resource");
        ResourcePattern pattern = pattern(resource);
        for (Object operation : (List<Object>) acl.get("operations")) {
          acls.add(
              new AclBinding(
                  pattern,
                  new AccessControlEntry(
                      "User:" + name,
                      "*",
                      // Strimzi spells DescribeConfigs what Kafka calls DESCRIBE_CONFIGS.
                      AclOperation.fromString(
                          operation.toString().replaceAll("([a-z])([A-Z])", "$1_$2")),
                      AclPermissionType.ALLOW)));
        }
      }
      users.put(name, acls);
    }
    return users;
  }

  private static ResourcePattern pattern(Map<String, Object> resource) {
    String type = (String) resource.get("type");
    if (type.equals("cluster")) {
      return new ResourcePattern(ResourceType.CLUSTER, "kafka-cluster", PatternType.LITERAL);
    }
    ResourceType kind =
        switch (type) {
          case "topic" -> ResourceType.TOPIC;
          case "group" -> ResourceType.GROUP;
          case "transactionalId" -> ResourceType.TRANSACTIONAL_ID;
          default -> throw new IllegalArgumentException("resource type " + type);
        };
    PatternType patternType =
        resource.get("patternType").toString().toLowerCase(Locale.ROOT).equals("prefix")
            ? PatternType.PREFIXED
            : PatternType.LITERAL;
    return new ResourcePattern(kind, (String) resource.get("name"), patternType);
  }
}
