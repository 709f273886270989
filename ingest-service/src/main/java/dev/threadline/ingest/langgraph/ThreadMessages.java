package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.ingest.reads.ProjectorJson;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A thread's messages as LangGraph state ({@code {messages: [...]}}): those of its current branch,
 * read from the projector, then followed as a run's events append more and branch. The newest
 * {@value #KEPT} of its last {@value #TAIL_EVENTS} events are kept, and no more than {@value
 * #KEPT_CHARS} characters of them (a thousand messages of the largest a thread may hold would be a
 * quarter of a gigabyte): state is what a chat view shows, and a thread's whole history can be read
 * page by page from the messages endpoint.
 */
final class ThreadMessages {
  static final int KEPT = 1_000;
  static final long KEPT_CHARS = 8L << 20;
  private static final int PAGES = 200;
  private static final long TAIL_EVENTS = 20_000;

  /**
   * A message kept: its own seq, the seq of the message it is a copy of at first ({@code
   * canonical}: its id on every branch) and the message as LangChain's.
   */
  record Kept(long seq, long canonical, ObjectNode message, int size) {}

  private final Deque<Kept> messages = new ArrayDeque<>();
  private final Map<Long, Long> copiesToCome = new HashMap<>();
  private long keptChars;
  private long lastSeq;
  private ObjectNode entries;

  /** The thread's messages as the projector has them (none for a thread it does not know). */
  static ThreadMessages read(ProjectorJson projector, String threadId) {
    return read(projector, threadId, Long.MAX_VALUE);
  }

  /** The thread's state now: its messages, and the key-value entries its head shows. */
  static ThreadMessages readState(ProjectorJson projector, String threadId) {
    return read(projector, threadId).withEntries(ThreadEntries.read(projector, threadId));
  }

  /**
   * The thread's messages on its current branch as they were at its event {@code upTo}: the state a
   * stream rejoined after that event goes on from, so the messages it replays are news to it.
   */
  static ThreadMessages read(ProjectorJson projector, String threadId, long upTo) {
    ThreadMessages state = new ThreadMessages();
    JsonNode summary = projector.summary(threadId);
    if (summary == null) {
      return state;
    }
    // The newest messages are among the thread's last events: a long thread is not read whole;
    // and a branch's messages start at it: those before it are on a branch the thread left.
    JsonNode branch = summary.path("branch");
    boolean branched = branch.isObject() && branch.path("eventSeq").asLong() <= upTo;
    long firstOnBranch = branched ? branch.path("firstMessageSeq").asLong() : 0;
    long after = Math.max(0, Math.min(summary.path("lastSeq").asLong(), upTo) - TAIL_EVENTS);
    if (branched) {
      after = Math.max(after, branch.path("eventSeq").asLong());
    }
    for (int page = 0; page < PAGES; page++) {
      JsonNode answer =
          projector.read(
              ProjectorJson.threadPath(threadId) + "/messages?limit=1000&after=" + after);
      if (answer == null) {
        break;
      }
      for (JsonNode m : answer.path("messages")) {
        long seq = m.path("messageSeq").asLong();
        if (m.path("eventSeq").asLong() > upTo) {
          return state;
        }
        if (seq >= firstOnBranch) {
          state.keep(m, seq, m.path("copyOf").asLong(seq));
        }
      }
      long last = answer.path("lastSeq").asLong(after);
      if (last <= after) {
        break;
      }
      after = last;
    }
    return state;
  }

  /**
   * The thread branched ({@code ThreadBranched}, live): the messages kept are on the branch it
   * left, and the next {@code copied} messages are copies of those up to {@code atMessageSeq}.
   */
  void branched(long atMessageSeq, long firstMessageSeq, int copied) {
    Map<Long, Long> canonical = new HashMap<>();
    messages.forEach(k -> canonical.put(k.seq(), k.canonical()));
    copiesToCome.clear();
    for (int i = 0; i < copied; i++) {
      long original = atMessageSeq - copied + 1 + i;
      long copy = firstMessageSeq + i;
      // A state read after the branch holds the copy itself, with its original's id.
      copiesToCome.put(
          copy, canonical.getOrDefault(copy, canonical.getOrDefault(original, original)));
    }
    messages.clear();
    keptChars = 0;
    // Read after the branch, the state passed its copies: the run's events bring them again.
    lastSeq = Math.min(lastSeq, firstMessageSeq - 1);
  }

  /** Whether message {@code seq} is one of the copies a branch announced and not yet appended. */
  boolean isCopyToCome(long seq) {
    return copiesToCome.containsKey(seq);
  }

  /** Whether every copy the last branch announced has been appended. */
  boolean copiesDone() {
    return copiesToCome.isEmpty();
  }

  /** Message {@code seq} (live) as LangChain's, once (null: seen before, or a system message). */
  ObjectNode append(JsonNode message, long seq) {
    Long copyOf = copiesToCome.remove(seq);
    return keep(message, seq, copyOf == null ? seq : copyOf);
  }

  /**
   * Message {@code seq} as read, a copy of {@code canonical}: once (null: seen before or system).
   */
  ObjectNode keep(JsonNode message, long seq, long canonical) {
    if (seq <= lastSeq) {
      return null;
    }
    lastSeq = seq;
    ObjectNode converted = LangChainMessages.of(message, canonical);
    if (converted != null) {
      int size = converted.toString().length();
      messages.addLast(new Kept(seq, canonical, converted, size));
      keptChars += size;
      // The newest message stays whatever its size; the oldest go first.
      while (messages.size() > 1 && (messages.size() > KEPT || keptChars > KEPT_CHARS)) {
        keptChars -= messages.removeFirst().size();
      }
    }
    return converted;
  }

  long lastMessageSeq() {
    return lastSeq;
  }

  /** The messages kept, oldest first: the states of the thread's current branch. */
  List<Kept> kept() {
    return List.copyOf(messages);
  }

  /** The thread's key-value entries, which its head state shows beside its messages. */
  ThreadMessages withEntries(ObjectNode entries) {
    this.entries = entries;
    return this;
  }

  /** {@code {messages: [...]}}, with {@code __interrupt__} when an approval is awaited. */
  ObjectNode values(List<ObjectNode> interrupts) {
    return values(messages.size(), interrupts);
  }

  /** The values of the state after the first {@code count} messages kept. */
  ObjectNode values(int count, List<ObjectNode> interrupts) {
    ObjectNode values = JSON.createObjectNode();
    ArrayNode list = values.putArray("messages");
    messages.stream().limit(count).forEach(k -> list.add(k.message()));
    if (entries != null && count == messages.size()) {
      values.setAll(entries);
    }
    if (interrupts != null && !interrupts.isEmpty()) {
      values.putArray("__interrupt__").addAll(interrupts);
    }
    return values;
  }
}
