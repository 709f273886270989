package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.testkit.StrictChatCompletions;
import dev.threadline.testkit.StrictChatCompletions.Call;
import dev.threadline.testkit.StrictChatCompletions.Reply;
import java.util.List;
import java.util.UUID;

/**
 * Scoped variables through the product (spec §7.3–7.5). A keeper agent requires a scoped secret,
 * REPO_KEY, and takes CITY scoped. (1) A lead whose entry is the {@code immediate} object form
 * starts it before its first step, named by its PROJECT and given the lead's REPO_KEY (sealed) —
 * not its CITY. (2) A lead without the key asks for it: the call ends with a structured
 * variables_required error, the request reads open on the projector, a POST of the key starts the
 * keeper, and its result reaches the lead as a message — that lead on the {@code openai} provider
 * against the strict stand-in, which refuses nothing along the way.
 */
record ScopedVariablesAcceptance(StackClient stack) implements ScriptedAcceptance {
  private static final ObjectMapper JSON = new ObjectMapper();

  static final String KEEPER =
      """
      {"model": {"provider": "scripted", "script": [
         {"toolCalls": [{"name": "key_probe", "arguments": {}}]},
         {"text": "The repository is open."}]},
       "systemPrompt": "You keep the repository.", "exposeAsTool": true,
       "tools": [{"name": "key_probe", "permission": "allow"}],
       "variables": [{"name": "REPO_KEY", "type": "secret", "required": true, "scoped": true,
                      "description": "the repository's key"},
                     {"name": "CITY", "scoped": true}],
       "stop": {"stopOnResponse": true, "maxSteps": 4}}""";

  static final String IMMEDIATE_LEAD =
      """
      {"model": {"provider": "scripted", "script": [{"text": "The keeper ran first."}]},
       "systemPrompt": "You lead.",
       "variables": [{"name": "REPO_KEY", "type": "secret"}, {"name": "PROJECT"}, {"name": "CITY"}],
       "subagents": [{"name": "vault", "agent": "keeper",
                      "immediate": {"nameEnv": "PROJECT", "scopedEnv": ["REPO_KEY"]}}],
       "stop": {"stopOnResponse": true, "maxSteps": 4}}""";

  /** On the {@code openai} provider against the strict stand-in: see {@link #answer}. */
  static final String ASKING_LEAD =
      """
      {"model": {"provider": "openai", "model": "gpt-big", "endpoint": "strict"},
       "systemPrompt": "SCOPED lead: open the repository",
       "subagents": [{"name": "vault", "agent": "keeper"}],
       "stop": {"stopOnResponse": true, "maxSteps": 4}}""";

  /**
   * The asking lead's model: it calls its keeper, reads the variables_required error, and answers
   * the keeper's report when it arrives as a message.
   */
  @Override
  public Reply answer(JsonNode request) {
    JsonNode messages = request.path("messages");
    JsonNode last = messages.get(messages.size() - 1);
    String said = last.path("content").asText("");
    if (last.path("role").asText().equals("tool")) {
      return Reply.text(said.contains("variables_required") ? "I asked for the key." : "?");
    }
    return said.startsWith("[subagent")
        ? Reply.text("The keeper reported.")
        : Reply.calls(new Call("call_scoped_1", "vault", "{\"message\":\"Open the repository.\"}"));
  }

  @Override
  public void run(StrictChatCompletions endpoint) throws Exception {
    stack.putAgent("keeper", KEEPER);
    stack.putAgent("immediate-lead", IMMEDIATE_LEAD);
    stack.putAgent("asking-lead", ASKING_LEAD);
    immediateObjectForm();
    variablesRequest();
    assertThat(endpoint.refusals()).as("requests the endpoint refused").isEmpty();
  }

  private void immediateObjectForm() throws Exception {
    String key = "repo-" + UUID.randomUUID();
    String lead =
        create(
            "{\"agent\": \"immediate-lead\", \"message\": \"Start.\", \"env\": {\"PROJECT\":"
                + " \"Apollo\", \"CITY\": \"Lisbon\", \"REPO_KEY\": \""
                + key
                + "\"}}");
    List<JsonNode> events =
        stack.awaitEvents(lead, e -> StackClient.count(e, "TurnCompleted") >= 1, "a turn");
    JsonNode created = StackClient.first(events, "SubagentCreated").path("payload");
    assertThat(created.path("name").asText()).isEqualTo("Apollo");
    JsonNode probe = keeperProbe(created.path("childThreadId").asText());
    assertThat(probe.path("keyChars").asInt()).isEqualTo(key.length());
    assertThat(probe.path("keyLooksRight").asBoolean()).isTrue();
    assertThat(probe.path("parent").asText()).isEqualTo(lead); // ThreadState.parentThread()
    // Scoped: CITY is not inherited; PROJECT, which the keeper does not scope, is.
    assertThat(probe.path("names").toString())
        .contains("PROJECT", "REPO_KEY")
        .doesNotContain("CITY");
  }

  private void variablesRequest() throws Exception {
    String lead = create("{\"agent\": \"asking-lead\", \"message\": \"Open it.\"}");
    List<JsonNode> events =
        stack.awaitEvents(lead, e -> StackClient.count(e, "TurnCompleted") >= 1, "a turn");
    JsonNode error =
        JSON.readTree(StackClient.toolResults(events).getFirst().path("content").asText());
    assertThat(error.path("error").asText()).isEqualTo("variables_required");
    String requestId = error.path("requestId").asText();
    String path = "/v1/threads/" + StackClient.encode(lead) + "/variables/" + requestId;
    JsonNode request = stack.get(stack.projector() + path);
    assertThat(request.path("status").asText()).isEqualTo("open");
    assertThat(request.path("variables").get(0).path("name").asText()).isEqualTo("REPO_KEY");
    assertThat(request.path("variables").get(0).path("type").asText()).isEqualTo("secret");

    String key = "repo-" + UUID.randomUUID();
    stack.send("POST", stack.ingest() + path, "{\"env\": {\"REPO_KEY\": \"" + key + "\"}}", 202);

    List<JsonNode> after =
        stack.awaitEvents(
            lead, e -> StackClient.count(e, "TurnCompleted") >= 2, "the keeper's report");
    JsonNode provided = StackClient.first(after, "SubagentVariablesProvided").path("payload");
    JsonNode probe = keeperProbe(provided.path("childThreadId").asText());
    assertThat(probe.path("keyChars").asInt()).isEqualTo(key.length());
    assertThat(StackClient.messages(after).toString()).contains("The keeper reported.");
    assertThat(stack.get(stack.projector() + path).path("status").asText()).isEqualTo("completed");
    // A second POST finds the request closed: the step processor refuses it, nothing starts.
    stack.send("POST", stack.ingest() + path, "{\"env\": {\"REPO_KEY\": \"" + key + "\"}}", 202);
    stack.awaitEvents(
        lead, e -> StackClient.count(e, "CommandRejected") >= 1, "the second POST refused");
  }

  private String create(String body) throws Exception {
    return stack.createThread(body);
  }

  /** What the keeper's key_probe found, once the keeper's turn is done. */
  private JsonNode keeperProbe(String childThreadId) throws Exception {
    List<JsonNode> events =
        stack.awaitEvents(
            childThreadId, e -> StackClient.count(e, "TurnCompleted") >= 1, "the keeper's turn");
    return JSON.readTree(StackClient.toolResults(events).getFirst().path("content").asText());
  }
}
