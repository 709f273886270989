package dev.threadline.executor.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.HookFailure;
import dev.threadline.avro.ToolError;
import dev.threadline.avro.ToolRequest;
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

/** The hooks around a tool call, after it ran, as the executor applies them. */
class ToolCallHooksTest {
  private final List<String> seen = new ArrayList<>();
  private final Map<String, Object> execution = new java.util.HashMap<>();
  private final ToolCallHooks hooks;

  ToolCallHooksTest() {
    List<dev.threadline.executor.tools.Tool> functions = new ArrayList<>(BuiltinHooks.all());
    functions.add(
        Tools.of(
            "audit",
            "records the call and writes to the thread",
            (context, input) -> {
              seen.add(input.toString());
              context.state().setValue("audited", input.path("tool"));
              return "{}";
            }));
    functions.add(Tools.of("garbled", "answers no JSON", (context, input) -> "not json"));
    functions.add(
        Tools.of(
            "stamp",
            "stores what the call left in the execution's context",
            (context, input) -> "{\"output\":\"" + context.state().context().get("stamp") + "\"}"));
    hooks =
        new ToolCallHooks(
            new ToolRunner(new ToolRegistry(functions), Limits.defaults()), Limits.defaults());
  }

  /**
   * What the hooks make of a call that {@code ran}, its agent naming {@code function} at {@code
   * point}.
   */
  private ToolCallHooks.Applied ran(String point, String function, ToolRunner.Outcome ran) {
    return hooks.apply(call(Map.of(point, function)), ran, Requests.T0, execution);
  }

  private static ToolRequest call(Map<String, String> agentHooks) {
    ToolRequest r =
        Requests.tool("t-1", "lookup", "{\"who\":\"ada\"}", Requests.T0.plusSeconds(60));
    r.setHooks(agentHooks);
    return r;
  }

  @Test
  void beforeStoreToolResultChangesWhatIsStored() {
    var applied =
        ran(
            "before_store_tool_result",
            "redact_emails",
            new ToolRunner.Outcome("write to ada@example.com", null, List.of()));

    assertThat(applied.outcome().output()).isEqualTo("write to [email]");
    assertThat(applied.failures()).isEmpty();
  }

  @Test
  void aFailedCallsErrorMayBeChangedToo() {
    var applied =
        ran(
            "before_store_tool_result",
            "redact_emails",
            new ToolRunner.Outcome(
                null, new ToolError("denied", "ask bob@example.com"), List.of()));

    assertThat(applied.outcome().error().getCode()).isEqualTo("denied");
    assertThat(applied.outcome().error().getMessage()).isEqualTo("ask [email]");
  }

  @Test
  void afterToolCallSuccessSeesTheCallAndItsWritesJoinTheCalls() {
    var applied =
        ran("after_tool_call_success", "audit", new ToolRunner.Outcome("ok", null, List.of()));

    assertThat(seen)
        .singleElement()
        .asString()
        .contains("\"tool\":\"lookup\"", "\"output\":\"ok\"");
    assertThat(applied.outcome().effects())
        .singleElement()
        .satisfies(e -> assertThat(e.getKind()).isEqualTo("set_value"));
    assertThat(applied.outcome().output()).isEqualTo("ok");
  }

  @Test
  void afterToolCallFailureRunsForAFailedCallOnly() {
    ran("after_tool_call_failure", "audit", new ToolRunner.Outcome("ok", null, List.of()));
    assertThat(seen).isEmpty();

    ran(
        "after_tool_call_failure",
        "audit",
        new ToolRunner.Outcome(null, new ToolError("timeout", "slow"), List.of()));
    assertThat(seen).singleElement().asString().contains("\"code\":\"timeout\"");
  }

  @Test
  void aMissingOrBrokenHookChangesNothingAndIsReported() {
    var address = new ToolRunner.Outcome("ada@example.com", null, List.of());
    var missing = ran("before_store_tool_result", "nobody", address);
    var garbled = ran("before_store_tool_result", "garbled", address);

    assertThat(missing.outcome().output()).isEqualTo("ada@example.com");
    HookFailure failure = missing.failures().getFirst();
    assertThat(failure.getHook() + " " + failure.getFunction())
        .isEqualTo("before_store_tool_result nobody");
    assertThat(failure.getMessage()).contains("no tool 'nobody'");
    assertThat(garbled.outcome().output()).isEqualTo("ada@example.com");
    assertThat(garbled.failures().getFirst().getMessage()).contains("no JSON object");
  }

  @Test
  void theHooksAroundACallShareItsExecutionContext() {
    execution.put("stamp", "left by the tool");

    var applied =
        ran("before_store_tool_result", "stamp", new ToolRunner.Outcome("ok", null, List.of()));

    assertThat(applied.outcome().output()).isEqualTo("left by the tool");
  }

  @Test
  void aCallWithoutHooksIsAsItRan() {
    var ran = new ToolRunner.Outcome("ok", null, List.of());

    var applied = hooks.apply(call(Map.of()), ran, Requests.T0, execution);

    assertThat(applied.outcome()).isEqualTo(ran);
    assertThat(applied.failures()).isEmpty();
  }
}
