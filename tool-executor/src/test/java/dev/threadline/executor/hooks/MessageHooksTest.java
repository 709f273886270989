package dev.threadline.executor.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.Role;
import dev.threadline.avro.ToolCall;
import dev.threadline.config.Limits;
import dev.threadline.executor.Requests;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.ToolRunner;
import dev.threadline.executor.tools.Tools;
import dev.threadline.executor.tools.builtin.BuiltinHooks;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The hooks on a model request's messages: what the model sees, never a broken conversation. */
class MessageHooksTest {
  private final MessageHooks hooks;

  MessageHooksTest() {
    List<dev.threadline.executor.tools.Tool> functions = new ArrayList<>(BuiltinHooks.all());
    // Keeps the system message and every tool call, but drops every tool result.
    functions.add(
        Tools.of(
            "drop_results", "breaks the conversation", (context, input) -> "{\"keep\":[0,1,2]}"));
    functions.add(
        Tools.of(
            "shout",
            "keeps all, the user's text in capitals",
            (context, input) -> {
              StringBuilder keep = new StringBuilder();
              StringBuilder content = new StringBuilder();
              for (var m : input.path("messages")) {
                keep.append(keep.isEmpty() ? "" : ",").append(m.path("index").asInt());
                if (m.path("role").asText().equals("user")) {
                  content
                      .append(content.isEmpty() ? "" : ",")
                      .append('"')
                      .append(m.path("index").asInt())
                      .append("\":\"")
                      .append(m.path("content").asText().toUpperCase(java.util.Locale.ROOT))
                      .append('"');
                }
              }
              return "{\"keep\":[" + keep + "],\"content\":{" + content + "}}";
            }));
    functions.add(
        Tools.of(
            "sign_system",
            "adds a line to the system message",
            (context, input) ->
                "{\"content\":\"" + input.path("content").asText() + " Sign as Threadline.\"}"));
    hooks = new MessageHooks(new ToolRunner(new ToolRegistry(functions), Limits.defaults()));
  }

  /** A system message, then {@code turns} × (user, assistant calling echo, the tool's result). */
  private static ModelRequest request(int turns, Map<String, String> agentHooks) {
    ModelRequest r = Requests.model("t-1", "scripted", "{}", 1, Requests.T0.plusSeconds(60));
    List<ChatMessage> messages = new ArrayList<>();
    messages.add(ChatMessage.newBuilder().setRole(Role.SYSTEM).setContent("be brief").build());
    for (int i = 0; i < turns; i++) {
      messages.add(ChatMessage.newBuilder().setRole(Role.USER).setContent("ask " + i).build());
      messages.add(
          ChatMessage.newBuilder()
              .setRole(Role.ASSISTANT)
              .setToolCalls(new ArrayList<>(List.of(new ToolCall("c" + i, "echo", "{}"))))
              .build());
      messages.add(
          ChatMessage.newBuilder()
              .setRole(Role.TOOL)
              .setToolCallId("c" + i)
              .setContent("echo " + i)
              .build());
    }
    r.setMessages(messages);
    r.setHooks(agentHooks);
    return r;
  }

  @Test
  void keepRecentShowsTheSystemMessageAndTheLatestMessagesWithTheirCalls() {
    ModelRequest r = request(10, Map.of("filter_messages", "keep_recent"));

    var applied = hooks.apply(r, Requests.T0);

    assertThat(applied.failures()).isEmpty();
    assertThat(applied.messages().getFirst().getContent()).isEqualTo("be brief");
    assertThat(applied.messages()).hasSizeBetween(21, 23);
    assertThat(applied.messages().get(1).getRole()).isNotEqualTo(Role.TOOL);
    assertThat(applied.messages().getLast().getContent()).isEqualTo("echo 9");
  }

  @Test
  void afterSystemMessageMayReplaceTheRenderedSystemMessageForThisRequest() {
    ModelRequest r = request(1, Map.of("after_system_message", "sign_system"));

    var applied = hooks.apply(r, Requests.T0);

    assertThat(applied.failures()).isEmpty();
    assertThat(applied.messages().getFirst().getContent())
        .isEqualTo("be brief Sign as Threadline.");
    assertThat(applied.messages().subList(1, 4)).isEqualTo(r.getMessages().subList(1, 4));
  }

  @Test
  void anAfterSystemMessageHookThatAnswersNoObjectChangesNothingAndIsReported() {
    ModelRequest r = request(1, Map.of("after_system_message", "drop_results_as_text"));

    var applied = hooks.apply(r, Requests.T0);

    assertThat(applied.messages()).isEqualTo(r.getMessages());
    assertThat(applied.failures())
        .singleElement()
        .extracting(f -> f.getHook())
        .isEqualTo("after_system_message");
  }

  @Test
  void aFilterMayEditTextAndPrefilterSeesTheHistoryOnly() {
    ModelRequest r = request(1, Map.of("prefilter_llm_history", "shout"));

    var applied = hooks.apply(r, Requests.T0);

    assertThat(applied.failures()).isEmpty();
    assertThat(applied.messages())
        .extracting(ChatMessage::getContent)
        .containsExactly("be brief", "ASK 0", null, "echo 0");
  }

  @Test
  void aFilterThatWouldLeaveACallWithoutItsResultChangesNothingAndIsReported() {
    ModelRequest r = request(2, Map.of("filter_messages", "drop_results"));

    var applied = hooks.apply(r, Requests.T0);

    assertThat(applied.messages()).isEqualTo(r.getMessages());
    assertThat(applied.failures())
        .singleElement()
        .satisfies(f -> assertThat(f.getMessage()).contains("tool call c0 without its result"));
  }

  @Test
  void aRequestWithoutHooksKeepsItsMessages() {
    ModelRequest r = request(2, Map.of());

    assertThat(hooks.apply(r, Requests.T0).messages()).isSameAs(r.getMessages());
  }
}
