package dev.threadline.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The {@code crons} round of {@code ./threadline chaos}: {@code threads} threads each given a cron
 * firing every 2 seconds; {@code killAfter} in, every process of the stack — broker and registry
 * too — killed with SIGKILL at once; once each cron fired twice more after the restart, the crons
 * deleted; then the log checked ({@link CronCheck}): every time a cron was set for fired once, one
 * run each, none lost, none doubled.
 */
final class ChaosCrons {
  static final String CRONS = "crons";
  private static final String EVERY_TWO_SECONDS = "* * * * * */2";

  private final LocalStack stack;
  private final ChaosRun run;
  private final CronCheck crons;
  private final ChaosLog log;

  ChaosCrons(LocalStack stack, ChaosRun run, CronCheck crons, ChaosLog log) {
    this.stack = stack;
    this.run = run;
    this.crons = crons;
    this.log = log;
  }

  private record Cron(String threadId, String effectId) {
    String name() {
      return threadId + "/" + effectId;
    }
  }

  ChaosRun.Row round(String round, int threads, Duration killAfter, Duration timeout)
      throws Exception {
    run.call("PUT", "/v1/agents/chaos-1", ChaosRun.agent(1), 200, null);
    long start = System.nanoTime();
    long deadline = start + timeout.toNanos();
    int deadBefore = log.deadLetters();
    AtomicInteger retries = new AtomicInteger();
    List<Cron> made = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      String key = round + "-" + i;
      String threadId =
          run.until("POST", "/v1/threads", "{\"agent\": \"chaos-1\"}", 201, key, retries, deadline)
              .path("threadId")
              .asText();
      String cron = "{\"cron\": \"" + EVERY_TWO_SECONDS + "\", \"message\": \"tick\"}";
      JsonNode scheduled =
          run.until(
              "POST",
              "/v1/threads/" + threadId + "/effects",
              cron,
              202,
              key + "-cron",
              retries,
              deadline);
      made.add(new Cron(threadId, scheduled.path("effectId").asText()));
    }
    Thread.sleep(killAfter);
    Map<String, Integer> firedAtKill = new java.util.HashMap<>();
    made.forEach(c -> firedAtKill.put(c.name(), crons.fired(c.threadId(), c.effectId())));
    long killed = System.nanoTime();
    for (String process : List.copyOf(stack.pids().keySet())) {
      run.kill(process);
    }
    // Each cron goes on after the restart: two more firings each.
    while (!made.stream()
            .allMatch(c -> crons.fired(c.threadId(), c.effectId()) >= firedAtKill.get(c.name()) + 2)
        && System.nanoTime() < deadline) {
      Thread.sleep(200);
    }
    long resumed = System.nanoTime();
    int before = firedAtKill.values().stream().mapToInt(Integer::intValue).sum();
    int after = made.stream().mapToInt(c -> crons.fired(c.threadId(), c.effectId())).sum();
    System.out.printf(
        "  %d crons fired %d times before the kill, %d after it%n",
        made.size(), before, after - before);
    for (Cron c : made) {
      run.until(
          "DELETE",
          "/v1/threads/" + c.threadId() + "/effects/" + c.effectId(),
          "",
          202,
          round + "-delete-" + c.effectId(),
          retries,
          deadline);
    }
    while (!made.stream().allMatch(c -> crons.settled(c.threadId(), c.effectId()))
        && System.nanoTime() < deadline) {
      Thread.sleep(200);
    }
    Thread.sleep(2_000); // anything doubled late would show now
    List<String> problems = crons.problems(made.stream().map(Cron::name).toList());
    int settled =
        (int) made.stream().filter(c -> crons.settled(c.threadId(), c.effectId())).count();
    long lost = problems.stream().filter(p -> p.contains("never")).count();
    long doubled =
        problems.stream().filter(p -> p.contains("twice") || p.contains("again")).count();
    if (settled < made.size()) {
      problems.add((made.size() - settled) + " crons not cancelled and settled in time");
    }
    return new ChaosRun.Row(
        CRONS,
        new ChaosCheck.Verdict(made.size(), settled, (int) lost, (int) doubled, problems),
        Duration.ofNanos(System.nanoTime() - start - 2_000_000_000L),
        log.longestStall(start),
        Duration.ofNanos(resumed - killed),
        null,
        retries.get(),
        log.deadLetters() - deadBefore);
  }
}
