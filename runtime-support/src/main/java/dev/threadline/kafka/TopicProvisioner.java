package dev.threadline.kafka;

import dev.threadline.topics.CoPartitioningException;
import dev.threadline.topics.TopicDescriptor;
import dev.threadline.topics.TopicSpec;
import dev.threadline.topics.Topics;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TopicExistsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates the topics of the contract and checks the co-partitioning rule.
 *
 * <p>{@link #provision} creates the topics that are missing (existing ones are left as they are)
 * and then {@link #verifyCoPartitioned}: every service calls the latter at start and refuses to run
 * when thread-keyed topics differ in partition count, because per-thread ordering and single
 * ownership depend on a thread's records landing in the same partition number of every topic.
 */
public final class TopicProvisioner {
  private static final Logger log = LoggerFactory.getLogger(TopicProvisioner.class);
  private static final long TIMEOUT_SECONDS = 30;

  private TopicProvisioner() {}

  /**
   * What a service does with the topics before it starts: provisions them ({@code provision}) or
   * only checks that they exist and are co-partitioned, on the cluster at {@code
   * bootstrap.servers}.
   */
  public static void prepare(Map<String, String> settings, Topics topics, boolean provision) {
    try (Admin admin = Admin.create(KafkaClients.connection(settings))) {
      if (provision) {
        provision(admin, topics);
      } else {
        verifyCoPartitioned(admin, topics);
      }
    } catch (RuntimeException e) {
      throw ClusterRefusal.explained(e, settings);
    }
  }

  /**
   * A topic's configs for {@code replicationFactor}: with 3 or more replicas a write is
   * acknowledged only once 2 have it ({@code min.insync.replicas=2}), so an accepted command
   * survives the loss of a broker; with 2, one suffices (2 would stop every write while either
   * broker is down).
   */
  public static Map<String, String> configs(TopicSpec spec, short replicationFactor) {
    Map<String, String> configs = new java.util.HashMap<>(spec.configs());
    if (replicationFactor >= 2) {
      configs.putIfAbsent("min.insync.replicas", replicationFactor >= 3 ? "2" : "1");
    }
    return Map.copyOf(configs);
  }

  /** Creates missing topics, then verifies co-partitioning. Returns the names it created. */
  public static List<String> provision(Admin admin, Topics topics) {
    try {
      Set<String> existing = admin.listTopics().names().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      List<NewTopic> missing = new ArrayList<>();
      for (TopicDescriptor<?, ?> topic : topics.all()) {
        if (!existing.contains(topic.name())) {
          TopicSpec spec = topic.spec();
          missing.add(
              new NewTopic(spec.name(), spec.partitions(), topics.config().replicationFactor())
                  .configs(configs(spec, topics.config().replicationFactor())));
        }
      }
      List<String> created = new ArrayList<>();
      for (var entry : admin.createTopics(missing).values().entrySet()) {
        try {
          entry.getValue().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
          created.add(entry.getKey());
        } catch (ExecutionException e) {
          if (!(e.getCause() instanceof TopicExistsException)) {
            throw e;
          }
        }
      }
      if (!created.isEmpty()) {
        log.info("created topics {}", created);
        awaitReady(admin, created);
      }
      verifyCoPartitioned(admin, topics);
      return created;
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("could not provision topics: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while provisioning topics", e);
    }
  }

  /**
   * New topics reach every broker's metadata a moment after creation, and a partition's leader
   * serves it a moment after that. A producer that writes in between can be told "not the leader"
   * for a batch that later ones overtake, and its idempotent retry then fails for good with
   * OUT_OF_ORDER_SEQUENCE_NUMBER (seen in a test run on a busy machine). So wait until every new
   * partition answers a ListOffsets request at its leader, which the admin client retries until it
   * does.
   */
  private static void awaitReady(Admin admin, List<String> names)
      throws ExecutionException, TimeoutException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
    while (!admin.listTopics().names().get(TIMEOUT_SECONDS, TimeUnit.SECONDS).containsAll(names)) {
      if (System.nanoTime() > deadline) {
        throw new TimeoutException("created topics did not become visible: " + names);
      }
      Thread.sleep(50);
    }
    Map<TopicPartition, OffsetSpec> partitions = new HashMap<>();
    admin
        .describeTopics(names)
        .allTopicNames()
        .get(TIMEOUT_SECONDS, TimeUnit.SECONDS)
        .forEach(
            (name, description) ->
                description
                    .partitions()
                    .forEach(
                        p ->
                            partitions.put(
                                new TopicPartition(name, p.partition()), OffsetSpec.latest())));
    admin.listOffsets(partitions).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
  }

  /**
   * Throws {@link CoPartitioningException} naming every thread-keyed topic and its partition count
   * when they are not all equal, or naming the missing ones.
   */
  public static void verifyCoPartitioned(Admin admin, Topics topics) {
    List<String> names = topics.threadKeyedTopicNames();
    Map<String, Integer> counts = new TreeMap<>();
    List<String> missing = new ArrayList<>();
    try {
      Set<String> existing = admin.listTopics().names().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      List<String> present = names.stream().filter(existing::contains).toList();
      names.stream().filter(n -> !existing.contains(n)).forEach(missing::add);
      Map<String, TopicDescription> descriptions =
          admin.describeTopics(present).allTopicNames().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      descriptions.forEach((name, d) -> counts.put(name, d.partitions().size()));
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("could not describe topics: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while describing topics", e);
    }
    checkCounts(counts, missing);
  }

  /** The rule itself, separate from the Admin calls so it can be tested directly. */
  static void checkCounts(Map<String, Integer> counts, List<String> missing) {
    if (!missing.isEmpty()) {
      throw new CoPartitioningException(
          "Thread-keyed topics are missing: "
              + missing
              + ". Create them (the step processor provisions them at start, or run the"
              + " provisioning routine) before starting this service.");
    }
    if (counts.values().stream().distinct().count() > 1) {
      StringBuilder detail = new StringBuilder();
      counts.forEach((name, n) -> detail.append("\n  ").append(name).append(": ").append(n));
      throw new CoPartitioningException(
          "Thread-keyed topics must all have the same partition count, but they differ:"
              + detail
              + "\nPer-thread ordering needs a thread's records in the same partition of every"
              + " topic. Add partitions (kafka-topics --alter --partitions N) so that all match"
              + " before starting this service.");
    }
  }
}
