package dev.threadline.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.threadline.avro.ThreadGroup;
import dev.threadline.executor.consume.PollPacing;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExecutorSettingsTest {

  @Test
  void eachThreadGroupHasAToolBudgetOfItsOwnAndChatKeepsTheFormerSingleBudget() {
    assertThat(ExecutorSettings.from(Map.of(), Map.of()).toolBudgets())
        .isEqualTo(
            Map.of(
                ThreadGroup.CHAT,
                32,
                ThreadGroup.TASK,
                16,
                ThreadGroup.CHORE,
                4,
                ThreadGroup.WILL,
                2));
    assertThat(
            ExecutorSettings.from(
                    Map.of(
                        "threadline.executor.budget.tools", "10",
                        "threadline.executor.budget.tools.will", "1"),
                    Map.of())
                .toolBudgets())
        .containsEntry(ThreadGroup.CHAT, 10)
        .containsEntry(ThreadGroup.WILL, 1)
        .containsEntry(ThreadGroup.TASK, 16);
    assertThat(
            ExecutorSettings.from(
                    Map.of(
                        "threadline.executor.budget.tools", "10",
                        "threadline.executor.budget.tools.chat", "12"),
                    Map.of())
                .toolBudgets())
        .containsEntry(ThreadGroup.CHAT, 12);
  }

  @Test
  void theContextCacheDefaultsToAQuarterOfTheHeapAndCanBeSized() {
    long mib = 1024 * 1024;
    assertThat(ExecutorSettings.defaultContextCacheBytes(768 * mib)).isEqualTo(192 * mib);
    assertThat(ExecutorSettings.defaultContextCacheBytes(128 * mib)).isEqualTo(64 * mib);
    assertThat(ExecutorSettings.from(Map.of(), Map.of()).contextCacheBytes())
        .isEqualTo(Math.max(64 * mib, Runtime.getRuntime().maxMemory() / 4));
    assertThat(
            ExecutorSettings.from(
                    Map.of("threadline.executor.context.cache.bytes", " 1000 "), Map.of())
                .contextCacheBytes())
        .isEqualTo(1000);
  }

  @Test
  void aNegativeOrNonNumericContextCacheSizeIsRefusedNamingTheKey() {
    assertThatThrownBy(
            () ->
                ExecutorSettings.from(
                    Map.of("threadline.executor.context.cache.bytes", "-1"), Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("threadline.executor.context.cache.bytes must be 0 (off) or more, not -1");
    assertThatThrownBy(
            () ->
                ExecutorSettings.from(
                    Map.of("threadline.executor.context.cache.bytes", "lots"), Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("threadline.executor.context.cache.bytes must be a whole number, not 'lots'");
  }

  @Test
  void executorsActOnModelAndReadOnlyToolRequestsBeforeTheirCommitUnlessToldNotTo() {
    assertThat(ExecutorSettings.from(Map.of(), Map.of()).speculate()).isTrue();
    assertThat(
            ExecutorSettings.from(Map.of("threadline.executor.speculate", "false"), Map.of())
                .speculate())
        .isFalse();
  }

  @Test
  void aBusyConsumerThatReadsBeforeTheCommitPollsAtMostEveryTenMillisecondsUnlessToldOtherwise() {
    assertThat(ExecutorSettings.from(Map.of(), Map.of()).busyPolls())
        .isEqualTo(new PollPacing(16, Duration.ofMillis(10)));
    assertThat(
            ExecutorSettings.from(
                    Map.of(
                        "threadline.executor.busy.poll.records", "0",
                        "threadline.executor.busy.poll.gap.ms", "20"),
                    Map.of())
                .busyPolls()
                .waitNanos(1_000, 0))
        .as("0 records: never paced")
        .isZero();
  }
}
