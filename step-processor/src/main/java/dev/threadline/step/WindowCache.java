package dev.threadline.step;

import dev.threadline.step.core.Values.Message;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * The active context windows of recently stepped threads, in memory, so that assembling a model
 * request does not range-scan and decode the thread's whole window from {@code thread-messages}
 * every step (a cost that grows with thread length). Derived data, like {@link DeadlineIndex}: the
 * store stays the truth, and an entry is used only when it provably matches it — it must cover the
 * requested start and end exactly where the thread's state says the messages end. Anything else (a
 * gap, a rolled-back append after an aborted transaction, a window moved by compaction) is a miss
 * that reads the store and refills the entry. Bounded by the approximate bytes of the cached
 * messages (one tool output can be large), least recently used threads first out.
 */
final class WindowCache {
  private final long maxBytes;
  private final ToLongFunction<Message> sizer;
  private long cachedBytes;
  private final LinkedHashMap<String, Window> windows = new LinkedHashMap<>(256, 0.75f, true);

  /** Every message of the thread from {@code from} up to (not including) {@code nextSeq}. */
  private static final class Window {
    final long from;
    final List<Long> seqs = new ArrayList<>();
    final List<Message> messages = new ArrayList<>();
    long nextSeq;
    long bytes;

    Window(long from, long nextSeq) {
      this.from = from;
      this.nextSeq = nextSeq;
    }
  }

  WindowCache(long maxBytes) {
    this(maxBytes, WindowCache::approximateBytes);
  }

  WindowCache(long maxBytes, ToLongFunction<Message> sizer) {
    this.maxBytes = maxBytes;
    this.sizer = sizer;
  }

  /** What a message holds on the heap, roughly: its strings (one byte a character) and objects. */
  static long approximateBytes(Message m) {
    long bytes = 96 + length(m.content()) + length(m.toolCallId()) + length(m.toolName());
    bytes += length(m.channel()) + length(m.sender());
    for (var call : m.toolCalls()) {
      bytes += 64 + length(call.callId()) + length(call.name()) + length(call.argumentsJson());
    }
    for (var attachment : m.attachments()) {
      bytes += 64 + length(attachment.path()) + length(attachment.name());
    }
    return bytes;
  }

  private static long length(String s) {
    return s == null ? 0 : 40 + s.length();
  }

  /**
   * The messages of {@code threadId} from {@code fromSeq} up to (not including) {@code untilSeq},
   * or null when the cache cannot prove it has exactly them.
   */
  List<Message> get(String threadId, long fromSeq, long untilSeq) {
    Window w = windows.get(threadId);
    if (w == null || w.nextSeq != untilSeq || w.from > fromSeq) {
      return null;
    }
    // Seqs are unique and ascending: an exact hit, or where fromSeq would go.
    int found = Collections.binarySearch(w.seqs, fromSeq);
    int start = found >= 0 ? found : -found - 1;
    return new ArrayList<>(w.messages.subList(start, w.messages.size()));
  }

  /**
   * Remembers what the store holds for {@code threadId} from {@code fromSeq} up to {@code
   * untilSeq}: {@code messages[i]} has seq {@code seqs[i]}.
   */
  void put(String threadId, long fromSeq, long untilSeq, List<Long> seqs, List<Message> messages) {
    remove(threadId);
    boolean complete = seqs.isEmpty() || seqs.get(seqs.size() - 1) < untilSeq;
    if (maxBytes <= 0 || !complete) {
      return;
    }
    Window w = new Window(fromSeq, untilSeq);
    w.seqs.addAll(seqs);
    w.messages.addAll(messages);
    for (Message m : messages) {
      w.bytes += sizer.applyAsLong(m);
    }
    if (w.bytes > maxBytes) {
      return;
    }
    windows.put(threadId, w);
    cachedBytes += w.bytes;
    evict();
  }

  /** Keeps a cached window in step with an append; an append out of order drops the entry. */
  void appended(String threadId, long seq, Message message) {
    Window w = windows.get(threadId);
    if (w == null) {
      return;
    }
    if (seq != w.nextSeq) {
      remove(threadId);
      return;
    }
    long bytes = sizer.applyAsLong(message);
    w.seqs.add(seq);
    w.messages.add(message);
    w.nextSeq = seq + 1;
    w.bytes += bytes;
    cachedBytes += bytes;
    evict();
  }

  /** The approximate bytes of all cached messages. */
  long bytes() {
    return cachedBytes;
  }

  /** Forgets the thread's window (a deleted thread's messages are gone). */
  void forget(String threadId) {
    remove(threadId);
  }

  private void remove(String threadId) {
    Window old = windows.remove(threadId);
    if (old != null) {
      cachedBytes -= old.bytes;
    }
  }

  private void evict() {
    Iterator<Map.Entry<String, Window>> eldest = windows.entrySet().iterator();
    while (cachedBytes > maxBytes && eldest.hasNext()) {
      cachedBytes -= eldest.next().getValue().bytes;
      eldest.remove();
    }
  }
}
