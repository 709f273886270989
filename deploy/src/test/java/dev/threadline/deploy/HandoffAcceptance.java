package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * A handoff through the HTTP APIs: an onboarding agent hands the thread to a scheduling agent,
 * which answers in the same turn and the user's next message, the conversation kept; the projector
 * shows the scheduler as the thread's agent.
 */
record HandoffAcceptance(StackClient stack) {
  static final String SCHEDULER =
      """
      {"model": {"provider": "scripted", "turns": [
         [{"text": "(not reached: the onboarding agent answers first)"},
          {"text": "Scheduler here: which day suits you?"}],
         [{"text": "Booked for Tuesday."}]]},
       "systemPrompt": "You schedule meetings.",
       "stop": {"stopOnResponse": true, "maxSteps": 5}, "group": "chat"}""";

  static final String ONBOARDING =
      """
      {"model": {"provider": "scripted", "turns": [[
         {"toolCalls": [{"name": "scheduler", "arguments": {}}]}]]},
       "systemPrompt": "You onboard users; hand meetings to the scheduler.",
       "handoffs": [{"agent": "scheduler", "description": "Hand over when the user wants a meeting."}],
       "stop": {"stopOnResponse": true, "maxSteps": 5}, "group": "chat"}""";

  void run() throws Exception {
    stack.putAgent("scheduler", SCHEDULER);
    stack.putAgent("onboarding", ONBOARDING);
    String threadId =
        stack.createThread("{\"agent\": \"onboarding\", \"message\": \"I need a meeting.\"}");

    List<JsonNode> events =
        stack.awaitEvents(threadId, e -> StackClient.count(e, "TurnCompleted") >= 1, "a turn");
    JsonNode handedOff = StackClient.first(events, "AgentHandedOff").path("payload");
    assertThat(handedOff.path("fromAgent").asText()).isEqualTo("onboarding");
    assertThat(handedOff.path("toAgent").asText()).isEqualTo("scheduler");
    assertThat(lastAnswer(events)).isEqualTo("Scheduler here: which day suits you?");

    stack.sendMessage(threadId, "{\"text\": \"Tuesday?\"}");
    events =
        stack.awaitEvents(threadId, e -> StackClient.count(e, "TurnCompleted") >= 2, "two turns");
    assertThat(lastAnswer(events)).isEqualTo("Booked for Tuesday.");
    assertThat(stack.thread(threadId).path("agent").asText()).isEqualTo("scheduler");
  }

  private static String lastAnswer(List<JsonNode> events) {
    return StackClient.messages(events).stream()
        .filter(m -> m.path("role").asText().equals("ASSISTANT"))
        .map(m -> m.path("content").asText(""))
        .filter(text -> !text.isEmpty())
        .reduce((first, second) -> second)
        .orElse("");
  }
}
