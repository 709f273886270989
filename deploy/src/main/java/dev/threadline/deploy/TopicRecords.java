package dev.threadline.deploy;

import java.util.HashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

/**
 * How many records each topic took during the run: the sum of its partitions' end offsets, so
 * transaction markers count (each transaction writes one into every partition it wrote) and so do
 * the broker's own topics (offset commits, transaction state). The broker's work grows with records
 * more than with bytes, so records per step show which of a step's writes it pays for.
 */
record TopicRecords(Map<String, Double> byTopic) {
  static TopicRecords of(String bootstrap) throws Exception {
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
      var names = admin.listTopics(new ListTopicsOptions().listInternal(true)).names().get();
      Map<TopicPartition, OffsetSpec> ends = new HashMap<>();
      admin
          .describeTopics(names)
          .allTopicNames()
          .get()
          .forEach(
              (topic, description) ->
                  description
                      .partitions()
                      .forEach(
                          p ->
                              ends.put(
                                  new TopicPartition(topic, p.partition()), OffsetSpec.latest())));
      Map<String, Double> byTopic =
          admin.listOffsets(ends).all().get().entrySet().stream()
              .collect(
                  Collectors.groupingBy(
                      e -> e.getKey().topic(),
                      Collectors.summingDouble(e -> e.getValue().offset())));
      return new TopicRecords(byTopic);
    }
  }

  TopicRecords minus(TopicRecords before) {
    return new TopicRecords(RunMeasurement.minus(byTopic, before.byTopic));
  }

  /** The line the bench prints: per step, largest first, what is at least 0.01. */
  String describe(long steps) {
    return "records per step, by topic (transaction markers included):"
        + BrokerRequests.perStep(byTopic, steps);
  }
}
