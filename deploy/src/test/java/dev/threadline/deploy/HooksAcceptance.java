package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * An agent's hooks through the product: its {@code before_store_tool_result} (the built-in {@code
 * redact_emails}) changes what the thread stores of a tool's result, its {@code filter_messages}
 * (the built-in {@code keep_recent}) runs on every step's messages, its {@code
 * before_create_message} (the built-in {@code redact_emails} again) changes the answer it stores
 * and the user's message before it is stored, its {@code after_thread_created} (the built-in {@code
 * record_creation}) writes a value before the first turn, and a hook naming a function no executor
 * has is a {@code HookFailed} event while the call goes on. A script's calls (run_code's {@code
 * tools.*}) go through the same hooks, and a prompt's own {@code before_create_message} changes the
 * answer its caller gets, and {@code after_create_message} sees a user's message as it is stored. A
 * call the step processor runs itself goes through the same tool hooks. An unknown hook point is
 * refused at the door.
 */
record HooksAcceptance(StackClient stack) {
  static final String CLERK =
      """
      {"model": {"provider": "scripted", "script": [
         {"toolCalls": [{"name": "echo", "arguments": {"to": "ada@example.com"}}]},
         {"text": "sent to ada@example.com"}]},
       "systemPrompt": "You send mail.",
       "tools": [{"name": "echo", "permission": "allow"}],
       "hooks": {"after_thread_created": "record_creation",
                 "before_store_tool_result": "redact_emails",
                 "before_create_message": "redact_emails",
                 "filter_messages": "keep_recent",
                 "after_tool_call_success": "no_such_function"},
       "stop": {"stopOnResponse": true, "maxSteps": 5}}""";

  void run() throws Exception {
    JsonNode refused =
        stack.write(
            "PUT",
            "/v1/agents/too-early",
            "{\"model\": {\"provider\": \"scripted\"}, \"hooks\": {\"before_lunch\": \"x\"}}",
            422);
    assertThat(refused.path("errors").get(0).path("field").asText())
        .isEqualTo("hooks.before_lunch");
    stack.putAgent("hooked-clerk", CLERK);
    assertThat(
            stack
                .get(stack.ingest() + "/v1/agents/hooked-clerk")
                .path("hooks")
                .path("before_store_tool_result")
                .asText())
        .isEqualTo("redact_emails");
    String threadId =
        stack.createThread(
            "{\"agent\": \"hooked-clerk\", \"message\": \"write to ada@example.com\"}");

    List<JsonNode> events =
        stack.awaitEvents(threadId, e -> StackClient.count(e, "TurnCompleted") >= 1, "a turn");

    assertThat(StackClient.messages(events).getFirst().path("content").asText())
        .as("the user's message as before_create_message left it")
        .isEqualTo("write to [email]");
    String stored = StackClient.toolResults(events).getFirst().path("content").asText();
    assertThat(stored).contains("[email]").doesNotContain("ada@example.com");
    assertThat(StackClient.messages(events).getLast().path("content").asText())
        .isEqualTo("sent to [email]");
    JsonNode failed = StackClient.first(events, "HookFailed").path("payload");
    assertThat(failed.path("hook").asText()).isEqualTo("after_tool_call_success");
    assertThat(failed.path("function").asText()).isEqualTo("no_such_function");
    assertThat(StackClient.types(events)).doesNotContain("ThreadFailed");
    JsonNode values =
        stack.await(
            stack.projector() + "/v1/threads/" + StackClient.encode(threadId) + "/values",
            v -> v.path("values").has("creation"),
            "the value after_thread_created wrote");
    assertThat(values.path("values").path("creation").path("agent").asText())
        .isEqualTo("hooked-clerk");
    aScriptsCallsGoThroughTheHooks();
    aPromptsCreateHookChangesTheAnswerItsCallerGets();
    afterCreateMessageSeesAUsersMessageAsItIsStored();
    aRuntimeToolsResultGoesThroughTheHooks();
  }

