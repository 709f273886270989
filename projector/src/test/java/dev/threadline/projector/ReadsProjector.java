package dev.threadline.projector;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.avro.EffectCancelled;
import dev.threadline.avro.EffectScheduled;
import dev.threadline.avro.EnvChanged;
import dev.threadline.avro.MissingVariable;
import dev.threadline.avro.SubagentVariablesProvided;
import dev.threadline.avro.SubagentVariablesRequired;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.testkit.ScratchDirs;
import dev.threadline.testkit.ThreadlineCluster;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * One real projector, started once for the read tests of this JVM ({@link ThreadReadsIT}, {@link
 * RunReadsIT}) with the threads they read projected: its tenant {@code acme} (key {@code acme-key})
 * and the services' internal token. It stops with the JVM.
 */
final class ReadsProjector {
  /** How long the projector holds a fenced read (ThreadReads.FENCE_WAIT). */
  static final Duration FENCE = Duration.ofSeconds(10);

  static final String INTERNAL = "internal-token-for-tests";
  static final ObjectMapper JSON = new ObjectMapper();
  static final Events THREAD = new Events("reads-1", "acme");
  static final Events ENDED = new Events("reads-2", "acme");
  static final Events VALUES = new Events("reads-3", "acme");
  static final Events RUNS = new Events("reads-4", "acme");
  static final Events TOKENS = new Events("reads-5", "acme");
  static final Events EDITED = new Events("reads-6", "acme");
  static final Events BIG = new Events("reads-7", "acme");
  static final Events PROGRESS = new Events("reads-8", "acme");
  static final Events BRANCHED = new Events("reads-9", "acme");
  static final Events AGENTS = new Events("reads-10", "acme");
  static final String BIG_TEXT = "x".repeat(200_000);
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  static Projector projector;
  static KafkaProducer<String, ThreadEvent> producer;
  static ProjectorFixture fixture;

  private ReadsProjector() {}

