package dev.threadline.projector;

import dev.threadline.config.ApiKeys;
import dev.threadline.config.Budgets;
import dev.threadline.config.ModelProfiles;
import dev.threadline.config.TenantRates;
import dev.threadline.kafka.StreamsLifecycle;
import dev.threadline.kafka.StreamsSettings;
import dev.threadline.projector.http.ProjectorServer;
import dev.threadline.sealing.DataKeyRing;
import dev.threadline.sealing.UnsealingDeserializer;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import dev.threadline.traces.Tracing;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One projector instance: the Streams app and its HTTP server, started and stopped together. */
public record Projector(
    KafkaStreams streams,
    StreamsLifecycle lifecycle,
    ProjectorServer server,
    LiveFeed feed,
    DataKeyRing dataKeys)
    implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(Projector.class);

  /**
   * Binds the HTTP port (0 picks a free one), starts Streams with that address as its {@code
   * application.server}, then serves.
   */
  public static Projector start(Map<String, String> settings) throws IOException {
    ProjectorSettings own = ProjectorSettings.from(settings);
    LiveFeed feed = new LiveFeed();
    ApiKeys keys =
        ApiKeys.parse(
                // THREADLINE_API_KEYS in the environment arrives as threadline.api.keys.
                settings.getOrDefault("threadline.api-keys", settings.get("threadline.api.keys")),
                settings.getOrDefault("threadline.api-key", System.getenv("THREADLINE_API_KEY")))
            .withKeyFile(
                settings.getOrDefault(
                    "threadline.api-keys.file", settings.get("threadline.api.keys.file")))
            .withInternalToken(
                settings.getOrDefault(
                    "threadline.internal.token", System.getenv("THREADLINE_INTERNAL_TOKEN")));
    if (keys.isEmpty()) {
      log.warn(
          "no API keys configured (THREADLINE_API_KEY, threadline.api-keys, threadline.api-keys.file):"
              + " /v1 answers 401");
    }
    ProjectorServer server =
        new ProjectorServer(
            own.host(), own.port(), keys, feed, own.streamsPerTenant(), own.streamsTotal());
    String advertised =
        settings.getOrDefault("threadline.projector.advertised", own.host() + ":" + server.port());
    SerdeFactory serdes = new SerdeFactory(StreamsLifecycle.serdeConfig(settings));
    Topics topics = new Topics(TopicsConfig.from(settings), serdes);
    ModelProfiles prices = new ModelProfiles(settings);
    // Sealed events (an events key set) are opened with their threads' data keys.
    DataKeyRing dataKeys = DataKeyRing.forSettings(settings, topics.threadDataKeys()).orElse(null);
    var events = topics.threadEvents().valueSerde().deserializer();
    java.util.Properties config = streamsConfig(settings, topics, advertised);
    KafkaStreams streams =
        new KafkaStreams(
            ProjectorTopology.build(
                topics,
                serdes,
                feed,
                own.statsRetention(),
                prices,
                Tracing.start("threadline-projector"),
                dataKeys == null ? events : new UnsealingDeserializer(events, dataKeys)),
            config);
    StreamsLifecycle lifecycle = StreamsLifecycle.supervise(streams, "projector");
    lifecycle.start(config);
    server.price(prices);
    server.limit(TenantRates.from(settings));
    server.budgets(Budgets.from(settings));
    server.start(streams, advertised);
    log.info(
        "projector serving on http://{}:{} (advertised {})", own.host(), server.port(), advertised);
    return new Projector(streams, lifecycle, server, feed, dataKeys);
  }

  public int port() {
    return server.port();
  }

  public KafkaStreams streams() {
    return streams;
  }

  public LiveFeed feed() {
    return feed;
  }

  /** Waits until Streams runs (stores queryable). */
  public void awaitRunning(Duration timeout) throws InterruptedException {
    lifecycle.awaitRunning(timeout);
  }

  /** Blocks until Streams stops (closed, or failed for good). */
  public void awaitTermination() throws InterruptedException {
    lifecycle.awaitStopped();
  }

  /** Stops serving and leaves the group, so another instance takes the partitions at once. */
  @Override
  public void close() {
    server.close();
    lifecycle.close();
    if (dataKeys != null) {
      dataKeys.close();
    }
  }

  /**
   * The Kafka Streams configuration: the shared base (exactly-once: the three stores and the input
   * offsets commit together, so a crash can never leave a summary that counted an event the stats
   * did not; with a 1 s commit interval and cached stores that is one transaction per second, and
   * live readers do not wait for it) plus where other instances find this one.
   */
  public static Properties streamsConfig(
      Map<String, String> settings, Topics topics, String advertised) {
    Properties p =
        StreamsSettings.base(settings, topics, "projector", "threadline-projector", "1000");
    p.put(StreamsConfig.APPLICATION_SERVER_CONFIG, advertised);
    return p;
  }
}
