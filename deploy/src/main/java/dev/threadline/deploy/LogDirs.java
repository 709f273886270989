package dev.threadline.deploy;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.kafka.clients.admin.Admin;

/** Bytes on disk per topic, from the broker's log directories. */
final class LogDirs {
  private LogDirs() {}

  static Map<String, Long> bytesByTopic(String bootstrap) throws Exception {
    Map<String, Long> bytes = new HashMap<>();
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
      var nodes = admin.describeCluster().nodes().get().stream().map(n -> n.id()).toList();
      admin
          .describeLogDirs(nodes)
          .allDescriptions()
          .get()
          .values()
          .forEach(
              dirs ->
                  dirs.values()
                      .forEach(
                          dir ->
                              dir.replicaInfos()
                                  .forEach(
                                      (tp, info) ->
                                          bytes.merge(tp.topic(), info.size(), Long::sum))));
    }
    return bytes;
  }

  static long delta(Map<String, Long> before, Map<String, Long> after, Predicate<String> topic) {
    long sum = 0;
    for (var entry : after.entrySet()) {
      if (topic.test(entry.getKey())) {
        sum += entry.getValue() - before.getOrDefault(entry.getKey(), 0L);
      }
    }
    return sum;
  }
}
