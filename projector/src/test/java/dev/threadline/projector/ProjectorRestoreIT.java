package dev.threadline.projector;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.testkit.ScratchDirs;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.Topics;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

/**
 * The timeline has no changelog of its own: a projector that lost its state directory restores
 * every thread's timeline from {@code thread-events} itself — skipping what the live path never
 * stores (events outside any thread's log, undecodable records) — and goes on from there. The
 * per-tenant thread list has no changelog either: it is rebuilt from the summaries as a task
 * starts.
 */
class ProjectorRestoreIT {
  static final ObjectMapper JSON = new ObjectMapper();
  static final String KEY = "key-acme";
  static final HttpClient http = HttpClient.newHttpClient();

  @Test
  void aProjectorThatLostItsStateRestoresEveryTimelineFromTheEventLog() throws Exception {
    ThreadlineCluster cluster = ThreadlineCluster.shared();
    ProjectorFixture fixture =
        ProjectorFixture.create(
            "projector-restore", 2, Map.of("threadline.api-keys", KEY + ":acme"));
    Topics topics = fixture.topics();
    String eventsTopic = topics.threadEvents().name();
    var serializer = topics.threadEvents().valueSerde().serializer();
    Map<String, Events> threads = new HashMap<>();
    int eventsPerThread = 0;
    try (var producer = cluster.producer(new ByteArraySerializer())) {
      for (int i = 0; i < 6; i++) {
        Events thread = new Events("restore-" + i, "acme");
        threads.put("restore-" + i, thread);
        List<ThreadEvent> turn = thread.oneTurn("helper", "gpt-x");
        eventsPerThread = turn.size();
        for (ThreadEvent event : turn) {
          producer.send(
              new ProducerRecord<>(
                  eventsTopic, event.getThreadId(), serializer.serialize(eventsTopic, event)));
        }
      }
      // Not part of any thread's log: a rejection with seq 0, and bytes that are no event at all.
      ThreadEvent outside = new Events("restore-0", "acme").next(rejected());
      outside.setSeq(0L);
      producer.send(
          new ProducerRecord<>(
              eventsTopic, "restore-0", serializer.serialize(eventsTopic, outside)));
      producer.send(
          new ProducerRecord<>(
              eventsTopic, "restore-1", "not an event".getBytes(StandardCharsets.UTF_8)));
    }
    int perThread = eventsPerThread;

    Path firstState = ScratchDirs.create("projector-restore-a-");
    Map<String, List<Long>> before = new HashMap<>();
    try (Projector first = start(fixture, firstState)) {
      for (String threadId : threads.keySet()) {
        await(() -> timeline(first, threadId).size() == perThread);
        before.put(threadId, timeline(first, threadId));
      }
    }
    ScratchDirs.deleteRecursively(firstState);
    assertThat(firstState).doesNotExist();

    try (Projector second = start(fixture, ScratchDirs.create("projector-restore-b-"))) {
      for (String threadId : threads.keySet()) {
        List<Long> restored = timeline(second, threadId);
        assertThat(restored).as(threadId).isEqualTo(before.get(threadId));
        assertThat(restored).as(threadId).hasSize(perThread).first().isEqualTo(1L);
      }
      // The tenant's thread list is rebuilt from the restored summaries as the task starts, before
      // any new event arrives.
      await(() -> new java.util.HashSet<>(threadIds(second)).equals(threads.keySet()));
      // The restored timeline goes on where the log goes on.
      String goingOn = "restore-2";
      Events going = threads.get(goingOn);
      try (var producer = cluster.producer(topics.threadEvents().valueSerde().serializer())) {
        producer.send(new ProducerRecord<>(eventsTopic, goingOn, going.turnStarted()));
      }
      await(() -> timeline(second, goingOn).size() == perThread + 1);
      assertThat(timeline(second, goingOn)).last().isEqualTo(perThread + 1L);
    }

    try (Admin admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
      assertThat(admin.listTopics().names().get(10, TimeUnit.SECONDS))
          .as("the timeline has no changelog topic")
          .noneMatch(name -> name.contains(ProjectorStores.TIMELINE));
    }
  }

