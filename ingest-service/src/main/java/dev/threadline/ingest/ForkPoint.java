package dev.threadline.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * Where a fork at event {@code atSeq} of a thread's log goes on from, folded from the log read in
 * seq order: the active window then (from the first message of the window that was open, to the
 * last message appended at or before {@code atSeq}), and the key-value store's keys written after
 * {@code atSeq} with the value each held at it — what the step processor, which holds the values of
 * now, needs to give the fork the values of then.
 */
public final class ForkPoint {
  private final long atSeq;
  private long nextSeq = 1;
  private long fromMessageSeq = 1;
  private long atMessageSeq;
  private final Map<String, String> valuesThen = new HashMap<>();
  private final TreeSet<String> writtenSince = new TreeSet<>();

  public ForkPoint(long atSeq) {
    this.atSeq = atSeq;
  }

  /**
   * Folds the next event of the log; false when it is not the next (the projector no longer holds
   * the thread's log from its start, so the values then cannot be known).
   */
  public boolean fold(JsonNode event) {
    long seq = event.path("seq").asLong();
    if (seq != nextSeq) {
      return false;
    }
    nextSeq++;
    JsonNode payload = event.path("payload");
    String type = event.path("type").asText();
    if (seq > atSeq) {
      if (type.equals("ValueChanged")) {
        writtenSince.add(payload.path("key").asText());
      }
      return true;
    }
    switch (type) {
      case "MessageAppended" -> atMessageSeq = payload.path("messageSeq").asLong();
      // A branch opens a window: the copies that follow are its first messages.
      case "ThreadBranched" -> fromMessageSeq = payload.path("firstMessageSeq").asLong();
      // A compaction opens one at its artifact, appended just before it.
      case "CompactionCompleted" -> fromMessageSeq = atMessageSeq;
      case "ValueChanged" -> {
        JsonNode value = payload.path("valueJson");
        if (value.isNull() || value.isMissingNode()) {
          valuesThen.remove(payload.path("key").asText());
        } else {
          valuesThen.put(payload.path("key").asText(), value.asText());
        }
      }
      default -> {}
    }
    return true;
  }

  /** The seq of the next event to fold: where to read on from. */
  public long nextSeq() {
    return nextSeq;
  }

  public long fromMessageSeq() {
    return atMessageSeq == 0 ? 0 : fromMessageSeq;
  }

  public long atMessageSeq() {
    return atMessageSeq;
  }

  /** The keys written after {@code atSeq}, each with its value then (null: it had none). */
  public Map<String, String> valuesChanged() {
    Map<String, String> changed = new HashMap<>();
    writtenSince.forEach(key -> changed.put(key, valuesThen.get(key)));
    return changed;
  }
}
