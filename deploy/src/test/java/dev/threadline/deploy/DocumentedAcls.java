package dev.threadline.deploy;

import dev.threadline.avro.ThreadGroup;
import dev.threadline.topics.Topics;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 * authorizer"), as ACLs — the least each needs: Read on the topics it reads, Write on those it
 * writes, Describe on the other thread-keyed topics (every service checks they are co-partitioned;
 * Read and Write imply Describe), and its own group, internal topics and transactions. A Streams
 * service's topics are read off its production topology ({@link TopologyTopics}), so they follow
 * the code; the executor's and the ingest's are its clients' few. A test that runs each service
 * with only these proves them enough (SecuredClusterIT), and one holds the Kubernetes users to them
 * (KafkaUserManifestsTest).
 */
final class DocumentedAcls {
  private DocumentedAcls() {}

  /**
   * The step processor's: a Streams application's, and what provisioning the contract's topics
   * takes — Create on the cluster, Describe on every topic it creates (to see each appear).
   */
  static List<AclBinding> stepProcessor(String principal, Topics topics, String appId) {
    Grants grants = new Grants(principal, topics);
    TopologyTopics used = TopologyTopics.stepProcessor(topics);
    grants.reads(used.reads()).writes(used.writes()).streamsApplication(appId);
    grants.allow(ResourceType.CLUSTER, "kafka-cluster", PatternType.LITERAL, AclOperation.CREATE);
    grants.describes(topics.all().stream().map(t -> t.name()).toList());
    return grants.list();
  }

  /**
   * The projector's: a Streams application's, and the thread data keys it opens sealed events with
   * (read by assignment, outside the topology).
   */
  static List<AclBinding> projector(String principal, Topics topics, String appId) {
    Grants grants = new Grants(principal, topics);
    TopologyTopics used = TopologyTopics.projector(topics);
    grants.reads(used.reads()).writes(used.writes()).streamsApplication(appId);
    grants.reads(Set.of(topics.threadDataKeys().name()));
    return grants.list();
  }

  /** The executor's: the requests it serves, the results it publishes, its groups by prefix. */
  static List<AclBinding> executor(String principal, Topics topics, String groupId) {
    Grants grants = new Grants(principal, topics);
    Set<String> requests = new LinkedHashSet<>();
    for (ThreadGroup lane : ThreadGroup.values()) {
      requests.add(topics.modelRequests(lane).name());
      requests.add(topics.toolRequests(lane).name());
    }
    grants.reads(requests);
    grants.writes(
        Set.of(
            topics.modelResults().name(),
            topics.toolResults().name(),
            topics.threadDeltas().name(),
            topics.deadLetters().name()));
    // Its MCP servers' tools, published at start after reading which servers the topic holds.
    grants.reads(Set.of(topics.mcpServers().name())).writes(Set.of(topics.mcpServers().name()));
    // The items a tool's ThreadState writes to its tenant's store (read through the projector).
    grants.writes(Set.of(topics.storeItems().name()));
    grants.allow(ResourceType.GROUP, groupId, PatternType.PREFIXED, AclOperation.READ);
    return grants.list();
  }

  /**
   * The ingest's: the commands it sends, the store items it writes, the definitions it keeps (read
   * and written, without a group), and the thread counts its quotas read.
   */
  static List<AclBinding> ingest(String principal, Topics topics) {
    Grants grants = new Grants(principal, topics);
    Set<String> definitions = Set.of(topics.agentDefinitions().name(), topics.definitions().name());
    grants.reads(definitions).writes(definitions);
    grants.reads(Set.of(topics.tenantThreads().name(), topics.mcpServers().name()));
    grants.writes(Set.of(topics.threadCommands().name(), topics.storeItems().name()));
    return grants.list();
  }

  /** The registry's journal, snapshots and events, which it creates when they are missing. */
  static final List<String> REGISTRY_TOPICS =
      List.of("kafkasql-journal", "kafkasql-snapshots", "registry-events");

  /**
   * The schema registry's (Apicurio, storage in Kafka): its own topics — made, checked, read and
   * written — and its groups, one per instance under the prefix {@code apicurio-}.
   */
  static List<AclBinding> registry(String principal) {
    List<AclBinding> acls = new ArrayList<>();
    for (String topic : REGISTRY_TOPICS) {
      for (AclOperation operation :
          List.of(
              AclOperation.CREATE,
              AclOperation.DESCRIBE,
              AclOperation.DESCRIBE_CONFIGS,
              AclOperation.READ,
              AclOperation.WRITE)) {
        acls.add(allow(principal, ResourceType.TOPIC, topic, PatternType.LITERAL, operation));
      }
    }
    acls.add(
        allow(principal, ResourceType.GROUP, "apicurio-", PatternType.PREFIXED, AclOperation.READ));
    return acls;
  }

  private static AclBinding allow(
      String principal,
      ResourceType type,
      String name,
      PatternType pattern,
      AclOperation operation) {
    return new AclBinding(
        new ResourcePattern(type, name, pattern),
        new AccessControlEntry(principal, "*", operation, AclPermissionType.ALLOW));
  }

  /** Creates {@code acls} through {@code admin} (a super user's), waiting until they hold. */
  static void grant(Map<String, Object> admin, List<AclBinding> acls) throws Exception {
    try (Admin client = Admin.create(admin)) {
      client.createAcls(acls).all().get();
    }
  }

  /** One principal's grants, each once. */
  private static final class Grants {
    private final String principal;

    /** Topics it must see, if it neither reads nor writes them: the thread-keyed ones at least. */
    private final List<String> threadKeyed;

    private final Set<String> used = new LinkedHashSet<>();
    private final Set<AclBinding> acls = new LinkedHashSet<>();

    Grants(String principal, Topics topics) {
      this.principal = principal;
      this.threadKeyed = new ArrayList<>(topics.threadKeyedTopicNames());
    }

    /** Describe on {@code topics} too, where no Read or Write implies it. */
    void describes(List<String> topics) {
      threadKeyed.addAll(topics);
    }

    Grants reads(Set<String> topics) {
      return on(topics, AclOperation.READ);
    }

    Grants writes(Set<String> topics) {
      return on(topics, AclOperation.WRITE);
    }

    private Grants on(Set<String> topics, AclOperation operation) {
      for (String topic : topics) {
        allow(ResourceType.TOPIC, topic, PatternType.LITERAL, operation);
        used.add(topic);
      }
      return this;
    }

    /** A Streams application's own: its internal topics, its group, its transactions. */
    void streamsApplication(String appId) {
      allow(ResourceType.TOPIC, appId, PatternType.PREFIXED, AclOperation.ALL);
      allow(ResourceType.GROUP, appId, PatternType.LITERAL, AclOperation.READ);
      allow(ResourceType.TRANSACTIONAL_ID, appId, PatternType.PREFIXED, AclOperation.WRITE);
      allow(ResourceType.TRANSACTIONAL_ID, appId, PatternType.PREFIXED, AclOperation.DESCRIBE);
    }

    void allow(ResourceType type, String name, PatternType pattern, AclOperation operation) {
      acls.add(DocumentedAcls.allow(principal, type, name, pattern, operation));
    }

    /**
     * The grants, with Describe on each thread-keyed topic not read or written (Read implies it).
     */
    List<AclBinding> list() {
      for (String topic : new LinkedHashSet<>(threadKeyed)) {
        if (!used.contains(topic)) {
          allow(ResourceType.TOPIC, topic, PatternType.LITERAL, AclOperation.DESCRIBE);
        }
      }
      return new ArrayList<>(acls);
    }
  }
}
