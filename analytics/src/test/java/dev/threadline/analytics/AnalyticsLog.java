package dev.threadline.analytics;

import dev.threadline.avro.ModelCallCompleted;
import dev.threadline.avro.ModelCallRequested;
import dev.threadline.avro.SubagentCreated;
import dev.threadline.avro.ThreadCreated;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.avro.ThreadStatus;
import dev.threadline.avro.ThreadStatusChanged;
import dev.threadline.avro.ThreadTerminated;
import dev.threadline.avro.ToolCallCompleted;
import dev.threadline.avro.TurnCompleted;
import dev.threadline.avro.TurnStarted;
import dev.threadline.avro.Usage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A small log whose answers are known: acme's two planner threads (one with two helper children)
 * make four gpt-4o-mini calls of 1,000 tokens in and 100 out and three search calls, one failed;
 * globex's planner makes two calls of a scripted model and a search, and is terminated.
 */
final class AnalyticsLog {
  private static final Instant T0 = Instant.parse("2026-11-27T09:00:00Z");
  private final List<ThreadEvent> events = new ArrayList<>();
  private String thread;
  private String tenant;
  private long seq;
  private int turn;

  private AnalyticsLog() {}

  static List<ThreadEvent> events() {
    AnalyticsLog log = new AnalyticsLog();
    log.thread("acme", "t-a", "planner", null);
    log.turn(
        () -> {
          log.model("r1", "openai", "gpt-4o-mini", 1_000, 100);
          log.tool("search", null);
          log.add(new SubagentCreated("t-a/c1", "c1", "helper", "helper", false));
          log.add(new SubagentCreated("t-a/c2", "c2", "helper", "helper", false));
          log.model("r2", "openai", "gpt-4o-mini", 1_000, 100);
        });
    log.ends(ThreadStatus.COMPLETED);
    for (String child : List.of("t-a/c1", "t-a/c2")) {
      log.thread("acme", child, "helper", "t-a");
      log.turn(() -> {});
      log.ends(ThreadStatus.COMPLETED);
    }
    log.thread("acme", "t-b", "planner", null);
    log.turn(
        () -> {
          log.model("r1", "openai", "gpt-4o-mini", 1_000, 100);
          log.tool("search", "boom");
          log.tool("search", null);
          log.model("r2", "openai", "gpt-4o-mini", 1_000, 100);
        });
    log.ends(ThreadStatus.COMPLETED);
    log.thread("globex", "t-c", "planner", null);
    log.turn(
        () -> {
          log.model("r1", "scripted", null, 0, 0);
          log.tool("search", null);
          log.model("r2", "scripted", null, 0, 0);
        });
    log.add(new ThreadTerminated("enough"));
    return log.events;
  }

  private void thread(String tenantId, String threadId, String agent, String parent) {
    tenant = tenantId;
    thread = threadId;
    seq = 0;
    turn = 0;
    add(new ThreadCreated(agent, parent, null, Map.of()));
  }

  private void turn(Runnable work) {
    turn++;
    add(new ThreadStatusChanged(ThreadStatus.IDLE, ThreadStatus.RUNNING));
    add(new TurnStarted("message", ThreadGroup.TASK));
    work.run();
    add(new TurnCompleted("response", 2));
  }

  private void ends(ThreadStatus status) {
    add(new ThreadStatusChanged(ThreadStatus.RUNNING, status));
  }

  private void model(String id, String provider, String model, long in, long out) {
    String requestId = thread + "/t" + turn + "/" + id;
    add(
        ModelCallRequested.newBuilder()
            .setRequestId(requestId)
            .setAttempt(1)
            .setProvider(provider)
            .setModel(model)
            .setGroup(ThreadGroup.TASK)
            .setMessageCount(1)
            .setDeadline(T0)
            .build());
    add(new ModelCallCompleted(requestId, new Usage(in, out, 0L, 0L), "stop", 0, 40L));
  }

  private void tool(String name, String error) {
    add(new ToolCallCompleted(thread + "/t" + turn + "/c" + seq, "c" + seq, name, 12L, error));
  }

  private void add(Object payload) {
    seq++;
    events.add(
        new ThreadEvent(thread, tenant, seq, turn, 1, 0L, T0.plusSeconds(events.size()), payload));
  }
}
