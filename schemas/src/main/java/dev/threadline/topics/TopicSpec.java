package dev.threadline.topics;

import java.util.Map;

/**
 * How a topic is created: name, whether it is keyed by thread id (and so must be co-partitioned
 * with the other thread-keyed topics), its partition count and its topic configs.
 */
public record TopicSpec(
    String name, boolean threadKeyed, int partitions, Map<String, String> configs) {
  public TopicSpec {
    configs = Map.copyOf(configs);
  }
}
