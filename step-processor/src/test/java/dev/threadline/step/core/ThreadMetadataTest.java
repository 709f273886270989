package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event.MetadataChanged;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A thread's metadata changed from outside: checked and recorded, on a finished thread too. */
class ThreadMetadataTest {
  private final Scenario scenario = new Scenario();

  private Input.SetMetadata change(Map<String, String> changes) {
    return new Input.SetMetadata(
        scenario.nextCommandId(), Scenario.TENANT, scenario.tick(), changes);
  }

  private static Map<String, String> settingTopicRemovingStale() {
    Map<String, String> changes = new HashMap<>();
    changes.put("topic", "billing");
    changes.put("stale", null);
    return changes;
  }

  @Test
  void aMetadataChangeIsRecordedAsItWasAskedEntriesSetAndRemoved() {
    scenario.given(scenario.create());

    Input.SetMetadata set = change(settingTopicRemovingStale());
    scenario.when(set);

    assertThat(scenario.events())
        .containsExactly(new MetadataChanged(settingTopicRemovingStale(), set.commandId()));
  }

  @Test
  void aFinishedThreadTakesNewMetadata() {
    scenario.given(scenario.create(), scenario.terminate());

    scenario.when(change(Map.of("outcome", "resolved")));

    assertThat(scenario.events(MetadataChanged.class)).hasSize(1);
    scenario.thenStatus(Status.TERMINATED);
  }

  @Test
  void aChangeOfNothingOrOfTooManyOrTooLongEntriesIsRefused() {
    scenario.given(scenario.create());
    scenario.when(change(Map.of()));
    scenario.thenRejected("at least one entry");

    Map<String, String> many = new HashMap<>();
    for (int i = 0; i < 65; i++) {
      many.put("k" + i, "v");
    }
    scenario.when(change(many));
    scenario.thenRejected("at most 64 entries");

    scenario.when(change(Map.of("note", "x".repeat(4_097))));
    scenario.thenRejected("longer than 4096");

    scenario.when(change(Map.of(" ", "blank")));
    scenario.thenRejected("not blank");
  }

  @Test
  void anotherTenantsThreadIsAnUnknownThread() {
    scenario.given(scenario.create());

    scenario.when(new Input.SetMetadata("c-x", "globex", scenario.tick(), Map.of("a", "b")));

    assertThat(scenario.events(MetadataChanged.class)).isEmpty();
  }
}