  /**
   * An instance that gets a task back onto the state it left keeps the thread list of then on disk,
   * while the summaries it restores have moved on (what another instance projected meanwhile): the
   * list is rebuilt from the summaries, so it lists what it missed.
   */
  @Test
  void aProjectorBackOnStateItLeftListsTheThreadsProjectedMeanwhile() throws Exception {
    ThreadlineCluster cluster = ThreadlineCluster.shared();
    ProjectorFixture fixture =
        ProjectorFixture.create("projector-back", 1, Map.of("threadline.api-keys", KEY + ":acme"));
    String eventsTopic = fixture.topics().threadEvents().name();
    var serializer = fixture.topics().threadEvents().valueSerde().serializer();
    Path left = ScratchDirs.create("projector-back-a-");
    Events moving = new Events("back-0", "acme");
    try (var producer = cluster.producer(serializer)) {
      for (ThreadEvent event : moving.oneTurn("helper", "gpt-x")) {
        producer.send(new ProducerRecord<>(eventsTopic, event.getThreadId(), event));
      }
      try (Projector first = start(fixture, left)) {
        await(() -> threadIds(first).equals(List.of("back-0")));
      }
      // Meanwhile back-0 moves on (its entry on the left state is stale) and back-1 is new.
      producer.send(new ProducerRecord<>(eventsTopic, "back-0", moving.turnStarted()));
      for (ThreadEvent event : new Events("back-1", "acme").oneTurn("helper", "gpt-x")) {
        producer.send(new ProducerRecord<>(eventsTopic, event.getThreadId(), event));
      }
    }
    try (Projector meanwhile = start(fixture, ScratchDirs.create("projector-back-b-"))) {
      await(() -> threadIds(meanwhile).size() == 2);
    }

    try (Projector back = start(fixture, left)) {
      // A stale entry left behind would list back-0 twice.
      await(() -> threadIds(back).size() == 2);
      assertThat(threadIds(back)).containsExactlyInAnyOrder("back-0", "back-1");
    }
  }

  /** The tenant's thread ids as the projector's list answers them (empty until it answers). */
  private static List<String> threadIds(Projector projector) {
    List<String> ids = new ArrayList<>();
    read(projector, "/v1/threads?limit=100")
        .path("threads")
        .forEach(t -> ids.add(t.path("threadId").asText()));
    return ids;
  }

  private static dev.threadline.avro.CommandRejected rejected() {
    return dev.threadline.avro.CommandRejected.newBuilder()
        .setCommandId("c-1")
        .setCommandType("SendMessage")
        .setReason("not this tenant's thread")
        .build();
  }

  private static Projector start(ProjectorFixture fixture, Path stateDir) throws Exception {
    Map<String, String> settings = new HashMap<>(fixture.settings());
    settings.put("threadline.projector.state.dir", stateDir.toString());
    Projector projector = Projector.start(settings);
    projector.awaitRunning(Duration.ofSeconds(60));
    return projector;
  }

  /** The seqs of a thread's timeline page, as the read API serves them (empty until known). */
  private static List<Long> timeline(Projector projector, String threadId) {
    List<Long> seqs = new ArrayList<>();
    read(projector, "/v1/threads/" + threadId + "/events?after=0&limit=100")
        .path("events")
        .forEach(event -> seqs.add(event.path("seq").asLong()));
    return seqs;
  }

  /** {@code path} of the projector's read API as the tenant; a missing node unless it is 200. */
  private static JsonNode read(Projector projector, String path) {
    try {
      HttpResponse<String> response =
          http.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + projector.port() + path))
                  .header("Authorization", "Bearer " + KEY)
                  .timeout(Duration.ofSeconds(10))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      return response.statusCode() == 200 ? JSON.readTree(response.body()) : JSON.missingNode();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static void await(BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("condition not met in 60 s");
      }
      Thread.sleep(100);
    }
  }
}
