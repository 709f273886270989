package dev.threadline.step;

import dev.threadline.step.core.Values.Message;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The active context windows of recently stepped threads, in memory, so that assembling a model
 * request does not range-scan and decode the thread's whole window from {@code thread-messages}
 * every step (a cost that grows with thread length). Derived data, like {@link DeadlineIndex}: the
 * store stays the truth, and an entry is used only when it provably matches it — it must cover the
 * requested start and end exactly where the thread's state says the messages end. Anything else (a
 * gap, a rolled-back append after an aborted transaction, a window moved by compaction) is a miss
 * that reads the store and refills the entry. Bounded by the total number of cached messages, least
 * recently used threads first out.
 */
final class WindowCache {
  private final int maxMessages;
  private int cachedMessages;
  private final LinkedHashMap<String, Window> windows = new LinkedHashMap<>(256, 0.75f, true);

  /** Every message of the thread from {@code from} up to (not including) {@code nextSeq}. */
  private static final class Window {
    final long from;
    final List<Long> seqs = new ArrayList<>();
    final List<Message> messages = new ArrayList<>();
    long nextSeq;

    Window(long from, long nextSeq) {
      this.from = from;
      this.nextSeq = nextSeq;
    }
  }

  WindowCache(int maxMessages) {
    this.maxMessages = maxMessages;
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
    int start = firstAtOrAfter(w.seqs, fromSeq);
    return new ArrayList<>(w.messages.subList(start, w.messages.size()));
  }

  /**
   * Remembers what the store holds for {@code threadId} from {@code fromSeq} up to {@code
   * untilSeq}: {@code messages[i]} has seq {@code seqs[i]}.
   */
  void put(String threadId, long fromSeq, long untilSeq, List<Long> seqs, List<Message> messages) {
    remove(threadId);
    boolean complete = seqs.isEmpty() || seqs.get(seqs.size() - 1) < untilSeq;
    if (maxMessages <= 0 || !complete || seqs.size() > maxMessages) {
      return;
    }
    Window w = new Window(fromSeq, untilSeq);
    w.seqs.addAll(seqs);
    w.messages.addAll(messages);
    windows.put(threadId, w);
    cachedMessages += seqs.size();
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
    w.seqs.add(seq);
    w.messages.add(message);
    w.nextSeq = seq + 1;
    cachedMessages++;
    evict();
  }

  int size() {
    return cachedMessages;
  }

  private void remove(String threadId) {
    Window old = windows.remove(threadId);
    if (old != null) {
      cachedMessages -= old.seqs.size();
    }
  }

  private void evict() {
    Iterator<Map.Entry<String, Window>> eldest = windows.entrySet().iterator();
    while (cachedMessages > maxMessages && eldest.hasNext()) {
      cachedMessages -= eldest.next().getValue().seqs.size();
      eldest.remove();
    }
  }

  private static int firstAtOrAfter(List<Long> seqs, long seq) {
    int low = 0;
    int high = seqs.size();
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (seqs.get(mid) < seq) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  }
}
