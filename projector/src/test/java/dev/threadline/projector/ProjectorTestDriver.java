package dev.threadline.projector;

import dev.threadline.avro.ThreadEvent;
import dev.threadline.config.ModelProfiles;
import dev.threadline.testkit.ScratchDirs;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import io.opentelemetry.api.OpenTelemetry;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;

/** The projector's real topology in a {@link TopologyTestDriver}, clocked at {@link Events#T0}. */
final class ProjectorTestDriver {
  private ProjectorTestDriver() {}

  static TopologyTestDriver start(
      Topics topics, SerdeFactory serdes, LiveFeed feed, ModelProfiles prices) throws Exception {
    return start(topics, serdes, feed, prices, OpenTelemetry.noop());
  }

  /** ... its spans made with {@code telemetry}. */
  static TopologyTestDriver start(
      Topics topics,
      SerdeFactory serdes,
      LiveFeed feed,
      ModelProfiles prices,
      OpenTelemetry telemetry)
      throws Exception {
    var config =
        Projector.streamsConfig(
            Map.of(
                "bootstrap.servers",
                "ttd:9092",
                "threadline.projector.state.dir",
                ScratchDirs.create("projector-ttd-").toString()),
            topics,
            "127.0.0.1:1");
    return new TopologyTestDriver(
        ProjectorTopology.build(
            topics,
            serdes,
            feed,
            Duration.ofMinutes(60),
            prices,
            telemetry,
            topics.threadEvents().valueSerde().deserializer()),
        config,
        Events.T0);
  }

  /** The driver's {@code thread-events}, to pipe events into. */
  static TestInputTopic<String, ThreadEvent> events(TopologyTestDriver driver, Topics topics) {
    return driver.createInputTopic(
        topics.threadEvents().name(),
        Serdes.String().serializer(),
        topics.threadEvents().valueSerde().serializer());
  }
}
