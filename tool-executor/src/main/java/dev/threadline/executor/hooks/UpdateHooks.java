package dev.threadline.executor.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.agents.HookPoint;
import dev.threadline.agents.ToolWriteKind;
import dev.threadline.avro.HookFailure;
import dev.threadline.avro.ToolEffect;
import dev.threadline.avro.ToolRequest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The hooks on each message a tool updates ({@code ThreadState.updateMessage}), before the update
 * leaves the executor with the call's result: {@code before_update_message} sees {@code {"seq",
 * "content"}} and may answer {@code {"content": "…"}} to store other text; then {@code
 * after_update_message} sees the update as it will be stored, and its writes join the call's. A
 * hook that fails, or answers no JSON object, changes nothing and is reported.
 */
final class UpdateHooks {

  private final HookCall hooks;

  UpdateHooks(HookCall hooks) {
    this.hooks = hooks;
  }

  /** {@code effects} with their updates as the hooks leave them, and the after hooks' writes. */
  List<ToolEffect> apply(
      ToolRequest request,
      List<ToolEffect> effects,
      Instant now,
      Map<String, Object> execution,
      List<HookFailure> failures) {
    String before = HookPoint.BEFORE_UPDATE_MESSAGE.wire();
    String after = HookPoint.AFTER_UPDATE_MESSAGE.wire();
    List<ToolEffect> out = new ArrayList<>();
    if (!request.getHooks().containsKey(before) && !request.getHooks().containsKey(after)) {
      out.addAll(effects);
      return out;
    }
    int index = 0;
    for (ToolEffect effect : effects) {
      if (!effect.getKind().equals(ToolWriteKind.UPDATE_MESSAGE.wire())) {
        out.add(effect);
        continue;
      }
      index++;
      ToolEffect update = effect;
      JsonNode view = HookCall.object(update.getContent());
      if (view != null && request.getHooks().containsKey(before)) {
        HookCall.Answer answer =
            hooks.call(request, before, before + "/" + index, view, now, execution);
        JsonNode asked = answer.failure() == null ? HookCall.object(answer.output()) : null;
        if (answer.failure() != null) {
          failures.add(answer.failure());
        } else if (asked == null) {
          failures.add(
              new HookFailure(
                  before, request.getHooks().get(before), "it answered no JSON object"));
        } else if (asked.path("content").isTextual()) {
          ObjectNode changed =
              ((ObjectNode) view.deepCopy()).put("content", asked.get("content").asText());
          update = ToolEffect.newBuilder(effect).setContent(changed.toString()).build();
          view = changed;
        }
      }
      out.add(update);
      if (view != null && request.getHooks().containsKey(after)) {
        HookCall.Answer answer =
            hooks.call(request, after, after + "/" + index, view, now, execution);
        if (answer.failure() != null) {
          failures.add(answer.failure());
        } else {
          out.addAll(answer.effects());
        }
      }
    }
    return out;
  }
}
