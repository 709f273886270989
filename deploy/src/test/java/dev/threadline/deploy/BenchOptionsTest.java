package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.threadline.testkit.ScratchDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The bench refuses options that would measure nothing, before it starts a stack. */
class BenchOptionsTest {

  private static Bench bench(String... args) {
    return new Bench(new BenchOptions(Options.parse(args)));
  }

  @Test
  void sensibleOptionsAreAccepted() {
    assertThatCode(() -> bench("bench", "--threads", "10", "--steps", "3", "--mode", "http"))
        .doesNotThrowAnyException();
  }

  @Test
  void nonPositiveCountsAndUnknownModesAreRefusedWithTheReason() {
    for (String[] bad :
        new String[][] {
          {"--threads", "0"}, {"--steps", "-1"}, {"--idle", "-5"}, {"--mode", "grpc"}
        }) {
      assertThatThrownBy(() -> bench(bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("--threads and --steps must be positive");
    }
    assertThatThrownBy(() -> bench("--warmup-rounds", "0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--warmup-rounds must be at least 1");
    assertThatThrownBy(() -> bench("--floor-warmup-hops", "-1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--floor-warmup-hops must be at least 0");
    assertThatCode(() -> bench("--floor-warmup-hops", "0")).doesNotThrowAnyException();
    assertThatThrownBy(() -> bench("--threads", "many"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--threads must be a whole number, not 'many'");
  }

  @Test
  void aSmallRunIsMeasuredInRoundsEnoughForTwoThousandStepsAtMostTen() {
    BenchOptions unloaded = options("--threads", "10", "--steps", "20");
    assertThat(unloaded.rounds).isEqualTo(10);
    assertThat(unloaded.measuredSteps()).isEqualTo(2_000);
    assertThat(options("--threads", "30", "--steps", "10").rounds).isEqualTo(7);
    assertThat(options("--threads", "1", "--steps", "1").rounds).isEqualTo(10);
    BenchOptions saturated = options("--threads", "1000", "--steps", "10");
    assertThat(saturated.rounds).isEqualTo(1);
    assertThat(saturated.measuredSteps()).isEqualTo(10_000);
    assertThat(options("--threads", "10", "--rounds", "3").rounds).isEqualTo(3);
    assertThatThrownBy(() -> bench("--rounds", "0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--rounds must be at least 1");
  }

  @Test
  void theRequestsAreReadForTheirAppendTimesOnlyWhenTheBrokerStampsThem() {
    assertThat(options().brokerStampsAppendTimes()).isFalse();
    assertThat(
            options("--set", "a=1, broker.log.message.timestamp.type=LogAppendTime")
                .brokerStampsAppendTimes())
        .isTrue();
    assertThat(
            options("--set", "broker.log.message.timestamp.type=CreateTime")
                .brokerStampsAppendTimes())
        .isFalse();
  }

  @Test
  void aSetEntryWithoutAKeyAndValueIsRefusedWithTheEntry() {
    assertThatCode(() -> bench("--set", "broker.num.io.threads=2,threadline.step.poll.ms=5"))
        .doesNotThrowAnyException();
    for (String bad : new String[] {"threadline.step.poll.ms", "=5"}) {
      assertThatThrownBy(() -> bench("--set", "a=1," + bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("--set takes key=value entries separated by commas, not '" + bad + "'");
    }
  }

  @Test
  void aProfileGoesToADirectoryItCreatesWithSettingsThatExist() throws Exception {
    Path dir = ScratchDirs.create("bench-options-").resolve("jfr");
    assertThatCode(() -> bench("--profile", dir.toString())).doesNotThrowAnyException();
    assertThat(dir).isDirectory();

    assertThatThrownBy(() -> bench("--profile", dir.toString(), "--profile-settings", "nope.jfc"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "--profile-settings must be profile, default or an existing .jfc file, not 'nope.jfc'");
    Path file = Files.createFile(dir.resolve("taken"));
    assertThatThrownBy(() -> bench("--profile", file.resolve("sub").toString()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("--profile: cannot create directory");
  }

  @Test
  void anUnknownOptionIsRefusedNamingTheKnownOnesBeforeAnyStackStarts() {
    // `./threadline bench --help` once ran a full bench.
    assertThatThrownBy(() -> bench("bench", "--help"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("unknown option --help (known: ")
        .hasMessageContaining("--threads")
        .hasMessageContaining("--warmup-rounds");
    assertThatThrownBy(() -> bench("bench", "--thread", "10"))
        .hasMessageStartingWith("unknown option --thread ");
  }

  @Test
  void theBenchLiftsTheTenantQuotaAndEveryModelBudgetItsRoundsWouldReach() {
    // Ten default warm-up rounds of 2,000 threads x 10 steps make 200,000 model calls in an hour:
    // twice a tenant's default budget of calls, which stalled the sixth round until the hour ended.
    assertThat(new BenchOptions(Options.parse(new String[] {"bench"})).liftedLimits())
        .contains(
            "-Dthreadline.limits.threads.per.tenant=1000000",
            "-Dthreadline.budget.model.calls.per.tenant.per.hour=1000000000",
            "-Dthreadline.budget.model.tokens.per.tenant.per.hour=1000000000000",
            "-Dthreadline.budget.model.calls.per.thread.per.hour=1000000000",
            "-Dthreadline.budget.model.tokens.per.thread.per.hour=1000000000000");
  }

  @Test
  void aLimitTheUserSetsIsTheirsAndNotLifted() {
    var options =
        new BenchOptions(
            Options.parse(
                new String[] {
                  "bench", "--set", "threadline.budget.model.calls.per.tenant.per.hour=500"
                }));
    assertThat(options.liftedLimits())
        .noneMatch(p -> p.contains("model.calls.per.tenant"))
        .contains("-Dthreadline.limits.threads.per.tenant=1000000");
  }

  @Test
  void aTurnLongerThanTheHardStepCapGetsACapThatFitsIt() {
    var options = new BenchOptions(Options.parse(new String[] {"bench", "--steps", "500"}));
    assertThat(options.liftedLimits()).contains("-Dthreadline.step.hard.max.steps=501");
    assertThat(new BenchOptions(Options.parse(new String[] {"bench"})).liftedLimits())
        .noneMatch(p -> p.contains("hard.max.steps"));
  }

  @Test
  void theRunIsMeasuredWithSpeculationOnAndOffUnlessOneModeIsAsked() {
    assertThat(options().speculationModes()).containsExactly(true, false);
    assertThat(options("--speculation", "on").speculationModes()).containsExactly(true);
    assertThat(options("--speculation", "off").speculationModes()).containsExactly(false);
    assertThat(options("--set", "threadline.executor.speculate=false").speculationModes())
        .as("a mode given as a service setting is the only one measured")
        .containsExactly(false);
    assertThat(options("--speculation", "off,on").speculationModes())
        .as("an order of modes, each measured in turn, to see what the order itself does")
        .containsExactly(false, true);
    assertThat(options("--speculation", "on, off ,on").speculationModes())
        .containsExactly(true, false, true);
    for (String bad : new String[] {"sometimes", "on,,off", "on,maybe"}) {
      assertThatThrownBy(() -> bench("--speculation", bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "--speculation must be both, on, off or an order of them such as off,on, not '"
                  + bad
                  + "'");
    }
    assertThatThrownBy(
            () -> bench("--speculation", "both", "--set", "threadline.executor.speculate=true"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("give --speculation or --set threadline.executor.speculate");
  }

  @Test
  void eachModeStartsTheExecutorWithItsOwnSetting() {
    BenchOptions both = options();
    assertThat(both.speculationSetting(true)).isEqualTo("-Dthreadline.executor.speculate=true");
    assertThat(both.speculationSetting(false)).isEqualTo("-Dthreadline.executor.speculate=false");
  }

  private static BenchOptions options(String... args) {
    return new BenchOptions(Options.parse(args));
  }
}
