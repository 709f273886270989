package dev.threadline.sealing;

import dev.threadline.avro.ThreadDataKey;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import javax.crypto.SecretKey;

/**
 * Crypto-shredding of the event log. With the operator's events key ({@code threadline.events.key}
 * / {@code THREADLINE_EVENTS_KEY}, 32 bytes in base64) set, each thread gets a random data key; its
 * events are sealed with it, and the key itself, wrapped with the events key, is kept on the
 * compacted {@code thread-data-keys} topic. Deleting the thread tombstones its key: once compaction
 * has removed it, nobody — holder of the events key included — can open the thread's events, though
 * the log itself is never rewritten.
 */
public final class EventSeal {
  public static final String SETTING = "threadline.events.key";
  public static final String ENV = "THREADLINE_EVENTS_KEY";
  private final SecretKey operatorKey;

  private EventSeal(byte[] key) {
    if (key.length != 32) {
      throw new IllegalArgumentException(
          SETTING + " must be 32 bytes in base64, not " + key.length + " bytes");
    }
    this.operatorKey = Aead.key(key);
  }

  /** The seal of {@code base64Key} (standard or URL-safe base64 of 32 bytes). */
  public static EventSeal of(String base64Key) {
    return new EventSeal(Aead.decode(base64Key));
  }

  /** The operator's seal, if an events key is configured: events are sealed only then. */
  public static Optional<EventSeal> fromSettings(Map<String, ?> settings, Map<String, String> env) {
    Object key = settings.get(SETTING);
    String value = key != null ? key.toString() : env.get(ENV);
    return value == null || value.isBlank() ? Optional.empty() : Optional.of(of(value));
  }

  /** A new random events key, as {@value #SETTING} takes it. */
  public static String newKey() {
    return Base64.getEncoder().encodeToString(Aead.newKey());
  }

  /** A new data key for {@code threadId}, raw and as {@code thread-data-keys} keeps it. */
  public record DataKey(SecretKey key, ThreadDataKey record) {}

  public DataKey newDataKey(String tenantId, String threadId, Instant at) {
    byte[] raw = Aead.newKey();
    byte[] wrapped = Aead.seal(operatorKey, raw, wrapContext(tenantId, threadId));
    return new DataKey(
        Aead.key(raw), new ThreadDataKey(threadId, tenantId, ByteBuffer.wrap(wrapped), at));
  }

  /**
   * The data key {@code record} holds.
   *
   * @throws IllegalStateException when it was not wrapped with this events key for its thread
   */
  public SecretKey unwrap(ThreadDataKey record) {
    ByteBuffer wrapped = record.getWrappedKey().duplicate();
    byte[] bytes = new byte[wrapped.remaining()];
    wrapped.get(bytes);
    try {
      return Aead.key(
          Aead.open(operatorKey, bytes, wrapContext(record.getTenantId(), record.getThreadId())));
    } catch (GeneralSecurityException | IllegalArgumentException e) {
      throw new IllegalStateException(
          "the data key of thread " + record.getThreadId() + " does not open with this events key");
    }
  }

  /** Event {@code seq} of {@code threadId}, as serialized, sealed with the thread's data key. */
  public static byte[] seal(SecretKey dataKey, String threadId, long seq, byte[] serialized) {
    return Aead.seal(dataKey, serialized, eventContext(threadId, seq));
  }

  /**
   * The serialized event {@link #seal} sealed.
   *
   * @throws IllegalStateException when it was not sealed with this key as this event
   */
  public static byte[] open(SecretKey dataKey, String threadId, long seq, byte[] sealed) {
    try {
      return Aead.open(dataKey, sealed, eventContext(threadId, seq));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(
          "event " + seq + " of thread " + threadId + " does not open with its data key");
    }
  }

  private static byte[] wrapContext(String tenantId, String threadId) {
    return ("thread-data-key/" + tenantId + "/" + threadId).getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] eventContext(String threadId, long seq) {
    return ("thread-event/" + threadId + "/" + seq).getBytes(StandardCharsets.UTF_8);
  }
}
