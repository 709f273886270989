package dev.threadline.projector;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.ThreadBranched;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Where a thread's branches left it, in {@value ProjectorStores#BRANCHES}: its latest branch
 * ({@code {atMessageSeq, firstMessageSeq, copied, eventSeq}} under {@link #headKey}), and for each
 * message a branch copied, the seq of the message it is a copy of at first — its canonical seq, the
 * same on every branch, so that a front end sees one message, not a new one per branch.
 */
public final class Branches {
  private Branches() {}

  public static String headKey(String threadId) {
    return ProjectorStores.valueKey(threadId, "branch");
  }

  /**
   * Records {@code b}: its copies are the window's messages up to {@code atMessageSeq}, which are
   * contiguous, so the i-th copy is of message {@code atMessageSeq - copied + 1 + i} — or of what
   * that one was a copy of.
   */
  static void branched(
      KeyValueStore<String, String> store, String threadId, long eventSeq, ThreadBranched b) {
    long firstOriginal = b.getAtMessageSeq() - b.getCopied() + 1;
    for (int i = 0; i < b.getCopied(); i++) {
      long canonical = canonical(store, threadId, firstOriginal + i);
      store.put(
          ProjectorStores.editKey(threadId, b.getFirstMessageSeq() + i), Long.toString(canonical));
    }
    ObjectNode head =
        ProjectorStores.JSON
            .createObjectNode()
            .put("atMessageSeq", b.getAtMessageSeq())
            .put("firstMessageSeq", b.getFirstMessageSeq())
            .put("copied", b.getCopied())
            .put("eventSeq", eventSeq);
    store.put(headKey(threadId), head.toString());
  }

  /** The seq of the message {@code messageSeq} is a copy of, or its own when it is no copy. */
  public static long canonical(
      ReadOnlyKeyValueStore<String, String> store, String threadId, long messageSeq) {
    String original = store.get(ProjectorStores.editKey(threadId, messageSeq));
    return original == null ? messageSeq : Long.parseLong(original);
  }
}
