package dev.threadline.topics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.ContextReuse;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.Role;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The executor's end of incremental model requests: rebuilding, checking, keeping, bounding. */
class ModelContextsTest {
  private final ModelContexts contexts = new ModelContexts(1 << 20);

  @Test
  void aReusingRequestGetsTheBaseMessagesSplicedInWhereItSays() {
    contexts.resolve(whole("t-1", "r1", "prompt 1", "hi", "hello"));

    ModelRequest next =
        reusing("t-1", "r2", "r1", 1, 2, 1, digestOf("hi", "hello"), "prompt 2", "more");

    assertThat(contents(contexts.resolve(next))).containsExactly("prompt 2", "hi", "hello", "more");
  }

  @Test
  void eachStepRequestIsTheBaseOfTheNextSoAThreadChainsAlong() {
    contexts.resolve(whole("t-1", "r1", "p", "a"));
    contexts.resolve(reusing("t-1", "r2", "r1", 1, 1, 1, digestOf("a"), "p", "b"));

    ModelRequest third = reusing("t-1", "r3", "r2", 1, 2, 1, digestOf("a", "b"), "p", "c");

    assertThat(contents(contexts.resolve(third))).containsExactly("p", "a", "b", "c");
  }

  @Test
  void whatCannotBeServedIsMissingWithTheReasonNeverAGuess() {
    assertThat(contexts.resolve(reusing("t-1", "r2", "r1", 0, 1, 0, digestOf("a"), "b")))
        .isInstanceOfSatisfying(
            ModelContexts.Missing.class,
            m -> assertThat(m.reason()).contains("no context of this thread"));

    contexts.resolve(whole("t-1", "r1", "a", "b"));
    assertThat(contexts.resolve(reusing("t-1", "r9", "r0", 0, 1, 0, digestOf("a"), "x")))
        .isInstanceOfSatisfying(
            ModelContexts.Missing.class, m -> assertThat(m.reason()).contains("not of r0"));
    assertThat(contexts.resolve(reusing("t-1", "r9", "r1", 1, 2, 0, digestOf("b", "c"), "x")))
        .isInstanceOfSatisfying(
            ModelContexts.Missing.class, m -> assertThat(m.reason()).contains("not in the 2"));
    assertThat(contexts.resolve(reusing("t-1", "r9", "r1", 0, 1, 3, digestOf("a"), "x")))
        .isInstanceOf(ModelContexts.Missing.class);
    // Same request id and range, different messages: the digest tells.
    assertThat(contexts.resolve(reusing("t-1", "r9", "r1", 0, 2, 0, digestOf("a", "B"), "x")))
        .isInstanceOfSatisfying(
            ModelContexts.Missing.class, m -> assertThat(m.reason()).contains("digest"));
    // None of that disturbed what is held.
    assertThat(contents(contexts.resolve(reusing("t-1", "r2", "r1", 0, 2, 0, digestOf("a", "b")))))
        .containsExactly("a", "b");
  }

  @Test
  void compactionRequestsAreServedButAreNoBase() {
    contexts.resolve(whole("t-1", "r1", "a"));
    ModelRequest compaction = whole("t-1", "c1", "summarize", "transcript");
    compaction.setPurpose("compaction");
    contexts.resolve(compaction);

    assertThat(contents(contexts.resolve(reusing("t-1", "r2", "r1", 0, 1, 0, digestOf("a"), "b"))))
        .containsExactly("a", "b");
  }

  @Test
  void keptContextsAreBoundedByBytesLeastRecentlyUsedFirst() {
    ModelContexts small = new ModelContexts(3 * ModelContexts.approximateBytes(message("x")) + 10);
    small.resolve(whole("t-1", "r1", "a"));
    small.resolve(whole("t-2", "r1", "b"));
    small.resolve(whole("t-3", "r1", "c"));
    small.resolve(reusing("t-1", "r2", "r1", 0, 1, 0, digestOf("a"))); // t-1 used: t-2 is eldest

    small.resolve(whole("t-4", "r1", "d"));

    assertThat(small.resolve(reusing("t-2", "r2", "r1", 0, 1, 0, digestOf("b"))))
        .isInstanceOf(ModelContexts.Missing.class);
    assertThat(small.resolve(reusing("t-1", "r3", "r2", 0, 1, 0, digestOf("a"))))
        .isInstanceOf(ModelContexts.Whole.class);
    assertThat(small.bytes())
        .isLessThanOrEqualTo(3 * ModelContexts.approximateBytes(message("x")) + 10);
  }

  @Test
  void withNoRoomNothingIsKeptAndWholeRequestsStillWork() {
    ModelContexts none = new ModelContexts(0);

    assertThat(contents(none.resolve(whole("t-1", "r1", "a")))).containsExactly("a");
    assertThat(none.resolve(reusing("t-1", "r2", "r1", 0, 1, 0, digestOf("a"))))
        .isInstanceOf(ModelContexts.Missing.class);
    assertThat(none.bytes()).isZero();
  }

  private static List<String> contents(ModelContexts.Resolved resolved) {
    assertThat(resolved).isInstanceOf(ModelContexts.Whole.class);
    return ((ModelContexts.Whole) resolved)
        .messages().stream().map(m -> m.getContent().toString()).toList();
  }

  private static long digestOf(String... contents) {
    int[] hashes = new int[contents.length];
    for (int i = 0; i < contents.length; i++) {
      hashes[i] = ContextDigest.hash(message(contents[i]));
    }
    return ContextDigest.of(hashes, 0, hashes.length);
  }

  private static ModelRequest reusing(
      String thread,
      String id,
      String base,
      int from,
      int count,
      int at,
      long digest,
      String... contents) {
    ModelRequest request = whole(thread, id, contents);
    request.setReuse(new ContextReuse(base, from, count, at, digest));
    return request;
  }

  private static ModelRequest whole(String thread, String id, String... contents) {
    List<ChatMessage> messages = new ArrayList<>();
    for (String content : contents) {
      messages.add(message(content));
    }
    return ModelRequests.step(thread, id, messages);
  }

  private static ChatMessage message(String content) {
    return ChatMessage.newBuilder().setRole(Role.USER).setContent(content).build();
  }
}
