package dev.threadline.executor.tools;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * One message of a thread by its {@code messageSeq}, from the projector's pages of messages (which
 * are paged by event seq). Every message is one {@code MessageAppended} event, so message {@code n}
 * is event {@code n} or later: the search starts there and stops at the first message past it.
 */
final class MessageLookup {
  /** Messages a page asks for; the projector looks at up to 20 times as many events for them. */
  static final int PAGE = 200;

  /** Pages looked at before giving up: 400,000 events (a thread's log is rarely longer). */
  static final int MAX_PAGES = 100;

  private MessageLookup() {}

  static Optional<JsonNode> find(ThreadReader reader, long messageSeq) {
    if (messageSeq < 1) {
      return Optional.empty();
    }
    long after = messageSeq - 1;
    for (int pages = 0; pages < MAX_PAGES; pages++) {
      JsonNode page =
          reader
              .read("/messages?after=" + after + "&limit=" + PAGE)
              .orElseThrow(() -> new IllegalStateException("no such thread"));
      for (JsonNode message : page.path("messages")) {
        long seq = message.path("messageSeq").asLong();
        if (seq == messageSeq) {
          return Optional.of(message);
        }
        if (seq > messageSeq) {
          return Optional.empty();
        }
      }
      long last = page.path("lastSeq").asLong(after);
      if (last <= after) {
        return Optional.empty(); // the end of the log
      }
      after = last;
    }
    return Optional.empty();
  }
}
