package dev.threadline.executor.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ToolEffect;
import dev.threadline.avro.ToolRequest;
import dev.threadline.config.Limits;
import dev.threadline.executor.Requests;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.ToolRunner;
import dev.threadline.executor.tools.Tools;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The hooks on the messages a tool updates: {@code before_update_message} may change the text the
 * update stores, {@code after_update_message} sees the update as stored and its writes join the
 * call's; other writes pass as they are.
 */
class UpdateHooksTest {
  private final List<String> seen = new ArrayList<>();
  private final ToolCallHooks hooks;

  UpdateHooksTest() {
    hooks =
        new ToolCallHooks(
            new ToolRunner(
                new ToolRegistry(
                    List.of(
                        Tools.of(
                            "shorten",
                            "keeps the first word",
                            (context, input) ->
                                "{\"content\":\""
                                    + input.path("content").asText().split(" ")[0]
                                    + "\"}"),
                        Tools.of(
                            "audit",
                            "notes the update",
                            (context, input) -> {
                              seen.add(input.toString());
                              context.state().emit("updated", input.path("seq"));
                              return "{}";
                            }),
                        Tools.of("garbled", "no JSON", (context, input) -> "no"))),
                Limits.defaults()),
            Limits.defaults());
  }

  private ToolCallHooks.Applied ran(Map<String, String> agentHooks, ToolEffect... writes) {
    ToolRequest r = Requests.tool("t-1", "edit", "{}", Requests.T0.plusSeconds(60));
    r.setHooks(agentHooks);
    return hooks.apply(
        r, new ToolRunner.Outcome("ok", null, List.of(writes)), Requests.T0, new HashMap<>());
  }

  private static ToolEffect update(long seq, String content) {
    return new ToolEffect(
        "update_message", "{\"seq\":" + seq + ",\"content\":\"" + content + "\"}", List.of());
  }

  @Test
  void beforeUpdateMessageChangesTheTextAndAfterUpdateMessageSeesItAndWrites() {
    ToolEffect value = new ToolEffect("set_value", "{\"key\":\"k\",\"value\":1}", List.of());

    var applied =
        ran(
            Map.of("before_update_message", "shorten", "after_update_message", "audit"),
            value,
            update(3, "hello brave world"));

    List<ToolEffect> effects = applied.outcome().effects();
    assertThat(effects)
        .extracting(ToolEffect::getKind)
        .containsExactly("set_value", "update_message", "emit");
    assertThat(effects.get(1).getContent()).isEqualTo("{\"seq\":3,\"content\":\"hello\"}");
    assertThat(seen).containsExactly("{\"seq\":3,\"content\":\"hello\"}");
    assertThat(applied.failures()).isEmpty();
  }

  @Test
  void aBeforeUpdateMessageHookThatAnswersNoObjectChangesNothingAndIsReported() {
    var applied = ran(Map.of("before_update_message", "garbled"), update(1, "keep me"));

    assertThat(applied.outcome().effects()).containsExactly(update(1, "keep me"));
    assertThat(applied.failures())
        .singleElement()
        .satisfies(f -> assertThat(f.getHook()).isEqualTo("before_update_message"));
  }
}
