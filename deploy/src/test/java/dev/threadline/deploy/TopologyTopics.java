package dev.threadline.deploy;

import dev.threadline.config.ModelProfiles;
import dev.threadline.projector.LiveFeed;
import dev.threadline.projector.ProjectorTopology;
import dev.threadline.step.StepSettings;
import dev.threadline.step.StepTopology;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import io.opentelemetry.api.OpenTelemetry;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyDescription;

/**
 * The contract topics a Kafka Streams service reads and writes, as its production topology says:
 * every source's topics (global stores' included) and every sink's — read off {@link
 * Topology#describe()}, so that the grants its principal needs follow the code.
 */
record TopologyTopics(Set<String> reads, Set<String> writes) {
  static TopologyTopics of(Topology topology) {
    Set<String> reads = new TreeSet<>();
    Set<String> writes = new TreeSet<>();
    TopologyDescription description = topology.describe();
    for (TopologyDescription.Subtopology sub : description.subtopologies()) {
      nodes(sub.nodes(), reads, writes);
    }
    for (TopologyDescription.GlobalStore global : description.globalStores()) {
      reads.addAll(global.source().topicSet());
    }
    return new TopologyTopics(reads, writes);
  }

  private static void nodes(
      Set<TopologyDescription.Node> nodes, Set<String> reads, Set<String> writes) {
    for (TopologyDescription.Node node : nodes) {
      if (node instanceof TopologyDescription.Source source) {
        reads.addAll(source.topicSet());
      } else if (node instanceof TopologyDescription.Sink sink && sink.topic() != null) {
        writes.add(sink.topic());
      }
    }
  }

  /** The topics of {@code topics} as names; a registry is never asked. */
  static Topics topics(String prefix) {
    return new Topics(
        TopicsConfig.from(Map.of(TopicsConfig.PREFIX, prefix)),
        new SerdeFactory(Map.of("schema.registry.url", "http://127.0.0.1:1")));
  }

  static TopologyTopics stepProcessor(Topics topics) {
    SerdeFactory serdes = new SerdeFactory(Map.of("schema.registry.url", "http://127.0.0.1:1"));
    return of(StepTopology.build(topics, serdes, StepSettings.from(Map.of())));
  }

  static TopologyTopics projector(Topics topics) {
    SerdeFactory serdes = new SerdeFactory(Map.of("schema.registry.url", "http://127.0.0.1:1"));
    return of(
        ProjectorTopology.build(
            topics,
            serdes,
            new LiveFeed(),
            Duration.ofMinutes(60),
            new ModelProfiles(Map.of()),
            OpenTelemetry.noop(),
            topics.threadEvents().valueSerde().deserializer()));
  }
}
