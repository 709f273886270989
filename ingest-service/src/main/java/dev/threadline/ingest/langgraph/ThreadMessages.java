package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.ingest.reads.ProjectorJson;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * A thread's messages as LangGraph state ({@code {messages: [...]}}): read from the projector, then
 * followed as a run's events append more. The newest {@value #KEPT} of its last {@value
 * #TAIL_EVENTS} events are kept, and no more than {@value #KEPT_CHARS} characters of them (a
 * thousand messages of the largest a thread may hold would be a quarter of a gigabyte): state is
 * what a chat view shows, and a thread's whole history can be read page by page from the messages
 * endpoint.
 */
final class ThreadMessages {
  static final int KEPT = 1_000;
  static final long KEPT_CHARS = 8L << 20;
  private static final int PAGES = 200;
  private static final long TAIL_EVENTS = 20_000;
  private final Deque<ObjectNode> messages = new ArrayDeque<>();
  private final Deque<Integer> sizes = new ArrayDeque<>();
  private long keptChars;
  private long lastSeq;

  /** The thread's messages as the projector has them (none for a thread it does not know). */
  static ThreadMessages read(ProjectorJson projector, String threadId) {
    return read(projector, threadId, Long.MAX_VALUE);
  }

  /**
   * The thread's messages as they were at its event {@code upTo}: the state a stream rejoined after
   * that event goes on from, so the messages it replays are news to it.
   */
  static ThreadMessages read(ProjectorJson projector, String threadId, long upTo) {
    ThreadMessages state = new ThreadMessages();
    JsonNode summary = projector.summary(threadId);
    if (summary == null) {
      return state;
    }
    // The newest messages are among the thread's last events: a long thread is not read whole.
    long after = Math.max(0, Math.min(summary.path("lastSeq").asLong(), upTo) - TAIL_EVENTS);
    for (int page = 0; page < PAGES; page++) {
      JsonNode answer =
          projector.read(
              ProjectorJson.threadPath(threadId) + "/messages?limit=1000&after=" + after);
      if (answer == null) {
        break;
      }
      for (JsonNode m : answer.path("messages")) {
        if (m.path("eventSeq").asLong() > upTo) {
          return state;
        }
        state.append(m, m.path("messageSeq").asLong());
      }
      long last = answer.path("lastSeq").asLong(after);
      if (last <= after) {
        break;
      }
      after = last;
    }
    return state;
  }

  /** Message {@code seq} as LangChain's, once (null: seen before, or a system message). */
  ObjectNode append(JsonNode message, long seq) {
    if (seq <= lastSeq) {
      return null;
    }
    lastSeq = seq;
    ObjectNode converted = LangChainMessages.of(message, seq);
    if (converted != null) {
      int size = converted.toString().length();
      messages.addLast(converted);
      sizes.addLast(size);
      keptChars += size;
      // The newest message stays whatever its size; the oldest go first.
      while (messages.size() > 1 && (messages.size() > KEPT || keptChars > KEPT_CHARS)) {
        messages.removeFirst();
        keptChars -= sizes.removeFirst();
      }
    }
    return converted;
  }

  long lastMessageSeq() {
    return lastSeq;
  }

  /** {@code {messages: [...]}}, with {@code __interrupt__} when an approval is awaited. */
  ObjectNode values(List<ObjectNode> interrupts) {
    ObjectNode values = JSON.createObjectNode();
    ArrayNode list = values.putArray("messages");
    messages.forEach(list::add);
    if (interrupts != null && !interrupts.isEmpty()) {
      values.putArray("__interrupt__").addAll(interrupts);
    }
    return values;
  }
}
