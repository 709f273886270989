package dev.threadline.projector.http;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.MessageAppended;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.store.ThreadSummary;
import dev.threadline.topics.RecordJson;
import java.time.Duration;

/**
 * A thread's reads beyond its events and stream — its summary, key-value store, messages and
 * scheduled effects — as a thread's own tools read them through {@code ThreadState} and operators
 * through the API. {@code ?atLeastSeq=N} fences a read: it waits (up to {@link #FENCE_WAIT}) until
 * the projection holds the thread's events through seq N, so a tool whose request was issued at seq
 * N sees every write its thread made before the call; 503 if it does not get there, 404 if no
 * thread of the caller's was projected by then.
 */
final class ThreadReads {
  static final Duration FENCE_WAIT = Duration.ofSeconds(10);

  private ThreadReads() {}

  /**
   * The summary of {@code tenant}'s thread once the projection reached {@code atLeastSeq} (null: no
   * such thread). A thread projected as another tenant's is answered 404 at once, as its creation
   * would be refused at once ("thread id is taken": thread ids are global), so a fence on it holds
   * nobody's place; a missing one is waited for, as it may be on its way.
   */
  static ThreadSummary fenced(LocalViews views, String tenant, String threadId, long atLeastSeq) {
    long deadline = System.nanoTime() + FENCE_WAIT.toNanos();
    ThreadSummary summary = owned(views.summary(threadId), tenant, threadId);
    while (atLeastSeq > 0 && (summary == null || summary.getLastSeq() < atLeastSeq)) {
      if (System.nanoTime() > deadline && summary == null) {
        // No thread of the caller's was projected in all that time: it is none (a thread created
        // and acknowledged is projected in well under the fence's wait).
        throw Problem.notFound("no thread " + threadId);
      }
      if (System.nanoTime() > deadline) {
        throw Problem.unavailable(
            "the projection of thread "
                + threadId
                + " is at seq "
                + summary.getLastSeq()
                + ", not yet "
                + atLeastSeq
                + "; retry");
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw Problem.unavailable("interrupted");
      }
      summary = owned(views.summary(threadId), tenant, threadId);
    }
    return summary;
  }

  /** {@code summary} if it is {@code tenant}'s; null if there is none; 404 if another's. */
  static ThreadSummary owned(ThreadSummary summary, String tenant, String threadId) {
    if (summary != null && !summary.getTenantId().equals(tenant)) {
      throw Problem.notFound("no thread " + threadId);
    }
    return summary;
  }

  /**
   * The answer to {@code suffix} ("", "values", "value:KEY", "messages", "effects", "env",
   * "variables", "variables:REQUEST_ID").
   */
  static ObjectNode answer(LocalViews views, ThreadSummary summary, String suffix, Page page) {
    long after = page.after();
    int limit = page.limit();
    String threadId = summary.getThreadId();
    if (suffix.startsWith("value:")) {
      String key = suffix.substring(6);
      return ThreadValues.one(key, views.value(threadId, key));
    }
    if (suffix.startsWith("variables:")) {
      String requestId = suffix.substring(10);
      String request = views.variables(threadId).get(requestId);
      if (request == null) {
        throw Problem.notFound("no variables request '" + requestId + "' on thread " + threadId);
      }
      return (ObjectNode) parse(request);
    }
    return switch (suffix) {
      case "values" -> ThreadValues.page(views.values(threadId, page.afterKey(), limit), limit);
      case "effects" -> list("effects", views.effects(threadId));
      case "env" -> list("env", views.env(threadId));
      case "variables" -> list("requests", views.variables(threadId));
      case "messages" -> messages(views, threadId, views.messages(threadId, after, limit));
      default -> withBranch(AvroJson.summary(summary), views.branch(threadId));
    };
  }

  /**
   * Where a paged read starts and how much it takes: after event {@code after} (messages) or key
   * {@code afterKey} (values), at most {@code limit}.
   */
  record Page(long after, String afterKey, int limit) {}

  private static ObjectNode list(String name, java.util.Map<String, String> entries) {
    ObjectNode answer = ProjectorServer.JSON.createObjectNode();
    ArrayNode items = answer.putArray(name);
    entries.values().forEach(json -> items.add(parse(json)));
    return answer;
  }

  /** The summary, with where the thread's latest branch left it when it has branched. */
  private static ObjectNode withBranch(ObjectNode summary, String branch) {
    if (branch != null) {
      summary.set("branch", parse(branch));
    }
    return summary;
  }

  /**
   * A page of messages; a branch's copy says which message it is a copy of ({@code copyOf}, the seq
   * of the first of them), so a reader can show one message on every branch; one between agents
   * says it is {@code silent}.
   */
  static ObjectNode messages(LocalViews views, String threadId, LocalViews.MessagePage page) {
    ObjectNode answer = ProjectorServer.JSON.createObjectNode();
    ArrayNode messages = answer.putArray("messages");
    for (ThreadEvent e : page.messages()) {
      MessageAppended m = (MessageAppended) e.getPayload();
      ObjectNode message = RecordJson.record(m.getMessage());
      message.put("messageSeq", m.getMessageSeq()).put("eventSeq", e.getSeq());
      if (dev.threadline.agents.Senders.silent(m.getMessage().getSender())) {
        message.put("silent", true); // between agents: not the words of the person served
      }
      long original = views.canonical(threadId, m.getMessageSeq());
      if (original != m.getMessageSeq()) {
        message.put("copyOf", original);
      }
      messages.add(message);
    }
    answer.put("lastSeq", page.lastSeq());
    return answer;
  }

  private static com.fasterxml.jackson.databind.JsonNode parse(String json) {
    try {
      return ProjectorServer.JSON.readTree(json);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
