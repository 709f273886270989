package dev.threadline.step.core;

import dev.threadline.step.core.Enums.Role;
import dev.threadline.step.core.Event.MessageAppended;
import java.util.List;

/** The user messages the scenario's last input appended, as tests read them. */
final class UserMessages {
  private UserMessages() {}

  static List<Values.Message> of(Scenario scenario) {
    return scenario.events(MessageAppended.class).stream()
        .map(MessageAppended::message)
        .filter(m -> m.role() == Role.USER)
        .toList();
  }

  /** Their texts, in order. */
  static List<String> texts(Scenario scenario) {
    return of(scenario).stream().map(Values.Message::content).toList();
  }
}
