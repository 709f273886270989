package dev.threadline.deploy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;

/**
 * The grants docs/operations.md lists for each service's principal ("On a cluster with an
 * authorizer"), as ACLs: a test that runs a service with only these proves the table is enough.
 */
final class DocumentedAcls {
  private DocumentedAcls() {}

  /** The step processor's: a Streams application's, and Create on the cluster to provision. */
  static List<AclBinding> stepProcessor(String principal, String topicPrefix, String appId) {
    List<AclBinding> acls = streamsApplication(principal, topicPrefix, appId);
    allow(
        acls,
        principal,
        ResourceType.CLUSTER,
        "kafka-cluster",
        PatternType.LITERAL,
        List.of(AclOperation.CREATE));
    return acls;
  }

  /** The projector's: a Streams application's. */
  static List<AclBinding> projector(String principal, String topicPrefix, String appId) {
    return streamsApplication(principal, topicPrefix, appId);
  }

  /**
   * A Kafka Streams application's: topics by prefix, its own internal topics, its group and its
   * transactions (exactly-once).
   */
  private static List<AclBinding> streamsApplication(
      String principal, String topicPrefix, String appId) {
    List<AclBinding> acls = new ArrayList<>();
    allow(acls, principal, ResourceType.TOPIC, topicPrefix, PatternType.PREFIXED, READ_WRITE);
    allow(
        acls,
        principal,
        ResourceType.TOPIC,
        appId,
        PatternType.PREFIXED,
        List.of(AclOperation.ALL));
    allow(
        acls,
        principal,
        ResourceType.GROUP,
        appId,
        PatternType.LITERAL,
        List.of(AclOperation.READ));
    allow(
        acls,
        principal,
        ResourceType.TRANSACTIONAL_ID,
        appId,
        PatternType.PREFIXED,
        List.of(AclOperation.WRITE, AclOperation.DESCRIBE));
    return acls;
  }

  /** The executor's: topics by prefix and its groups by prefix (its speculative lane's too). */
  static List<AclBinding> executor(String principal, String topicPrefix, String groupId) {
    List<AclBinding> acls = new ArrayList<>();
    allow(acls, principal, ResourceType.TOPIC, topicPrefix, PatternType.PREFIXED, READ_WRITE);
    allow(
        acls,
        principal,
        ResourceType.GROUP,
        groupId,
        PatternType.PREFIXED,
        List.of(AclOperation.READ));
    return acls;
  }

  /** The ingest's: topics by prefix (it reads the definition topics without a group). */
  static List<AclBinding> ingest(String principal, String topicPrefix) {
    List<AclBinding> acls = new ArrayList<>();
    allow(acls, principal, ResourceType.TOPIC, topicPrefix, PatternType.PREFIXED, READ_WRITE);
    return acls;
  }

  /** Creates {@code acls} through {@code admin} (a super user's), waiting until they hold. */
  static void grant(Map<String, Object> admin, List<AclBinding> acls) throws Exception {
    try (Admin client = Admin.create(admin)) {
      client.createAcls(acls).all().get();
    }
  }

  private static final List<AclOperation> READ_WRITE =
      List.of(AclOperation.READ, AclOperation.WRITE, AclOperation.DESCRIBE);

  private static void allow(
      List<AclBinding> acls,
      String principal,
      ResourceType type,
      String name,
      PatternType pattern,
      List<AclOperation> operations) {
    for (AclOperation operation : operations) {
      acls.add(
          new AclBinding(
              new ResourcePattern(type, name, pattern),
              new AccessControlEntry(principal, "*", operation, AclPermissionType.ALLOW)));
    }
  }
}
