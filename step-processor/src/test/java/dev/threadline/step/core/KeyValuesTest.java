package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.config.KvLimits;
import dev.threadline.step.core.Event.ValueChanged;
import org.junit.jupiter.api.Test;

/** Spec §14 from outside the thread: a value set or deleted with a command (KV over HTTP). */
class KeyValuesTest {
  private final Scenario scenario = new Scenario();

  private Input.SetValue setValue(String tenant, String key, String valueJson) {
    return new Input.SetValue(scenario.nextCommandId(), tenant, scenario.tick(), key, valueJson);
  }

  @Test
  void aValueSetByACommandIsWrittenAndRecordedOnTheLog() {
    scenario.given(scenario.create());

    scenario.when(setValue(Scenario.TENANT, "color", "{\"name\":\"teal\"}"));

    assertThat(scenario.outputs(Output.WriteValue.class))
        .containsExactly(new Output.WriteValue("color", "{\"name\":\"teal\"}"));
    assertThat(scenario.events(ValueChanged.class))
        .containsExactly(new ValueChanged("color", "{\"name\":\"teal\"}"));
  }

  @Test
  void aNullValueDeletesTheKey() {
    scenario.given(scenario.create());

    scenario.when(setValue(Scenario.TENANT, "color", null));

    assertThat(scenario.outputs(Output.WriteValue.class))
        .containsExactly(new Output.WriteValue("color", null));
    assertThat(scenario.events(ValueChanged.class))
        .containsExactly(new ValueChanged("color", null));
  }

  @Test
  void aKeyOrAValueOverItsCapIsRejectedNamingTheLimitAndWritesNothing() {
    scenario.given(scenario.create());

    scenario.when(setValue(Scenario.TENANT, "k".repeat(KvLimits.MAX_KEY_CHARS + 1), "1"));
    scenario.thenRejected("the key limit is " + KvLimits.MAX_KEY_CHARS);
    assertThat(scenario.outputs(Output.WriteValue.class)).isEmpty();

    scenario.when(
        setValue(Scenario.TENANT, "big", "\"" + "v".repeat(KvLimits.MAX_VALUE_CHARS) + "\""));
    scenario.thenRejected("the value limit is " + KvLimits.MAX_VALUE_CHARS);
    assertThat(scenario.outputs(Output.WriteValue.class)).isEmpty();

    scenario.when(setValue(Scenario.TENANT, "", "1"));
    scenario.thenRejected("non-empty");
  }

  @Test
  void anotherTenantCannotWriteTheThreadsValues() {
    scenario.given(scenario.create());

    scenario.when(setValue("someone-else", "color", "1"));

    scenario.thenRejected("unknown thread");
    assertThat(scenario.outputs(Output.WriteValue.class)).isEmpty();
  }

  @Test
  void aWriteWhileTheThreadRunsLeavesTheTurnAsItIs() {
    scenario.givenRunning();
    var pending = scenario.state.awaiting();

    scenario.when(setValue(Scenario.TENANT, "color", "1"));

    assertThat(scenario.state.awaiting()).isEqualTo(pending);
    assertThat(scenario.outputs(Output.WriteValue.class)).hasSize(1);
    scenario.thenRequestsNoModel();
  }
}
