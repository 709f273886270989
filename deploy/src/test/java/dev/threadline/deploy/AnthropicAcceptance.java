package dev.threadline.deploy;

import static dev.threadline.deploy.StackClient.count;
import static dev.threadline.deploy.StackClient.first;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.testkit.StrictChatCompletions.Call;
import dev.threadline.testkit.StrictMessages;
import dev.threadline.testkit.StrictMessages.Reply;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Agents on the {@code anthropic} provider, through the HTTP APIs, against a stand-in that refuses
 * what the Messages API refuses ({@link StrictMessages}): a parent hears from its child; an abort
 * in the middle of a two-tool reply and an approval denied leave conversations the API takes; a
 * reply under a JSON schema is checked against it; an overloaded API (529) is retried and answers.
 * The agents' tools are cached (the second call of a tool loop reads its prefix). No request is
 * refused.
 */
final class AnthropicAcceptance implements StrictMessages.Script {
  private static final String MODEL =
      "{\"provider\":\"anthropic\",\"model\":\"claude-test\",\"endpoint\":\"claude\"";

  /** A model the stack's profiles say sees images. */
  static final String VISION = "claude-vision";

  private final StackClient stack;
  private final ProviderScenarios scenarios;
  private final AtomicInteger calls = new AtomicInteger();
  private final AtomicInteger overloads = new AtomicInteger();

  AnthropicAcceptance(StackClient stack) {
    this.stack = stack;
    this.scenarios = new ProviderScenarios(stack);
  }

  /** The stand-in's model: it answers by agent (its system prompt) and the last block sent. */
  @Override
  public StrictMessages.Answer answer(JsonNode request) {
    String agent = request.path("system").path(0).path("text").asText();
    JsonNode messages = request.path("messages");
    JsonNode content = messages.get(messages.size() - 1).path("content");
    // The working set, a system note, closes the last message: what was said comes before it.
    JsonNode last = content.get(content.size() - 1);
    if (content.size() > 1 && last.path("text").asText().startsWith("Working set")) {
      last = content.get(content.size() - 2);
    }
    String said = last.path("text").asText(last.path("content").asText(""));
    if (last.path("type").asText().equals("tool_result")) {
      return Reply.text("done with the tools: " + said);
    }
    if (agent.startsWith("AN child")) {
      return Reply.text("child answer to: " + said);
    }
    if (agent.startsWith("AN parent")) {
      return said.startsWith("[subagent helper")
          ? Reply.text("parent got: " + said)
          : Reply.calls(call("helper", "{\"message\":\"look it up\"}"));
    }
    if (agent.startsWith("AN json")) {
      return Reply.text(said.equals("bad") ? "{\"n\":\"one\"}" : "{\"n\":1}");
    }
    for (JsonNode block : content) {
      if (block.path("type").asText().equals("image")) {
        return Reply.text("I see an image");
      }
    }
    if (request.path("model").asText().equals("claude-busy")) {
      return StrictMessages.Failure.overloaded(); // however often it is asked
    }
    if (agent.startsWith("AN busy") && overloads.getAndIncrement() == 0) {
      return StrictMessages.Failure.overloaded();
    }
    return switch (said) {
      case "two tools" -> Reply.calls(call("echo", "{\"n\":1}"), call("current_time", "{}"));
      case "what time is it" -> Reply.calls(call("current_time", "{}"));
      case "echo" -> Reply.calls(call("echo", "{\"n\":2}"));
      default -> Reply.text("sure: " + said);
    };
  }

  private Call call(String name, String args) {
    return new Call("toolu_" + calls.incrementAndGet(), name, args);
  }

