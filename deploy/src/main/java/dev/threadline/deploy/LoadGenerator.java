package dev.threadline.deploy;

import dev.threadline.avro.CreateThread;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.UserMessage;
import dev.threadline.topics.CommandEnvelope;
import dev.threadline.topics.Topics;
import dev.threadline.topics.UserMessages;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Starts the bench's threads: {@code CreateThread} commands produced to the commands topic (kafka
 * mode), or {@code POST /v1/threads} through the ingest service with idempotency keys, at most 32
 * in flight, each sent again after its Retry-After when the ingest's rate limit answers 429 (http
 * mode; idle threads are always produced directly).
 */
final class LoadGenerator implements AutoCloseable {
  private static final int HTTP_IN_FLIGHT = 32;

  private final LocalStack stack;
  private final Topics topics;
  private final boolean http;

  /**
   * One producer for every round, made at the first: a new one's start (metadata, connections) took
   * longer than a 10 × 20 round, while the stack idled at the measured run's expense.
   */
  private KafkaProducer<String, ThreadCommand> producer;

  LoadGenerator(LocalStack stack, Topics topics, boolean http) {
    this.stack = stack;
    this.topics = topics;
    this.http = http;
  }

  /**
   * Starts {@code count} threads of {@code agent}, with a first message ({@code start}) or idle.
   */
  void send(String agent, String runId, int count, boolean start) throws Exception {
    String prefix = "bench-" + runId + "-";
    if (http && start) {
      post(agent, prefix, count);
    } else {
      produce(agent, prefix, count, start);
    }
  }

  private void post(String agent, String prefix, int count) throws InterruptedException {
    Semaphore inFlight = new Semaphore(HTTP_IN_FLIGHT);
    Queue<String> failures = new ConcurrentLinkedQueue<>();
    HttpClient client = HttpClient.newHttpClient();
    List<CompletableFuture<?>> calls = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      inFlight.acquire();
      String body =
          "{\"agent\": \""
              + agent
              + "\", \"message\": \"go\", \"metadata\": {\"bench\": \""
              + prefix
              + "\"}}";
      HttpRequest request =
          HttpRequest.newBuilder(URI.create(stack.ingestUrl() + "/v1/threads"))
              .header("Authorization", "Bearer " + stack.apiKey())
              .header("Content-Type", "application/json")
              .header("Idempotency-Key", prefix + i)
              .POST(HttpRequest.BodyPublishers.ofString(body))
              .build();
      calls.add(
          sendWithinRateLimit(client, request)
              .whenComplete(
                  (r, e) -> {
                    inFlight.release();
                    if (e != null || r.statusCode() != 201) {
                      failures.add(e != null ? e.toString() : r.statusCode() + " " + r.body());
                    }
                  }));
    }
    CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).join();
    if (!failures.isEmpty()) {
      throw new IllegalStateException(
          failures.size() + " POST /v1/threads failed, first: " + failures.peek());
    }
  }

  /** Sends {@code request}, again after its Retry-After while the ingest answers 429. */
  private static CompletableFuture<HttpResponse<String>> sendWithinRateLimit(
      HttpClient client, HttpRequest request) {
    return client
        .sendAsync(request, HttpResponse.BodyHandlers.ofString())
        .thenCompose(
            r -> {
              if (r.statusCode() != 429) {
                return CompletableFuture.completedFuture(r);
              }
              long seconds = r.headers().firstValueAsLong("Retry-After").orElse(1);
              return CompletableFuture.supplyAsync(
                      () -> null,
                      CompletableFuture.delayedExecutor(
                          seconds, java.util.concurrent.TimeUnit.SECONDS))
                  .thenCompose(x -> sendWithinRateLimit(client, request));
            });
  }

  private void produce(String agent, String prefix, int count, boolean start) {
    if (producer == null) {
      Map<String, Object> config = new HashMap<>();
      config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrap());
      config.put(ProducerConfig.LINGER_MS_CONFIG, 5);
      producer =
          new KafkaProducer<>(
              config, new StringSerializer(), topics.threadCommands().valueSerde().serializer());
    }
    for (int i = 0; i < count; i++) {
      String threadId = prefix + i;
      UserMessage go = start ? UserMessages.text("go") : null;
      ThreadCommand command =
          CommandEnvelope.of(
              threadId + "/create",
              "local",
              threadId,
              Instant.now(),
              CreateThread.newBuilder().setAgentName(agent).setMessage(go).build());
      producer.send(new ProducerRecord<>(topics.threadCommands().name(), threadId, command));
    }
    producer.flush();
  }

  @Override
  public void close() {
    if (producer != null) {
      producer.close();
    }
  }
}