  /**
   * A call the step processor answers itself (here {@code subagent_message} to a child that does
   * not exist) goes through the agent's tool hooks as an executor's call does.
   */
  private void aRuntimeToolsResultGoesThroughTheHooks() throws Exception {
    stack.putAgent(
        "hooked-sender",
        """
        {"model": {"provider": "scripted", "script": [
           {"toolCalls": [{"name": "subagent_message",
                           "arguments": {"name": "ada@example.com", "message": "hi"}}]},
           {"text": "done"}]},
         "hooks": {"after_tool_call_failure": "record_creation",
                   "before_store_tool_result": "redact_emails"},
         "stop": {"stopOnResponse": true, "maxSteps": 5}}""");
    String threadId = stack.createThread("{\"agent\": \"hooked-sender\", \"message\": \"go\"}");

    List<JsonNode> events =
        stack.awaitEvents(threadId, e -> StackClient.count(e, "TurnCompleted") >= 1, "a turn");

    assertThat(StackClient.toolResults(events).getFirst().path("content").asText())
        .as("the runtime's error as before_store_tool_result left it")
        .contains("[email]")
        .doesNotContain("ada@example.com");
    JsonNode values =
        stack.await(
            stack.projector() + "/v1/threads/" + StackClient.encode(threadId) + "/values",
            v -> v.path("values").has("creation"),
            "the value after_tool_call_failure wrote");
    assertThat(values.path("values").path("creation").path("tool").asText())
        .isEqualTo("subagent_message");
  }

  /** {@code after_create_message} runs on a user's message too; its writes are kept. */
  private void afterCreateMessageSeesAUsersMessageAsItIsStored() throws Exception {
    stack.putAgent(
        "hooked-listener",
        """
        {"model": {"provider": "scripted", "script": [{"text": "noted"}]},
         "hooks": {"before_create_message": "redact_emails",
                   "after_create_message": "record_creation"},
         "stop": {"stopOnResponse": true, "maxSteps": 2}}""");
    String threadId =
        stack.createThread(
            "{\"agent\": \"hooked-listener\", \"message\": \"I am bob@example.com\"}");

    JsonNode values =
        stack.await(
            stack.projector() + "/v1/threads/" + StackClient.encode(threadId) + "/values",
            v -> v.path("values").has("creation"),
            "the value after_create_message wrote");

    assertThat(values.path("values").path("creation").path("content").asText())
        .isEqualTo("I am [email]");
  }

  /** A prompt's step is a model call: its own {@code before_create_message} runs on its answer. */
  private void aPromptsCreateHookChangesTheAnswerItsCallerGets() throws Exception {
    stack.putAgent(
        "hooked-headliner",
        """
        {"model": {"provider": "scripted", "script": [
           {"toolCalls": [{"name": "headline", "arguments": {"message": "mail ada"}}]},
           {"text": "done"}]},
         "systemPrompt": "You write headlines.",
         "subprompts": [{"name": "headline", "prompt": "One line.",
           "model": {"provider": "scripted", "script": [{"text": "write to ada@example.com"}]},
           "hooks": {"before_create_message": "redact_emails"}}],
         "stop": {"stopOnResponse": true, "maxSteps": 5}}""");
    String threadId = stack.createThread("{\"agent\": \"hooked-headliner\", \"message\": \"go\"}");

    List<JsonNode> events =
        stack.awaitEvents(threadId, e -> StackClient.count(e, "TurnCompleted") >= 1, "a turn");

    assertThat(StackClient.toolResults(events).getFirst().path("content").asText())
        .isEqualTo("write to [email]");
  }

  private void aScriptsCallsGoThroughTheHooks() throws Exception {
    String code =
        "const r = await tools.echo({ to: 'ada@example.com' });"
            + " export default JSON.stringify(r).includes('@') ? 'raw' : 'redacted';";
    var call = StackClient.JSON.createObjectNode().put("name", "run_code");
    call.putObject("arguments").put("code", code);
    var agent = (com.fasterxml.jackson.databind.node.ObjectNode) StackClient.JSON.readTree(CLERK);
    ((com.fasterxml.jackson.databind.node.ArrayNode) agent.path("model").path("script"))
        .removeAll()
        .addObject()
        .putArray("toolCalls")
        .add(call);
    ((com.fasterxml.jackson.databind.node.ArrayNode) agent.path("model").path("script"))
        .addObject()
        .put("text", "done");
    agent.withArray("tools").addObject().put("name", "run_code").put("permission", "allow");
    stack.putAgent("hooked-coder", agent.toString());
    String threadId = stack.createThread("{\"agent\": \"hooked-coder\", \"message\": \"go\"}");

    List<JsonNode> events =
        stack.awaitEvents(threadId, e -> StackClient.count(e, "TurnCompleted") >= 1, "a turn");

    assertThat(StackClient.toolResults(events).getFirst().path("content").asText())
        .as("the script got echo's result as before_store_tool_result left it")
        .contains("redacted");
    assertThat(StackClient.count(events, "HookFailed"))
        .as("after_tool_call_success named for the script's call and for run_code's")
        .isEqualTo(2);
  }
}
