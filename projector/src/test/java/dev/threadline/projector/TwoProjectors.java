package dev.threadline.projector;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.testkit.ScratchDirs;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.Topics;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Two projector instances on a real broker and registry, with the threads of three tenants
 * projected: what {@link ProjectorIT} reads, and the helpers its tests read them with.
 */
final class TwoProjectors {
  private TwoProjectors() {}

  static final ObjectMapper JSON = new ObjectMapper();
  static final String ACME = "key-acme";

  /** A key of acme's for its support agent's threads alone. */
  static final String ACME_SUPPORT = "key-acme-support";

  static final String OTHER = "key-other";
  static final String MANY = "key-many";

  /** A tenant with more threads than a page, a few of them tagged: the metadata search's. */
  static final int MANY_THREADS = 520;

  static final int THREADS = 12;
  static final HttpClient http = HttpClient.newHttpClient();
  static Topics topics;
  static KafkaProducer<String, ThreadEvent> producer;
  static final List<Projector> projectors = new ArrayList<>();
  static final Map<String, Events> threads = new HashMap<>();
  static final Instant START = Instant.now().minusSeconds(30);

  /** Two instances, the threads of three tenants projected and listed. */
  static void start() throws Exception {
    ThreadlineCluster cluster = ThreadlineCluster.shared();
    ProjectorFixture fixture =
        ProjectorFixture.create(
            "projector-it",
            4,
            Map.of(
                "threadline.api-keys",
                ACME
                    + ":acme,"
                    + OTHER
                    + ":other,"
                    + MANY
                    + ":many,"
                    + ACME_SUPPORT
                    + ":acme:agents=support",
                "threadline.internal.token",
                "projector-it-internal-token"));
    Map<String, String> settings = fixture.settings();
    topics = fixture.topics();
    for (int i = 0; i < 2; i++) {
      Map<String, String> own = new HashMap<>(settings);
      own.put(
          "threadline.projector.state.dir",
          ScratchDirs.create("projector-it-" + i + "-").toString());
      projectors.add(Projector.start(own));
    }
    producer = cluster.producer(topics.threadEvents().valueSerde().serializer());
    for (int i = 0; i < THREADS; i++) {
      Events thread = new Events("it-thread-" + i, "acme", START);
      threads.put("it-thread-" + i, thread);
      send(thread.oneTurn("helper", i % 2 == 0 ? "gpt-x" : "claude-y"));
    }
    Events foreign = new Events("it-foreign", "other", START);
    send(foreign.oneTurn("spy", "gpt-x"));
    send(
        List.of(
            foreign.valueChanged("color", "\"teal\""),
            foreign.valueChanged("gone", "1"),
            foreign.valueChanged("gone", null)));
    for (int i = 0; i < MANY_THREADS; i++) {
      // The oldest three are tagged, so no scan of the newest hundreds finds them.
      Map<String, String> metadata =
          i < 3 ? Map.of("topic", "rare", "graph_id", "g" + i % 2) : Map.of("topic", "common");
      Events thread = new Events("many-" + i, "many", START.plusSeconds(i));
      send(List.of(thread.created("helper", null, metadata)));
    }
    producer.flush();
    for (Projector p : projectors) {
      p.awaitRunning(Duration.ofSeconds(60));
    }
    awaitUntil(
        () ->
            projectors.getFirst().streams().metadataForAllStreamsClients().size() == 2
                && get(0, "/v1/threads?limit=100", ACME).body().path("threads").size() == THREADS);
  }

  static void stop() {
    if (producer != null) {
      producer.close();
    }
    projectors.forEach(Projector::close);
  }

  static void send(List<ThreadEvent> events) {
    events.forEach(
        e -> producer.send(new ProducerRecord<>(topics.threadEvents().name(), e.getThreadId(), e)));
  }

  record Answer(int status, JsonNode body) {}

  static Answer get(int instance, String path, String key) {
    try {
      HttpRequest.Builder request =
          HttpRequest.newBuilder(
                  URI.create("http://127.0.0.1:" + projectors.get(instance).port() + path))
              .timeout(Duration.ofSeconds(10));
      if (key != null) {
        request.header("Authorization", "Bearer " + key);
      }
      HttpResponse<String> response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofString());
      return new Answer(
          response.statusCode(),
          response.body().isEmpty() ? JSON.nullNode() : JSON.readTree(response.body()));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  static void awaitUntil(java.util.function.BooleanSupplier condition) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (true) {
      try {
        if (condition.getAsBoolean()) {
          return;
        }
      } catch (RuntimeException retry) {
        // not there yet
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("condition not met in 60 s");
      }
      Thread.sleep(100);
    }
  }

  static String path(String threadId) {
    return "/v1/threads/" + URLEncoder.encode(threadId, StandardCharsets.UTF_8);
  }

  /** The instance that does not own {@code threadId}'s partition. */
  static int nonOwner(String threadId) {
    var owner =
        projectors
            .getFirst()
            .streams()
            .queryMetadataForKey(ProjectorStores.SUMMARIES, threadId, new StringSerializer())
            .activeHost();
    return owner.port() == projectors.getFirst().port() ? 1 : 0;
  }
}
