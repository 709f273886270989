package dev.threadline.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ModelRequest;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.Tools;
import dev.threadline.executor.tools.builtin.BuiltinHooks;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A model request may be served before its decision commits only if every function its agent names
 * at a model-call hook point is declared free of side effects.
 */
class ReadOnlyModelRequestsTest {
  private final ReadOnlyModelRequests speculable;

  ReadOnlyModelRequestsTest() {
    List<dev.threadline.executor.tools.Tool> tools = new ArrayList<>(BuiltinHooks.all());
    tools.add(Tools.of("post_webhook", "tells another system", (context, args) -> "{}"));
    speculable = new ReadOnlyModelRequests(new ToolRegistry(tools));
  }

  private boolean speculable(Map<String, String> hooks) {
    ModelRequest request = Requests.model("t-1", "scripted", "{}", 1, Requests.T0.plusSeconds(60));
    request.setHooks(hooks);
    return speculable.test(request);
  }

  @Test
  void theBuiltInHooksAndNoHooksMayRunBeforeTheCommit() {
    assertThat(speculable(Map.of())).isTrue();
    assertThat(
            speculable(
                Map.of("filter_messages", "keep_recent", "before_create_message", "redact_emails")))
        .isTrue();
  }

  @Test
  void aFunctionWithSideEffectsOrUnknownHereAtAModelPointWaitsForTheCommit() {
    assertThat(speculable(Map.of("prefilter_llm_history", "post_webhook"))).isFalse();
    assertThat(speculable(Map.of("after_create_message", "post_webhook"))).isFalse();
    assertThat(speculable(Map.of("filter_messages", "nobody_has_it"))).isFalse();
  }

  @Test
  void hooksAtToolPointsDoNotHoldAModelRequestBack() {
    assertThat(speculable(Map.of("after_tool_call_success", "post_webhook"))).isTrue();
  }
}
