package dev.threadline.projector;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.EffectCancelled;
import dev.threadline.avro.EffectFired;
import dev.threadline.avro.EffectScheduled;
import dev.threadline.avro.Recurrence;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ThreadStatus;
import dev.threadline.avro.ThreadStatusChanged;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Folds a thread's events into its tenant's crons — the recurring effects its threads hold — keyed
 * {@code tenant NUL threadId NUL cronId} in {@value ProjectorStores#TENANT_CRONS}, so a list reads
 * one tenant's range. A cron is there while scheduled: each firing takes it out ({@code
 * EffectFired}) and the schedule's next time puts it back in the same step ({@code
 * EffectScheduled}); a cancel, the thread's end or its deletion take it out for good.
 */
record CronFold(KeyValueStore<String, String> crons) {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final char NUL = '\0';

  void apply(ThreadEvent e) {
    switch (e.getPayload()) {
      case EffectScheduled s when s.getRecurrence() != null ->
          crons.put(key(e, s.getEffectId()), json(e, s).toString());
      case EffectScheduled s -> crons.delete(key(e, s.getEffectId()));
      case EffectCancelled c -> crons.delete(key(e, c.getEffectId()));
      case EffectFired f -> crons.delete(key(e, f.getEffectId()));
      // A thread that ended took its timers with it.
      case ThreadStatusChanged c when ended(c.getTo()) -> forget(e.getTenantId(), e.getThreadId());
      default -> {}
    }
  }

  /** The thread's crons leave its tenant's. */
  void forget(String tenant, String threadId) {
    List<String> keys = new ArrayList<>();
    String thread = tenant + NUL + threadId;
    try (var range = crons.range(thread + NUL, thread + (char) (NUL + 1))) {
      range.forEachRemaining(entry -> keys.add(entry.key));
    }
    keys.forEach(crons::delete);
  }

  private static String key(ThreadEvent e, String cronId) {
    return e.getTenantId() + NUL + e.getThreadId() + NUL + cronId;
  }

  private static boolean ended(ThreadStatus status) {
    return status == ThreadStatus.COMPLETED
        || status == ThreadStatus.FAILED
        || status == ThreadStatus.TERMINATED;
  }

  /**
   * {@code {cronId, threadId, schedule, timezone, until?, nextRunAt, kind, details?, updatedAt}}:
   * {@code details} the JSON object the API that made it kept with it.
   */
  private static ObjectNode json(ThreadEvent e, EffectScheduled s) {
    Recurrence r = s.getRecurrence();
    ObjectNode cron =
        JSON.createObjectNode()
            .put("cronId", s.getEffectId())
            .put("threadId", e.getThreadId())
            .put("schedule", r.getCron())
            .put("timezone", r.getTimezone());
    if (r.getUntil() != null) {
      cron.put("until", r.getUntil().toString());
    }
    cron.put("nextRunAt", s.getFireAt().toString()).put("kind", s.getKind());
    if (r.getDetailsJson() != null) {
      try {
        cron.set("details", JSON.readTree(r.getDetailsJson()));
      } catch (java.io.IOException notJson) {
        cron.put("details", r.getDetailsJson());
      }
    }
    return cron.put("updatedAt", e.getTimestamp().toString());
  }
}
