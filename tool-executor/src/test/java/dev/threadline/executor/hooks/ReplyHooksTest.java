package dev.threadline.executor.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.HookFailure;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ToolCall;
import dev.threadline.avro.Usage;
import dev.threadline.config.Limits;
import dev.threadline.executor.Requests;
import dev.threadline.executor.model.ModelOutcome;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.ToolRunner;
import dev.threadline.executor.tools.Tools;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The hooks on the message a model's answer creates: {@code before_create_message} may change its
 * text but never its tool calls, {@code after_create_message} sees it as stored.
 */
class ReplyHooksTest {
  private final List<String> seen = new ArrayList<>();
  private final ReplyHooks hooks;

  ReplyHooksTest() {
    List<dev.threadline.executor.tools.Tool> functions =
        new ArrayList<>(dev.threadline.executor.tools.builtin.BuiltinHooks.all());
    functions.add(
        Tools.of(
            "polite",
            "adds please",
            (context, input) ->
                "{\"content\":\"" + input.path("content").asText() + ", please\"}"));
    functions.add(
        Tools.of(
            "watch",
            "notes what was created",
            (context, input) -> {
              seen.add(input.path("content").asText() + "|" + input.path("toolCalls").size());
              return "ignored";
            }));
    functions.add(Tools.of("garbled", "answers no JSON", (context, input) -> "not json"));
    hooks = new ReplyHooks(new ToolRunner(new ToolRegistry(functions), Limits.defaults()));
  }

  private static ModelRequest request(Map<String, String> agentHooks) {
    ModelRequest r = Requests.model("t-1", "scripted", "{}", 1, Requests.T0.plusSeconds(60));
    r.setHooks(agentHooks);
    return r;
  }

  private static final ModelOutcome.Reply REPLY =
      new ModelOutcome.Reply(
          "look it up",
          List.of(new ToolCall("c1", "echo", "{}")),
          new Usage(1L, 2L, 0L, 0L),
          "tool_calls",
          "m-1");

  @Test
  void beforeCreateMessageChangesTheStoredTextAndAfterCreateMessageSeesIt() {
    List<HookFailure> failures = new ArrayList<>();

    ModelOutcome.Reply stored =
        hooks.apply(
            request(Map.of("before_create_message", "polite", "after_create_message", "watch")),
            REPLY,
            Requests.T0,
            failures);

    assertThat(failures).isEmpty();
    assertThat(stored.text()).isEqualTo("look it up, please");
    assertThat(stored.toolCalls()).isEqualTo(REPLY.toolCalls());
    assertThat(seen).containsExactly("look it up, please|1");
  }

  @Test
  void aBeforeCreateMessageHookThatAnswersNoObjectChangesNothingAndIsReported() {
    List<HookFailure> failures = new ArrayList<>();

    ModelOutcome.Reply stored =
        hooks.apply(
            request(Map.of("before_create_message", "garbled")), REPLY, Requests.T0, failures);

    assertThat(stored).isSameAs(REPLY);
    assertThat(failures)
        .singleElement()
        .extracting(HookFailure::getHook)
        .isEqualTo("before_create_message");
  }

  @Test
  void theBuiltInRedactEmailsStoresAnAnswerWithoutItsAddresses() {
    List<HookFailure> failures = new ArrayList<>();
    ModelOutcome.Reply said =
        new ModelOutcome.Reply(
            "sent to ada@example.com", List.of(), new Usage(1L, 2L, 0L, 0L), "stop", "m");

    ModelOutcome.Reply stored =
        hooks.apply(
            request(Map.of("before_create_message", "redact_emails")), said, Requests.T0, failures);

    assertThat(stored.text()).isEqualTo("sent to [email]");
    assertThat(failures).isEmpty();
  }

  @Test
  void anAgentWithoutCreateHooksRunsNone() {
    List<HookFailure> failures = new ArrayList<>();

    assertThat(hooks.apply(request(Map.of()), REPLY, Requests.T0, failures)).isSameAs(REPLY);
    assertThat(seen).isEmpty();
  }
}
