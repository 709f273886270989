package dev.threadline.deploy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One round of {@code ./threadline chaos}: {@code threads} threads of {@code steps} model calls
 * started through the HTTP API — each POST retried with its Idempotency-Key until it is answered
 * 201, whatever is down — while {@code target} is killed with SIGKILL {@code killAfter} into the
 * round (the launcher's supervision starts it again); then the log is checked.
 */
final class ChaosRun {
  /**
   * What a round found: the verdict, how long it took, the longest pause in completions, and how
   * long after the first kill and after the last restart of a killed process the last thread
   * finished ({@code null} when nothing was killed, or restarted, during the round): the operator
   * feels the first, the second leaves out the supervision's delay.
   */
  record Row(
      String target,
      ChaosCheck.Verdict verdict,
      Duration took,
      Duration stall,
      Duration doneAfterKill,
      Duration doneAfterRestart,
      int retries,
      int deadLetters) {
    boolean ok() {
      return verdict.ok() && deadLetters == 0;
    }

    Row labelled(String label) {
      return new Row(
          label, verdict, took, stall, doneAfterKill, doneAfterRestart, retries, deadLetters);
    }
  }

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
  private final LocalStack stack;
  private final ChaosCheck check;
  private final ChaosLog log;

  /** When this round's first process was killed (System.nanoTime), or 0. */
  private volatile long killedAt;

  private final Duration outage;

  ChaosRun(LocalStack stack, ChaosCheck check, ChaosLog log, Duration outage) {
    this.stack = stack;
    this.check = check;
    this.log = log;
    this.outage = outage;
  }

  /**
   * The registry down for {@link #outage} — and, 2 s into it, the step processor and the executor
   * killed too, so that they start again while the registry is away.
   */
  static final String REGISTRY_OUTAGE = "registry-outage";

  /**
   * In a cluster (2 instances, 3 brokers): one instance of each service and one broker killed for
   * good; the survivors must carry the load.
   */
  static final String CLUSTER = "cluster";

  /** The step processor, the executor and the projector killed at the same moment. */
  static final String SERVICES = "services";

  private void registryOutage() throws InterruptedException {
    stack.processes().holdRestart("registry", outage);
    kill("registry");
    Thread.sleep(2_000);
    kill("step-processor");
    kill("tool-executor");
  }

  /** Kills {@code name} — in a cluster, its first instance ({@code name-1}). */
  void kill(String name) {
    Map<String, Long> pids = stack.pids();
    Long pid = pids.containsKey(name) ? pids.get(name) : pids.get(name + "-1");
    if (pid != null) {
      if (killedAt == 0) {
        killedAt = System.nanoTime();
      }
      ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
      System.out.println("  killed " + name + " (pid " + pid + ")");
    }
  }

  /** The scripted agent of a round: {@code steps - 1} echo calls, then a reply. */
  static String agent(int steps) {
    StringBuilder script = new StringBuilder();
    for (int i = 1; i < steps; i++) {
      script
          .append("{\"toolCalls\": [{\"name\": \"echo\", \"arguments\": {\"step\": ")
          .append(i)
          .append("}}]}, ");
    }
    script.append("{\"text\": \"done\"}");
    return "{\"model\": {\"provider\": \"scripted\", \"script\": ["
        + script
        + "]}, \"tools\": [{\"name\": \"echo\", \"permission\": \"allow\"}],"
        + " \"stop\": {\"stopOnResponse\": true, \"maxSteps\": "
        + (steps + 1)
        + "}, \"group\": \"task\"}";
  }

  Row run(String round, String target, int threads, int steps, Duration killAfter, Duration timeout)
      throws Exception {
    String agent = "chaos-" + steps;
    call("PUT", "/v1/agents/" + agent, agent(steps), 200, null);
    long start = System.nanoTime();
    killedAt = 0;
    int deadBefore = log.deadLetters();
    Thread killer =
        Thread.ofVirtual()
            .start(
                () -> {
                  try {
                    Thread.sleep(killAfter);
                    if (target.equals(REGISTRY_OUTAGE)) {
                      registryOutage();
                    } else if (target.equals(CLUSTER)) {
                      for (String name :
                          List.of(
                              "step-processor-2", "tool-executor-2", "projector-2", "kafka-3")) {
                        stack.processes().holdRestart(name, Duration.ofDays(1));
                        kill(name);
                      }
                    } else if (target.equals(SERVICES)) {
                      kill("step-processor");
                      kill("tool-executor");
                      kill("projector");
                    } else {
                      kill(target);
                    }
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                });
    AtomicInteger retries = new AtomicInteger();
    // Creations are spread over twice the time to the kill, so that threads are started before,
    // during and after it, not all done before it lands.
    // A registry outage round spreads them over the outage too: threads started while it lasts
    // and after it must finish once it ends.
    Duration window =
        target.equals(REGISTRY_OUTAGE)
            ? killAfter.plus(outage).plusSeconds(2)
            : killAfter.multipliedBy(2);
    long spread = window.toNanos() / Math.max(1, threads);
    List<String> ids = start(round, agent, threads, spread, retries, start + timeout.toNanos());
    long deadline = start + timeout.toNanos();
    while (check.finished(ids) < ids.size() && System.nanoTime() < deadline) {
      Thread.sleep(200);
    }
    killer.join();
    Thread.sleep(2_000); // anything duplicated late would show now
    return new Row(
        target,
        check.verdict(ids, steps),
        Duration.ofNanos(System.nanoTime() - start - 2_000_000_000L),
        log.longestStall(start),
        doneAfterKill(),
        doneAfterRestart(start),
        retries.get(),
        log.deadLetters() - deadBefore);
  }

  /** From the round's first kill to its last completed turn. */
  private Duration doneAfterKill() {
    long last = log.lastCompletion();
    return killedAt > 0 && last > killedAt ? Duration.ofNanos(last - killedAt) : null;
  }

  /** From the latest restart of a process during the round to its last completed turn. */
  private Duration doneAfterRestart(long roundStart) {
    long restarted =
        stack.processes().pids().keySet().stream()
            .mapToLong(stack.processes()::startedAt)
            .max()
            .orElse(0);
    long last = log.lastCompletion();
    return restarted > roundStart && last > restarted ? Duration.ofNanos(last - restarted) : null;
  }

  private List<String> start(
      String round, String agent, int threads, long spread, AtomicInteger retries, long deadline)
      throws InterruptedException {
    List<String> ids = new CopyOnWriteArrayList<>();
    Semaphore inFlight = new Semaphore(16);
    List<Thread> posts = new ArrayList<>();
    long begin = System.nanoTime();
    for (int i = 0; i < threads; i++) {
      long wait = begin + i * spread - System.nanoTime();
      if (wait > 0) {
        Thread.sleep(Duration.ofNanos(wait));
      }
      inFlight.acquire();
      String key = round + "-" + i;
      posts.add(
          Thread.ofVirtual()
              .start(
                  () -> {
                    try {
                      ids.add(create(agent, key, retries, deadline));
                    } finally {
                      inFlight.release();
                    }
                  }));
    }
    for (Thread post : posts) {
      post.join();
    }
    return ids;
  }

  /** POST /v1/threads until 201, with the same Idempotency-Key every time. */
  private String create(String agent, String key, AtomicInteger retries, long deadline) {
    String body = "{\"agent\": \"" + agent + "\", \"message\": \"go\"}";
    return until("POST", "/v1/threads", body, 201, key, retries, deadline)
        .path("threadId")
        .asText();
  }

  /**
   * {@code method path} until it is answered {@code expected}, with the same Idempotency-Key every
   * time; its answer's JSON.
   */
  com.fasterxml.jackson.databind.JsonNode until(
      String method,
      String path,
      String body,
      int expected,
      String key,
      AtomicInteger retries,
      long deadline) {
    while (true) {
      try {
        HttpResponse<String> r = send(method, path, body, key);
        if (r.statusCode() == expected) {
          return r.body().isEmpty() ? JSON.nullNode() : JSON.readTree(r.body());
        }
      } catch (Exception e) {
        // the ingest service or what it writes to is down: the same request again, later
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(method + " " + path + " (" + key + ") not done in time");
      }
      retries.incrementAndGet();
      try {
        Thread.sleep(500);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }

  /** {@code method path} until it is answered {@code expected}, for at most a minute. */
  void call(String method, String path, String body, int expected, String key) {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    until(method, path, body, expected, key, new AtomicInteger(), deadline);
  }

  private HttpResponse<String> send(String method, String path, String body, String key)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(stack.ingestUrl() + path))
            .header("Authorization", "Bearer " + stack.apiKey())
            .header("Content-Type", "application/json")
            .timeout(Duration.ofSeconds(10))
            .method(method, HttpRequest.BodyPublishers.ofString(body));
    if (key != null) {
      request.header("Idempotency-Key", key);
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
