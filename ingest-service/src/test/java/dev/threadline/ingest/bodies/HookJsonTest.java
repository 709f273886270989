package dev.threadline.ingest.bodies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.ingest.Problem;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An agent's {@code hooks} as the HTTP API reads, validates and shows them. */
class HookJsonTest {

  @Test
  void hooksAreReadAndRenderedBack() throws Exception {
    AgentDefinition a =
        AgentBodies.scripted(
            "keeper",
            ",\"hooks\":{\"before_store_tool_result\":\"redact_emails\","
                + "\"filter_messages\":\"keep_recent\"}");

    assertThat(a.getHooks())
        .isEqualTo(
            Map.of("before_store_tool_result", "redact_emails", "filter_messages", "keep_recent"));
    assertThat(AgentJson.render(a).path("hooks").path("filter_messages").asText())
        .isEqualTo("keep_recent");
    assertThat(AgentBodies.scripted("plain", "").getHooks()).isEmpty();
  }

  @Test
  void anUnknownHookIs422NamingIt() {
    assertThatThrownBy(() -> AgentBodies.scripted("x", ",\"hooks\":{\"before_lunch\":\"eat\"}"))
        .isInstanceOfSatisfying(
            Problem.Failure.class,
            p -> {
              assertThat(p.problem().errors().getFirst().field()).isEqualTo("hooks.before_lunch");
              assertThat(p.problem().detail()).contains("unknown hook");
            });
  }

  @Test
  void everyPointOfTheModelMayBeNamed() throws Exception {
    for (String point : dev.threadline.agents.HookPoint.all()) {
      assertThat(AgentBodies.scripted("x", ",\"hooks\":{\"" + point + "\":\"f\"}").getHooks())
          .containsEntry(point, "f");
    }
  }

  @Test
  void aHookMustNameAFunction() {
    assertThatThrownBy(() -> AgentBodies.scripted("x", ",\"hooks\":{\"filter_messages\":\"\"}"))
        .isInstanceOf(Problem.Failure.class);
    assertThatThrownBy(() -> AgentBodies.scripted("x", ",\"hooks\":[\"keep_recent\"]"))
        .isInstanceOf(Problem.Failure.class);
  }

  /** A prompt is one model step: it may filter the history that step sees, and nothing else. */
  @Test
  void aPromptNamesEveryHookOfAModelCallAndShowsThemBack() throws Exception {
    AgentDefinition a =
        AgentBodies.scripted(
            "asker",
            ",\"subprompts\":[{\"name\":\"headline\",\"prompt\":\"One line.\","
                + "\"hooks\":{\"filter_messages\":\"keep_recent\","
                + "\"after_system_message\":\"stamp\","
                + "\"before_create_message\":\"redact_emails\","
                + "\"after_create_message\":\"audit\"}}]");

    assertThat(a.getSubprompts().getFirst().getHooks())
        .as("a prompt's step is a model call: every hook of one")
        .isEqualTo(
            Map.of(
                "filter_messages", "keep_recent",
                "after_system_message", "stamp",
                "before_create_message", "redact_emails",
                "after_create_message", "audit"));
    assertThat(
            AgentJson.render(a)
                .path("subprompts")
                .get(0)
                .path("hooks")
                .path("filter_messages")
                .asText())
        .isEqualTo("keep_recent");
    assertThatThrownBy(
            () ->
                AgentBodies.scripted(
                    "x",
                    ",\"subprompts\":[{\"name\":\"p\",\"prompt\":\"P.\","
                        + "\"hooks\":{\"before_store_tool_result\":\"redact_emails\"}}]"))
        .isInstanceOfSatisfying(
            Problem.Failure.class,
            p -> {
              assertThat(p.problem().errors().getFirst().field())
                  .isEqualTo("subprompts[0].hooks.before_store_tool_result");
              assertThat(p.problem().detail())
                  .contains("prefilter_llm_history", "before_create_message", "no tools");
            });
  }
}