  void run(StrictMessages api) throws Exception {
    scenarios.define("an-child", MODEL + "}", "AN child", "[]", "[]");
    scenarios.define(
        "an-parent",
        MODEL + "}",
        "AN parent",
        "[]",
        "[{\"name\":\"helper\",\"agent\":\"an-child\",\"blocking\":false}]");
    scenarios.define("an-tools", MODEL + "}", "AN tools", ProviderScenarios.TWO_TOOLS, "[]");
    scenarios.define("an-json", MODEL + ProviderScenarios.N_SCHEMA + "}", "AN json", "[]", "[]");
    scenarios.define(
        "an-looker",
        "{\"provider\":\"anthropic\",\"model\":\"" + VISION + "\",\"endpoint\":\"claude\"}",
        "AN looker",
        "[]",
        "[]");
    scenarios.define("an-busy", MODEL + ",\"stream\":false}", "AN busy", "[]", "[]");
    scenarios.define(
        "an-resilient",
        "{\"provider\":\"anthropic\",\"model\":\"claude-busy\",\"endpoint\":\"claude\","
            + "\"fallbacks\":[{\"provider\":\"anthropic\",\"model\":\"claude-test\","
            + "\"endpoint\":\"claude\"}]}",
        "AN resilient",
        "[]",
        "[]");

    anOptionTheProviderDoesNotTakeIsRefusedAtTheDoor();
    scenarios.aParentHearsFromItsChild("an-parent");
    scenarios.anAbortInTheMiddleOfATwoToolReplyLeavesAValidConversation("an-tools");
    scenarios.anApprovalDeniedThenANewMessageIsAnswered("an-tools");
    theSecondCallOfAToolLoopReadsTheCache(api);
    scenarios.aReplyUnderAJsonSchemaIsHeldToIt("an-json");
    scenarios.anImageReachesTheModel("an-looker");
    anOverloadedApiIsRetried();
    aFallbackTakesOverFromAModelThatStaysOverloaded();

    assertThat(api.refusals()).as("requests the Messages API refused").isEmpty();
    assertThat(api.requests()).hasSizeGreaterThan(10);
  }

  private void anOptionTheProviderDoesNotTakeIsRefusedAtTheDoor() throws Exception {
    JsonNode refused =
        stack.write(
            "PUT", "/v1/agents/an-warm", "{\"model\": " + MODEL + ",\"temperature\":0.7}}", 422);
    assertThat(refused.path("errors").path(0).path("field").asText())
        .isEqualTo("model.temperature");
    stack.write("GET", "/v1/agents/an-warm", "", 404);
  }

  private void theSecondCallOfAToolLoopReadsTheCache(StrictMessages api) throws Exception {
    String thread = scenarios.start("an-tools", "echo");
    List<JsonNode> events =
        stack.awaitEvents(thread, e -> count(e, "TurnCompleted") == 1, "the tool loop");
    assertThat(events.toString()).contains("done with the tools: {\\\"n\\\":2}");
    assertThat(api.cacheReads().getLast()).as("the loop's second call").isPositive();
  }

  private void aFallbackTakesOverFromAModelThatStaysOverloaded() throws Exception {
    String thread = scenarios.start("an-resilient", "hello");
    List<JsonNode> events =
        stack.awaitEvents(thread, e -> count(e, "TurnCompleted") == 1, "the fallback's answer");
    JsonNode fellBack =
        events.stream()
            .filter(e -> e.path("type").asText().equals("StepRetried"))
            .map(e -> e.path("payload"))
            .filter(p -> !p.path("model").isNull())
            .findFirst()
            .orElseThrow();
    assertThat(fellBack.path("model").asText()).isEqualTo("anthropic/claude-test");
    assertThat(fellBack.path("reason").asText()).contains("anthropic/claude-busy", "overloaded");
    assertThat(events.toString()).contains("sure: hello");
  }

  private void anOverloadedApiIsRetried() throws Exception {
    String thread = scenarios.start("an-busy", "hello");
    List<JsonNode> events =
        stack.awaitEvents(thread, e -> count(e, "TurnCompleted") == 1, "the retried answer");
    JsonNode failed = first(events, "ModelCallFailed").path("payload");
    assertThat(failed.path("code").asText()).isEqualTo("overloaded");
    assertThat(failed.path("willRetry").asBoolean()).isTrue();
    assertThat(events.toString()).contains("sure: hello");
  }
}
