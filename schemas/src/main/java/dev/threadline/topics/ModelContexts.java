package dev.threadline.topics;

import dev.threadline.avro.Attachment;
import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.ContextReuse;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ToolCall;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The receiving end of incremental model requests ({@code ModelRequest.reuse}): keeps the whole
 * context of each recently served thread's last step request and rebuilds a request's whole context
 * from it and the messages the request carries. The executor uses it; so can any other consumer of
 * {@code model-requests.*} that needs whole contexts.
 *
 * <p>Bounded by the approximate bytes of the kept messages, least recently used threads first out.
 * Safe to call from many threads; calls for one thread must come in the topic's order (the executor
 * runs one request per thread at a time).
 */
public final class ModelContexts {
  /** What {@link #resolve} found. */
  public sealed interface Resolved {}

  /** The request's whole context. */
  public record Whole(List<ChatMessage> messages) implements Resolved {}

  /**
   * The request reuses messages this instance does not hold (or holds differently): answer {@code
   * ModelError} {@link ContextDigest#MISSING} and the step processor sends it whole.
   */
  public record Missing(String reason) implements Resolved {}

  /**
   * A thread's last step context. The hashes of a request that came whole are computed when a later
   * request first reuses it — never, where step processors send every context whole; a reusing
   * request's are the base's plus those of the messages it carried.
   */
  private static final class Kept {
    final String requestId;
    final List<ChatMessage> messages;
    final long bytes;
    private volatile int[] hashes;

    Kept(String requestId, List<ChatMessage> messages, int[] hashes, long bytes) {
      this.requestId = requestId;
      this.messages = messages;
      this.hashes = hashes;
      this.bytes = bytes;
    }

    int[] hashes() {
      int[] h = hashes;
      if (h == null) {
        h = new int[messages.size()];
        for (int i = 0; i < h.length; i++) {
          h[i] = ContextDigest.hash(messages.get(i));
        }
        hashes = h;
      }
      return h;
    }
  }

  private final KeptMessages compactor = new KeptMessages();
  private final long maxBytes;
  private long keptBytes;
  private final LinkedHashMap<String, Kept> byThread = new LinkedHashMap<>(256, 0.75f, true);

  /**
   * @param maxBytes how much to keep, approximately; 0 keeps nothing (every reuse is then missing)
   */
  public ModelContexts(long maxBytes) {
    this.maxBytes = maxBytes;
  }

  /**
   * The whole context of {@code request}, or why it cannot be rebuilt. A step request's whole
   * context is kept as the base of the thread's next request.
   */
  public Resolved resolve(ModelRequest request) {
    List<ChatMessage> carried = request.getMessages();
    ContextReuse reuse = request.getReuse();
    List<ChatMessage> whole;
    int[] hashes;
    long bytes = 0;
    if (reuse == null) {
      whole = carried;
      hashes = null;
      for (ChatMessage message : carried) {
        bytes += approximateBytes(message);
      }
    } else {
      Kept base = get(request.getThreadId());
      String missing = check(reuse, base, carried.size());
      if (missing != null) {
        return new Missing(missing + " (request " + request.getRequestId() + ")");
      }
      int from = reuse.getFrom();
      int count = reuse.getCount();
      int at = reuse.getAt();
      whole = new ArrayList<>(carried.size() + count);
      hashes = new int[carried.size() + count];
      whole.addAll(carried.subList(0, at));
      whole.addAll(base.messages.subList(from, from + count));
      whole.addAll(carried.subList(at, carried.size()));
      System.arraycopy(base.hashes(), from, hashes, at, count);
      for (int i = 0; i < carried.size(); i++) {
        ChatMessage message = carried.get(i);
        hashes[i < at ? i : i + count] = ContextDigest.hash(message);
        bytes += approximateBytes(message);
      }
      // The reused messages weigh what they weighed in the base, roughly in proportion.
      bytes += base.messages.isEmpty() ? 0 : base.bytes * count / base.messages.size();
    }
    if ("step".equals(request.getPurpose())) {
      // The messages it carried stay on the heap with the kept context; the reused ones already do.
      carried.forEach(compactor::compact);
      keep(
          request.getThreadId(),
          new Kept(request.getRequestId(), Collections.unmodifiableList(whole), hashes, bytes));
    }
    return new Whole(whole);
  }

  /** The approximate bytes kept. */
  public synchronized long bytes() {
    return keptBytes;
  }

  private static String check(ContextReuse reuse, Kept base, int carried) {
    if (base == null) {
      return "no context of this thread is held here";
    }
    if (!base.requestId.equals(reuse.getBaseRequestId())) {
      return "the context held here is of request "
          + base.requestId
          + ", not of "
          + reuse.getBaseRequestId();
    }
    int from = reuse.getFrom();
    int count = reuse.getCount();
    if (from < 0 || count < 0 || from + count > base.messages.size()) {
      return "messages ["
          + from
          + ", "
          + (from + count)
          + ") are not in the "
          + base.messages.size()
          + " held";
    }
    if (reuse.getAt() < 0 || reuse.getAt() > carried) {
      return "reused messages placed at " + reuse.getAt() + " of " + carried;
    }
    if (ContextDigest.of(base.hashes(), from, count) != reuse.getDigest()) {
      return "the messages held differ from the ones reused (digest)";
    }
    return null;
  }

  private synchronized Kept get(String threadId) {
    return byThread.get(threadId);
  }

  private synchronized void keep(String threadId, Kept kept) {
    Kept old = byThread.remove(threadId);
    if (old != null) {
      keptBytes -= old.bytes;
    }
    if (kept.bytes > maxBytes) {
      return;
    }
    byThread.put(threadId, kept);
    keptBytes += kept.bytes;
    Iterator<Map.Entry<String, Kept>> eldest = byThread.entrySet().iterator();
    while (keptBytes > maxBytes && eldest.hasNext()) {
      keptBytes -= eldest.next().getValue().bytes;
      eldest.remove();
    }
  }

  /** What a message holds on the heap, roughly: its strings (a byte a character) and objects. */
  static long approximateBytes(ChatMessage m) {
    long bytes = 96 + length(m.getContent()) + length(m.getToolCallId());
    bytes += length(m.getToolName()) + length(m.getChannel()) + length(m.getSender());
    for (ToolCall call : m.getToolCalls()) {
      bytes += 64 + length(call.getCallId()) + length(call.getName());
      bytes += length(call.getArgumentsJson());
    }
    for (Attachment attachment : m.getAttachments()) {
      bytes += 64 + length(attachment.getPath()) + length(attachment.getName());
    }
    return bytes + Integer.BYTES;
  }

  private static long length(CharSequence s) {
    return s == null ? 0 : 40 + s.length();
  }
}
