package dev.threadline.topics;

import dev.threadline.avro.ChatMessage;

/**
 * The check both ends of an incremental model request compute over the messages it reuses ({@code
 * ModelRequest.reuse}): the step processor over what it sent before, the executor over the copy it
 * kept. Each message is reduced to its Avro hash code (defined by the Avro specification's
 * datum-by-datum rules, the same in every JVM), then the hashes are folded in order into 64 bits
 * and the digest is the top 53 of them (signed): a consumer in another language reads the long
 * exactly (a JavaScript number holds every integer within ±2^53, where the Node Avro decoders
 * refuse a larger one). Each side keeps one int per message and never hashes a message twice (the
 * executor's side hashes a context it got whole only when a later request reuses it).
 *
 * <p>A mismatch costs one round trip (the executor answers {@code context_missing} and the request
 * is sent whole); the digest exists so that a stale or wrong copy is never used silently.
 */
public final class ContextDigest {
  private ContextDigest() {}

  /**
   * The {@code ModelError.code} of an executor that cannot serve a request's reuse; the step
   * processor then sends the request whole (not a model failure: no retry is counted).
   */
  public static final String MISSING = "context_missing";

  /** The per-message hash the digest folds. */
  public static int hash(ChatMessage message) {
    return message.hashCode();
  }

  /** The digest of {@code count} hashes from {@code from}. */
  public static long of(int[] hashes, int from, int count) {
    long h = 0xcbf29ce484222325L;
    for (int i = from; i < from + count; i++) {
      h = (h ^ (hashes[i] & 0xffffffffL)) * 0x100000001b3L;
    }
    return (h ^ count) >> 11;
  }
}
