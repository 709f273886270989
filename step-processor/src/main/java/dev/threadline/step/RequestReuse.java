package dev.threadline.step;

import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.ContextReuse;
import dev.threadline.avro.ModelRequest;
import dev.threadline.step.core.ContextAssembler;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.mapping.ValueMapping;
import dev.threadline.topics.ContextDigest;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Makes step requests incremental: remembers the history part of each recently stepped thread's
 * last step request, so that the next one carries only the messages added (or changed) since and
 * points at the rest ({@code ModelRequest.reuse}). Without it, step k of a thread would serialize,
 * send, store and decode all k messages again, and the cost of a step would grow with the thread.
 *
 * <p>What is reused is decided by comparing messages, not by trusting bookkeeping: the longest
 * common prefix of the previous history and the new one (same messages, usually the same objects
 * from the {@link WindowCache}; pruning that rewrote an older tool output ends the prefix there).
 * The executor checks the reused part against its own copy by {@link ContextDigest} and answers
 * {@code context_missing} when it cannot serve it; then the thread's entry is dropped here ({@link
 * #forget}) and the request goes again, whole. So an entry that is stale — say, written by a
 * transaction that later aborted — costs a round trip, never a wrong context.
 *
 * <p>Per task, bounded by the approximate bytes of the remembered messages (most of them are the
 * {@link WindowCache}'s objects), least recently stepped threads first out; 0 turns reuse off.
 */
final class RequestReuse {
  private final long maxBytes;
  private long heldBytes;
  private final LinkedHashMap<String, Sent> sent = new LinkedHashMap<>(256, 0.75f, true);

  /**
   * A thread's last step request: its id, where its history started (store seq and index in the
   * whole context) and the history's messages with their digest hashes.
   */
  private record Sent(
      String requestId, long fromSeq, int historyAt, Message[] history, int[] hashes, long bytes) {}

  RequestReuse(long maxBytes) {
    this.maxBytes = maxBytes;
  }

  /**
   * Fills {@code request}'s messages from {@code context} — whole, or with what the thread's
   * previous step request already carried left out — and remembers this one.
   *
   * @param fromSeq the store seq of the history's first message
   */
  ModelRequest.Builder fill(
      ModelRequest.Builder request,
      String threadId,
      long fromSeq,
      ContextAssembler.Context context) {
    List<Message> all = context.messages();
    int at = context.historyAt();
    int length = all.size() - at;
    Sent previous = maxBytes > 0 ? sent.get(threadId) : null;
    int common = 0;
    if (previous != null && previous.fromSeq == fromSeq) {
      int max = Math.min(previous.history.length, length);
      while (common < max && same(previous.history[common], all.get(at + common))) {
        common++;
      }
    }
    List<ChatMessage> messages = new ArrayList<>(all.size() - common);
    for (int i = 0; i < at; i++) {
      messages.add(ValueMapping.message(all.get(i)));
    }
    Message[] history = all.subList(at, all.size()).toArray(Message[]::new);
    int[] hashes = new int[length];
    long bytes = 0;
    if (common > 0) {
      System.arraycopy(previous.hashes, 0, hashes, 0, common);
      bytes = common == previous.history.length ? previous.bytes : sizeOf(history, common);
      request.setReuse(
          new ContextReuse(
              previous.requestId,
              previous.historyAt,
              common,
              at,
              ContextDigest.of(previous.hashes, 0, common)));
    } else {
      request.setReuse(null);
    }
    for (int i = common; i < length; i++) {
      ChatMessage message = ValueMapping.message(history[i]);
      hashes[i] = ContextDigest.hash(message);
      bytes += sizeOf(history[i]);
      messages.add(message);
    }
    remember(threadId, new Sent(request.getRequestId(), fromSeq, at, history, hashes, bytes));
    return request.setMessages(messages);
  }

  /** The executor did not hold what this thread's last request reused: send the next one whole. */
  void forget(String threadId) {
    Sent old = sent.remove(threadId);
    if (old != null) {
      heldBytes -= old.bytes;
    }
  }

  /** The approximate bytes of what is remembered. */
  long bytes() {
    return heldBytes;
  }

  private void remember(String threadId, Sent entry) {
    forget(threadId);
    if (maxBytes <= 0 || entry.bytes > maxBytes) {
      return;
    }
    sent.put(threadId, entry);
    heldBytes += entry.bytes;
    Iterator<Map.Entry<String, Sent>> eldest = sent.entrySet().iterator();
    while (heldBytes > maxBytes && eldest.hasNext()) {
      heldBytes -= eldest.next().getValue().bytes;
      eldest.remove();
    }
  }

  private static boolean same(Message before, Message now) {
    return before == now || before.equals(now);
  }

  /** What remembering a message holds: the message (often shared with the window cache), a hash. */
  private static long sizeOf(Message m) {
    return WindowCache.approximateBytes(m) + Integer.BYTES;
  }

  private static long sizeOf(Message[] messages, int count) {
    long bytes = 0;
    for (int i = 0; i < count; i++) {
      bytes += sizeOf(messages[i]);
    }
    return bytes;
  }
}
