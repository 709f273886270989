package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.Role;
import dev.threadline.step.core.Values.Message;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** The in-memory context windows answer only when they provably match the store. */
class WindowCacheTest {

  private static Message text(long seq) {
    return new Message(
        Role.USER, "m" + seq, List.of(), null, null, false, null, null, null, List.of(), null);
  }

  private static List<Long> seqs(long from, long until) {
    return LongStream.range(from, until).boxed().toList();
  }

  private static List<Message> messages(long from, long until) {
    return LongStream.range(from, until).mapToObj(WindowCacheTest::text).toList();
  }

  @Test
  void givenAWindowReadFromTheStore_whenAppendsFollowInOrder_thenItAnswersFromAnyStartItCovers() {
    WindowCache cache = givenMessagesOneToFourCached();

    cache.appended("t", 4, text(4));

    assertThat(cache.get("t", 1, 5)).isEqualTo(messages(1, 5));
    assertThat(cache.get("t", 3, 5)).isEqualTo(messages(3, 5));
    assertThat(cache.get("t", 9, 5)).isEmpty();
  }

  @Test
  void givenACachedWindow_whenTheStateSaysTheMessagesEndElsewhere_thenItIsAMiss() {
    WindowCache cache = givenMessagesOneToFourCached();

    // After an aborted transaction the state is back to an earlier message count.
    assertThat(cache.get("t", 1, 3)).isNull();
    // Or it counts a message this cache never saw appended.
    assertThat(cache.get("t", 1, 5)).isNull();
    // A start before what was read is not covered.
    cache.put("t", 2, 4, seqs(2, 4), messages(2, 4));
    assertThat(cache.get("t", 1, 4)).isNull();
    assertThat(cache.get("other", 1, 4)).isNull();
  }

  @Test
  void givenACachedWindow_whenAnAppendComesOutOfOrder_thenTheEntryIsDropped() {
    WindowCache cache = givenMessagesOneToFourCached();

    // Re-processing after a rollback appends a seq the entry already has.
    cache.appended("t", 3, text(3));

    assertThat(cache.get("t", 1, 4)).isNull();
    assertThat(cache.bytes()).isZero();
  }

  @Test
  void givenAStoreReadThatRunsPastTheStatesEnd_whenPut_thenNothingIsCached() {
    WindowCache cache = new WindowCache(100, m -> 1);

    cache.put("t", 1, 3, seqs(1, 4), messages(1, 4));

    assertThat(cache.get("t", 1, 3)).isNull();
    assertThat(cache.get("t", 1, 4)).isNull();
  }

  @Test
  void givenMoreMessagesThanTheBound_thenTheLeastRecentlyUsedThreadsGoFirst() {
    WindowCache cache = new WindowCache(10, m -> 1);
    cache.put("a", 1, 5, seqs(1, 5), messages(1, 5));
    cache.put("b", 1, 5, seqs(1, 5), messages(1, 5));
    cache.get("a", 1, 5); // a is now the most recently used

    cache.put("c", 1, 5, seqs(1, 5), messages(1, 5));

    assertThat(cache.get("b", 1, 5)).isNull();
    assertThat(cache.get("a", 1, 5)).hasSize(4);
    assertThat(cache.get("c", 1, 5)).hasSize(4);
    assertThat(cache.bytes()).isEqualTo(8);

    // A window larger than the whole bound is never cached; a bound of 0 caches nothing.
    cache.put("d", 1, 12, seqs(1, 12), messages(1, 12));
    assertThat(cache.get("d", 1, 12)).isNull();
    WindowCache off = new WindowCache(0, m -> 1);
    off.put("t", 1, 1, List.of(), List.of());
    assertThat(off.get("t", 1, 1)).isNull();
  }

  @Test
  void givenAnAnswer_whenTheCallerChangesIt_thenTheCacheIsUnaffected() {
    WindowCache cache = new WindowCache(100, m -> 1);
    cache.put("t", 1, 3, seqs(1, 3), messages(1, 3));

    List<Message> answer = cache.get("t", 1, 3);
    answer.clear();

    assertThat(cache.get("t", 1, 3)).hasSize(2);
  }

  @Test
  void theBoundCountsBytesSoOneLargeToolOutputTakesTheRoomOfManySmallMessages() {
    Message small = text(1);
    Message large =
        new Message(
            Role.TOOL,
            "y".repeat(15_000),
            List.of(),
            "c1",
            "echo",
            false,
            null,
            null,
            null,
            List.of(),
            null);
    assertThat(WindowCache.approximateBytes(large))
        .isGreaterThan(15_000)
        .isGreaterThan(100 * WindowCache.approximateBytes(small));

    WindowCache cache = new WindowCache(20_000);
    cache.put("small", 1, 3, seqs(1, 3), messages(1, 3));
    cache.put("large", 1, 2, List.of(1L), List.of(large));
    cache.appended("large", 2, large); // now over the bound: the least recently used go first

    assertThat(cache.get("small", 1, 3)).isNull();
    assertThat(cache.get("large", 1, 3)).isNull();
    assertThat(cache.bytes()).isZero();
  }

  /** A cache of thread t's messages 1 to 4, each costing 1 byte. */
  private static WindowCache givenMessagesOneToFourCached() {
    WindowCache cache = new WindowCache(100, m -> 1);
    cache.put("t", 1, 4, seqs(1, 4), messages(1, 4));
    return cache;
  }
}
