package dev.threadline.deploy;

import static dev.threadline.deploy.StackClient.count;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.testkit.StrictChatCompletions.Call;
import dev.threadline.testkit.StrictResponses;
import dev.threadline.testkit.StrictResponses.Reply;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Agents on the {@code openai-responses} provider, through the HTTP APIs, against a stand-in that
 * refuses what the Responses API refuses ({@link StrictResponses}): a parent hears from its child;
 * an abort in the middle of a two-tool reply, and an approval denied, leave input the API takes; a
 * reasoning model's encrypted reasoning goes back within its tool loop (the stand-in refuses
 * reasoning it did not issue, or reasoning without the call it led to); a reply under a JSON schema
 * is checked against it. No request is refused.
 */
final class ResponsesAcceptance implements StrictResponses.Script {
  private static final String MODEL =
      "{\"provider\":\"openai-responses\",\"model\":\"gpt-test\",\"endpoint\":\"responses\"";

  /** A model the stack's profiles say sees images. */
  static final String VISION = "gpt-vision";

  private final StackClient stack;
  private final ProviderScenarios scenarios;
  private final AtomicInteger calls = new AtomicInteger();

  ResponsesAcceptance(StackClient stack) {
    this.stack = stack;
    this.scenarios = new ProviderScenarios(stack);
  }

  /** The stand-in's model: it answers by agent (its instructions) and the last input item. */
  @Override
  public Reply answer(JsonNode request) {
    String agent = request.path("instructions").asText();
    JsonNode input = request.path("input");
    JsonNode last = input.get(input.size() - 1);
    String said = last.path("content").asText(last.path("output").asText(""));
    boolean thinks = request.has("reasoning");
    for (JsonNode part : last.path("content")) {
      if (part.path("type").asText().equals("input_image")) {
        return Reply.text("I see an image");
      }
    }
    if (last.path("type").asText().equals("function_call_output")) {
      return new Reply(thinks ? "now answer" : null, "done with the tools: " + said, List.of());
    }
    if (agent.startsWith("RS child")) {
      return Reply.text("child answer to: " + said);
    }
    if (agent.startsWith("RS parent")) {
      return said.startsWith("[subagent helper")
          ? Reply.text("parent got: " + said)
          : calls(null, call("helper", "{\"message\":\"look it up\"}"));
    }
    if (agent.startsWith("RS json")) {
      return Reply.text(said.equals("bad") ? "{\"n\":\"one\"}" : "{\"n\":1}");
    }
    return switch (said) {
      case "two tools" -> calls(null, call("echo", "{\"n\":1}"), call("current_time", "{}"));
      case "what time is it" -> calls(null, call("current_time", "{}"));
      case "echo" -> calls(thinks ? "the user wants an echo" : null, call("echo", "{\"n\":2}"));
      default -> Reply.text("sure: " + said);
    };
  }

  private static Reply calls(String reasoning, Call... calls) {
    return new Reply(reasoning, null, List.of(calls));
  }

  private Call call(String name, String args) {
    return new Call("call_" + calls.incrementAndGet(), name, args);
  }

  void run(StrictResponses api) throws Exception {
    scenarios.define("rs-child", MODEL + "}", "RS child", "[]", "[]");
    scenarios.define(
        "rs-parent",
        MODEL + "}",
        "RS parent",
        "[]",
        "[{\"name\":\"helper\",\"agent\":\"rs-child\",\"blocking\":false}]");
    String tools = ProviderScenarios.TWO_TOOLS;
    scenarios.define("rs-tools", MODEL + "}", "RS tools", tools, "[]");
    scenarios.define(
        "rs-looker",
        "{\"provider\":\"openai-responses\",\"model\":\""
            + VISION
            + "\",\"endpoint\":\"responses\"}",
        "RS looker",
        "[]",
        "[]");
    scenarios.define(
        "rs-thinker", MODEL + ",\"reasoning\":{\"effort\":\"low\"}}", "RS thinker", tools, "[]");
    scenarios.define("rs-json", MODEL + ProviderScenarios.N_SCHEMA + "}", "RS json", "[]", "[]");

    anOptionTheApiLacksIsRefusedAtTheDoor();
    scenarios.aParentHearsFromItsChild("rs-parent");
    scenarios.anAbortInTheMiddleOfATwoToolReplyLeavesAValidConversation("rs-tools");
    scenarios.anApprovalDeniedThenANewMessageIsAnswered("rs-tools");
    reasoningGoesBackWithinTheToolLoop(api);
    scenarios.aReplyUnderAJsonSchemaIsHeldToIt("rs-json");
    scenarios.anImageReachesTheModel("rs-looker");

    assertThat(api.refusals()).as("requests the Responses API refused").isEmpty();
    assertThat(api.requests()).hasSizeGreaterThan(8);
  }

  private void anOptionTheApiLacksIsRefusedAtTheDoor() throws Exception {
    JsonNode refused =
        stack.write(
            "PUT", "/v1/agents/rs-stop", "{\"model\": " + MODEL + ",\"stop\":\"END\"}}", 422);
    assertThat(refused.path("errors").path(0).path("field").asText()).isEqualTo("model.stop");
  }

  private void reasoningGoesBackWithinTheToolLoop(StrictResponses api) throws Exception {
    String thread = scenarios.start("rs-thinker", "echo");
    List<JsonNode> events =
        stack.awaitEvents(thread, e -> count(e, "TurnCompleted") == 1, "the tool loop");
    assertThat(events.toString()).contains("done with the tools: {\\\"n\\\":2}");
    JsonNode input = api.requests().getLast().path("input");
    assertThat(input.toString()).contains("\"type\":\"reasoning\"", "encrypted_content");
  }
}
