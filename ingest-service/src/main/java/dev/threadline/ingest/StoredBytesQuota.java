package dev.threadline.ingest;

import dev.threadline.avro.CreateThread;
import dev.threadline.avro.QueueMessage;
import dev.threadline.avro.QueueTool;
import dev.threadline.avro.ScheduleEffect;
import dev.threadline.avro.SetEnv;
import dev.threadline.avro.SetValue;
import dev.threadline.avro.Steer;
import dev.threadline.avro.UserMessage;
import dev.threadline.ingest.kafka.CommandLog;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * What a tenant's threads may hold: the bytes of their events, as the projector counts them ({@code
 * tenant-thread-counts}, {@code storedBytes}). Past {@value #SETTING} a command that adds to a
 * thread — a creation, a message, a queued tool, a steer, a value or env variable set, a scheduled
 * effect — is refused with 429 saying how to make room; what ends or shrinks work (abort,
 * terminate, compact, delete, a value or variable removed, an approval, a cancelled effect,
 * variables a thread waits for) always passes. As soft as the thread counts: they trail the log by
 * the projector's commits.
 */
@ApplicationScoped
public class StoredBytesQuota {
  static final String SETTING = "threadline.limits.threads.bytes.per.tenant";

  private final CommandLog log;
  private final long limit;
  private final String expiry;

  public StoredBytesQuota(
      CommandLog log,
      @ConfigProperty(name = SETTING, defaultValue = "10737418240") long limit,
      @ConfigProperty(name = ThreadCreation.IDLE_EXPIRY) Optional<String> idleExpiry) {
    this.log = log;
    this.limit = limit;
    this.expiry = ThreadCreation.expiryNote(idleExpiry);
  }

  /** Refuses {@code payload} if it adds to the tenant's threads while they hold their most. */
  public void check(String tenant, Object payload) {
    if (!adds(payload)) {
      return;
    }
    long held = log.storedBytes(tenant);
    if (held >= limit) {
      throw Problem.threadsHoldTooMuch(
          "your threads hold "
              + held
              + " bytes of events, the most "
              + SETTING
              + " ("
              + limit
              + ") allows: delete threads you no longer need (DELETE /v1/threads/{id})"
              + expiry);
    }
  }

  private static boolean adds(Object payload) {
    return payload instanceof CreateThread
        || payload instanceof UserMessage
        || payload instanceof QueueMessage
        || payload instanceof QueueTool
        || payload instanceof Steer
        || (payload instanceof SetEnv set && set.getValue() != null)
        || (payload instanceof SetValue set && set.getValueJson() != null)
        || payload instanceof ScheduleEffect;
  }
}
