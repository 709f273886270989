package dev.threadline.step;

import dev.threadline.step.core.Enums.Origin;
import dev.threadline.step.core.Values.InboundMessage;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * The messages the golden driver sends, drawn from its random generator in the order it asks for
 * them (so a seed's transcript does not move): an origin, a message of that origin — now and then
 * long, or with an attachment — and the invalid ones the door would have refused.
 */
record GoldenMessages(RandomGenerator random) {
  Origin origin() {
    int dice = random.nextInt(20);
    return dice < 8
        ? Origin.INVOKE
        : dice < 12
            ? Origin.CHAT
            : dice < 14 ? Origin.TASK : dice < 17 ? Origin.CHORE : Origin.WILL;
  }

  /** A message of {@code origin}; {@code commands} the driver's count of them so far. */
  InboundMessage message(String text, Origin origin, int commands) {
    String body = random.nextInt(12) == 0 ? text + " " + "long ".repeat(250) : text;
    return new InboundMessage(
        origin,
        origin == Origin.CHAT ? "web" : null,
        origin == Origin.INVOKE || origin == Origin.CHAT ? "user-1" : null,
        body,
        Map.of("n", String.valueOf(commands)),
        random.nextInt(6) == 0
            ? List.of(
                new dev.threadline.step.core.Values.Attachment("in.txt", "text/plain", null, null))
            : List.of());
  }

  /** The words a state update adds: a user's note {@code n} and the assistant's "ok". */
  static List<dev.threadline.step.core.Values.Message> noted(int n) {
    return List.of(
        dev.threadline.step.core.Values.Message.user(InboundMessage.invoke("noted " + n)),
        dev.threadline.step.core.Values.Message.assistant("ok", List.of()));
  }

  InboundMessage invalid() {
    return switch (random.nextInt(5)) {
      case 4 -> new InboundMessage(Origin.INVOKE, null, null, " ", Map.of(), List.of());
      case 0 -> new InboundMessage(Origin.CHAT, null, "u", "no channel", Map.of(), List.of());
      case 1 -> new InboundMessage(Origin.TASK, null, "someone", "not self", Map.of(), List.of());
      case 2 ->
          new InboundMessage(Origin.INVOKE, null, null, "x".repeat(4_001), Map.of(), List.of());
      default -> new InboundMessage(null, null, null, "no origin", Map.of(), List.of());
    };
  }
}