  /** Starts the projector and projects the threads, once. */
  static synchronized void start() throws Exception {
    if (projector != null) {
      return;
    }
    fixture =
        ProjectorFixture.create(
            "reads-it",
            2,
            Map.of("threadline.api-keys", "acme-key:acme", "threadline.internal.token", INTERNAL));
    Map<String, String> settings = new HashMap<>(fixture.settings());
    settings.put("threadline.projector.state.dir", ScratchDirs.create("reads-it-").toString());
    projector = Projector.start(settings);
    producer =
        ThreadlineCluster.shared()
            .producer(fixture.topics().threadEvents().valueSerde().serializer());
    send(THREAD.oneTurn("helper", "gpt-x"));
    send(
        List.of(
            THREAD.next(new EffectScheduled("fx-1", Events.T0.plusSeconds(60), "message", null)),
            THREAD.next(new EffectScheduled("fx-2", Events.T0.plusSeconds(90), "tool", null)),
            THREAD.next(new EffectCancelled("fx-1")),
            THREAD.next(new EnvChanged("CITY", false, "Lisbon", false)),
            THREAD.next(new EnvChanged("TOKEN", true, null, false)),
            THREAD.next(new EnvChanged("GONE", false, "x", false)),
            THREAD.next(new EnvChanged("GONE", false, null, true)),
            THREAD.next(
                new SubagentVariablesRequired(
                    "vars-20",
                    "vault",
                    "keeper",
                    "Apollo",
                    List.of(new MissingVariable("KEY", true, "the key")))),
            THREAD.next(
                new SubagentVariablesRequired("vars-21", "vault", "keeper", "Zeus", List.of())),
            THREAD.next(new SubagentVariablesProvided("vars-20", "reads-1/vault-vars-20"))));
    send(List.of(VALUES.created("helper", null)));
    for (String key : new String[] {"a", "b", "c", "d", "e"}) {
      send(List.of(VALUES.valueChanged(key, "\"" + key + "\"")));
    }
    send(
        List.of(
            RUNS.created("helper", null),
            RUNS.turnStarted(),
            RUNS.input("run-1", "first"),
            RUNS.queued("run-2"),
            RUNS.queued("run-3"),
            RUNS.message(dev.threadline.avro.Role.ASSISTANT, "first answer"),
            RUNS.turnCompleted(1)));
    ThreadEvent created = EDITED.created("helper", null);
    ThreadEvent said = EDITED.message(dev.threadline.avro.Role.USER, "call me Ishmael");
    send(
        List.of(
            created,
            said,
            EDITED.next(
                new dev.threadline.avro.MessageUpdated(
                    ((dev.threadline.avro.MessageAppended) said.getPayload()).getMessageSeq(),
                    "call me [name]"))));
    send(
        List.of(
            AGENTS.created("helper", null),
            AGENTS.message(dev.threadline.avro.Role.USER, "research this"),
            AGENTS.next(
                dev.threadline.avro.MessageAppended.newBuilder()
                    .setMessageSeq(9)
                    .setMessage(
                        dev.threadline.avro.ChatMessage.newBuilder()
                            .setRole(dev.threadline.avro.Role.USER)
                            .setContent("[subagent research notify] found a lead")
                            .setSender("subagent:research")
                            .build())
                    .build())));
    List<ThreadEvent> big = new java.util.ArrayList<>(List.of(BIG.created("helper", null)));
    for (int i = 0; i < 60; i++) {
      big.add(BIG.message(dev.threadline.avro.Role.USER, i + BIG_TEXT));
    }
    send(big);
    send(ENDED.oneTurn("helper", "gpt-x"));
    send(branchedTwice());
    send(
        List.of(
            ENDED.next(
                new SubagentVariablesRequired("vars-9", "vault", "keeper", "Apollo", List.of())),
            ENDED.next(new dev.threadline.avro.ThreadTerminated("done"))));
    projector.awaitRunning(Duration.ofSeconds(60));
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  producer.close();
                  projector.close();
                }));
  }

  /**
   * Messages 1 to 4; a regenerate at 3 (copies 5 to 7, answer 8); an edit at 6 (copies 9 and 10 —
   * of copies — then 11 and its answer 12).
   */
  private static List<ThreadEvent> branchedTwice() {
    Events t = BRANCHED;
    dev.threadline.avro.Role user = dev.threadline.avro.Role.USER;
    dev.threadline.avro.Role assistant = dev.threadline.avro.Role.ASSISTANT;
    return List.of(
        t.created("helper", null),
        t.messageAt(1, user, "hi"),
        t.messageAt(2, assistant, "hello"),
        t.messageAt(3, user, "and now?"),
        t.messageAt(4, assistant, "this"),
        t.next(new dev.threadline.avro.ThreadBranched(3L, 5L, 3, "run-regen")),
        t.messageAt(5, user, "hi"),
        t.messageAt(6, assistant, "hello"),
        t.messageAt(7, user, "and now?"),
        t.messageAt(8, assistant, "that"),
        t.next(new dev.threadline.avro.ThreadBranched(6L, 9L, 2, "run-edit")),
        t.messageAt(9, user, "hi"),
        t.messageAt(10, assistant, "hello"),
        t.messageAt(11, user, "and then?"),
        t.messageAt(12, assistant, "then this"));
  }

  static void send(List<ThreadEvent> events) {
    for (ThreadEvent e : events) {
      producer.send(
          new ProducerRecord<>(fixture.topics().threadEvents().name(), e.getThreadId(), e));
    }
    producer.flush();
  }

  static HttpResponse<String> get(String path, String token, String tenant) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + projector.port() + path))
            .header("Authorization", "Bearer " + token)
            .timeout(Duration.ofSeconds(20));
    if (tenant != null) {
      request.header("X-Threadline-Tenant", tenant);
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** The thread's effects, once its last events are projected (fenced at their seq). */
  static JsonNode fencedAt(String suffix, long seq) throws Exception {
    HttpResponse<String> answer =
        get("/v1/threads/reads-1" + suffix + "?atLeastSeq=" + seq, INTERNAL, "acme");
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    return JSON.readTree(answer.body());
  }

  /** Waits for a stream of {@code threadId} (another test's stream of another thread is none). */
  static void awaitStreamOpen(String threadId) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (projector.feed().subscribers(threadId) == 0 && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
  }

  static HttpResponse<String> read(String path) {
    try {
      HttpRequest request =
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + projector.port() + path))
              .header("Authorization", "Bearer acme-key")
              .timeout(Duration.ofSeconds(60))
              .build();
      return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
