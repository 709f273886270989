package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.EffectCancelled;
import dev.threadline.avro.EffectFired;
import dev.threadline.avro.EffectScheduled;
import dev.threadline.avro.MessageAppended;
import dev.threadline.avro.Recurrence;
import dev.threadline.avro.Role;
import dev.threadline.avro.ThreadEvent;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The crons checker can fail: a time fired twice (a timer taken without its step committing), a
 * time lost (a timer set again without its firing), a time scheduled backwards each make it red.
 */
class CronCheckTest {
  private static final Instant T = Instant.parse("2026-12-07T10:00:00Z");
  private static final Recurrence EVERY_TWO_SECONDS =
      new Recurrence("* * * * * */2", "UTC", null, null, false);
  private final CronCheck check = new CronCheck();
  private long seq;

  private void log(Object payload) {
    check.event(
        ThreadEvent.newBuilder()
            .setThreadId("t")
            .setTenantId("acme")
            .setSeq(++seq)
            .setTurn(0)
            .setStep(0)
            .setTimestamp(T)
            .setPayload(payload)
            .build());
  }

  private void scheduled(int second) {
    log(new EffectScheduled("c", T.plusSeconds(second), "message", EVERY_TWO_SECONDS));
  }

  private void ran(int second) {
    ChatMessage tick = ChatMessage.newBuilder().setRole(Role.USER).setContent("tick").build();
    log(new MessageAppended(seq, tick, "c@" + T.plusSeconds(second).toEpochMilli()));
  }

  private void firesAt(int second) {
    log(new EffectFired("c", null));
    scheduled(second + 2);
    ran(second);
  }

  @Test
  void eachTimeFiredOnceUntilTheCronWasCancelledIsGreen() {
    scheduled(2);
    firesAt(2);
    firesAt(4);
    log(new EffectCancelled("c"));

    assertThat(check.problems(List.of("t/c"))).isEmpty();
    assertThat(check.settled("t", "c")).isTrue();
  }

  @Test
  void aTimeThatRanTwiceIsRed() {
    scheduled(2);
    firesAt(2);
    ran(2);
    log(new EffectCancelled("c"));

    assertThat(check.problems(List.of("t/c"))).anySatisfy(p -> assertThat(p).contains("twice"));
  }

  @Test
  void aTimeThatNeverRanIsRed() {
    scheduled(2);
    log(new EffectFired("c", null));
    scheduled(4); // set again, but its firing's message never appended
    firesAt(4);
    log(new EffectCancelled("c"));

    assertThat(check.problems(List.of("t/c"))).anySatisfy(p -> assertThat(p).contains("never ran"));
  }

  @Test
  void aTimeScheduledAgainOrEarlierIsRed() {
    scheduled(4);
    scheduled(2);

    assertThat(check.problems(List.of("t/c")))
        .anySatisfy(p -> assertThat(p).contains("again or earlier"));
  }

  @Test
  void aCronNeverScheduledIsRed() {
    assertThat(check.problems(List.of("t/none"))).containsExactly("t/none: never scheduled");
  }
}
