package dev.threadline.executor.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.agents.HookPoint;
import dev.threadline.avro.HookFailure;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ToolCall;
import dev.threadline.avro.ToolRequest;
import dev.threadline.executor.model.ModelOutcome;
import dev.threadline.executor.tools.ToolRunner;
import dev.threadline.serde.PooledJson;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The hooks on the message a model's answer creates, before its result leaves the executor: {@code
 * before_create_message} sees {@code {"role": "assistant", "content", "toolCalls"}} and may answer
 * {@code {"content": "…"}} to store other text (the tool calls stay as the model made them, so no
 * call loses its result); then {@code after_create_message} sees the message as it will be stored.
 * A model result carries no thread writes, so writes these hooks make are not kept; what a hook
 * that fails or answers wrongly asked for changes nothing, and it is reported.
 */
public final class ReplyHooks {
  private static final ObjectMapper JSON = PooledJson.MAPPER;

  private final HookCall hooks;

  public ReplyHooks(ToolRunner runner) {
    this.hooks = new HookCall(runner);
  }

  /**
   * The reply to store for {@code request}; the hooks that did not do their part go to failures.
   */
  public ModelOutcome.Reply apply(
      ModelRequest request, ModelOutcome.Reply reply, Instant now, List<HookFailure> failures) {
    Map<String, String> named = request.getHooks();
    String before = HookPoint.BEFORE_CREATE_MESSAGE.wire();
    String after = HookPoint.AFTER_CREATE_MESSAGE.wire();
    if (!named.containsKey(before) && !named.containsKey(after)) {
      return reply;
    }
    ToolRequest about = HookCall.about(request);
    Map<String, Object> execution = new dev.threadline.executor.tools.Execution();
    if (named.containsKey(before)) {
      HookCall.Answer answer = hooks.call(about, before, view(reply), now, execution);
      if (answer.failure() != null) {
        failures.add(answer.failure());
      } else {
        JsonNode asked = HookCall.object(answer.output());
        if (asked == null) {
          failures.add(new HookFailure(before, named.get(before), "it answered no JSON object"));
        } else if (asked.path("content").isTextual()) {
          reply =
              new ModelOutcome.Reply(
                  asked.get("content").asText(),
                  reply.toolCalls(),
                  reply.usage(),
                  reply.finishReason(),
                  reply.model(),
                  reply.providerItems());
        }
      }
    }
    if (named.containsKey(after)) {
      HookCall.Answer answer = hooks.call(about, after, view(reply), now, execution);
      if (answer.failure() != null) {
        failures.add(answer.failure());
      }
    }
    return reply;
  }

  private static ObjectNode view(ModelOutcome.Reply reply) {
    ObjectNode view = JSON.createObjectNode().put("role", "assistant").put("content", reply.text());
    ArrayNode calls = view.putArray("toolCalls");
    for (ToolCall c : reply.toolCalls()) {
      calls
          .addObject()
          .put("id", c.getCallId())
          .put("name", c.getName())
          .put("arguments", c.getArgumentsJson());
    }
    return view;
  }
}
