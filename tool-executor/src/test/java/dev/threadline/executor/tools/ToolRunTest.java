package dev.threadline.executor.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.executor.Requests;
import dev.threadline.executor.tools.builtin.EchoTool;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Argument validation, timeouts, failures, truncation and the idempotency key, per call. */
class ToolRunTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final AtomicReference<String> seenRequestId = new AtomicReference<>();

  private final Tool strict =
      new Tool() {
        public String name() {
          return "lookup";
        }

        public String description() {
          return "finds things";
        }

        public JsonNode parametersSchema() {
          return Tools.schema(
              "{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"},\"limit\":{\"type\":\"integer\",\"minimum\":1}},\"required\":[\"q\"],\"additionalProperties\":false}");
        }

        public String call(ToolContext context, JsonNode args) {
          seenRequestId.set(context.requestId());
          return "x".repeat(args.path("limit").asInt(1));
        }

        public int outputBudgetChars() {
          return 100;
        }
      };
  private final Tool slow =
      Tools.of(
          "slow",
          "sleeps",
          Duration.ofMillis(100),
          (context, args) -> {
            Thread.sleep(5_000);
            return "late";
          });
  private final Tool broken = ThrowingTool.of("broken", new IllegalStateException("disk on fire"));
  private final Tool exhausted =
      ThrowingTool.of("exhausted", new OutOfMemoryError("Java heap space"));
  private final Tool recursive = ThrowingTool.of("recursive", new StackOverflowError());
  private final Tool reporter =
      Tools.of(
          "reporter",
          "tells the parent",
          (context, args) -> {
            context.setStatus("halfway");
            context.notifyParent("found something");
            return "{}";
          });
  private final ToolRunner runner =
      new ToolRunner(
          new ToolRegistry(
              List.of(new EchoTool(), strict, slow, broken, exhausted, recursive, reporter)),
          dev.threadline.config.Limits.defaults());

  private ToolRunner.Outcome run(String name, String args) {
    return runner.run(Requests.tool("t-1", name, args, Requests.T0.plusSeconds(60)), Requests.T0);
  }

  @Test
  void echoReturnsItsArguments() {
    assertThat(run("echo", "{\"n\":1}").output()).isEqualTo("{\"n\":1}");
  }

  @Test
  void theRequestIdIsHandedToTheToolAsItsIdempotencyKey() {
    run("lookup", "{\"q\":\"k\"}");
    assertThat(seenRequestId.get()).isEqualTo("t-1/t1/s1/c0");
  }

  @Test
  void invalidArgumentsAreAnErrorNamingTheField() {
    assertThat(run("lookup", "{}").error().getMessage())
        .isEqualTo("required property 'q' not found");
    assertThat(run("lookup", "{\"q\":5}").error().getMessage())
        .isEqualTo("field '/q': integer found, string expected");
    assertThat(run("lookup", "{\"q\":\"k\",\"limit\":0}").error().getMessage())
        .isEqualTo("field '/limit': must have a minimum value of 1");
    assertThat(run("lookup", "{\"q\":\"k\",\"extra\":true}").error().getMessage())
        .isEqualTo(
            "property 'extra' is not defined in the schema and the schema does not allow"
                + " additional properties");
    assertThat(run("lookup", "[1]").error().getCode()).isEqualTo("invalid_arguments");
    assertThat(run("lookup", "{nope").error().getMessage()).startsWith("arguments are not JSON");
  }

  @Test
  void anUnknownToolIsAnErrorListingTheAvailableOnes() {
    var error = run("teleport", "{}").error();
    assertThat(error.getCode()).isEqualTo("unknown_tool");
    assertThat(error.getMessage()).contains("echo", "lookup");
  }

  @Test
  void aToolThatTakesTooLongTimesOut() {
    long start = System.nanoTime();
    var error = run("slow", "{}").error();
    assertThat(error.getCode()).isEqualTo("timeout");
    assertThat(error.getMessage()).contains("100 ms");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(4));
  }

  @Test
  void aThrowingToolIsAnErrorResult() {
    var error = run("broken", "{}").error();
    assertThat(error.getCode()).isEqualTo("tool_failed");
    assertThat(error.getMessage()).isEqualTo("disk on fire");
  }

  @Test
  void anErrorOfTheJvmInAToolIsNoResultButTheLanesToEndTheProcessWith() {
    assertThatThrownBy(() -> run("exhausted", "{}"))
        .isInstanceOf(OutOfMemoryError.class)
        .hasMessage("Java heap space");
    assertThat(run("recursive", "{}").error().getCode())
        .as("a call that recursed too deep spoiled only its own stack")
        .isEqualTo("tool_failed");
  }

  @Test
  void aRestrictedToolIsRefusedToATenantTheOperatorDidNotGrantIt() {
    ToolRunner restricted =
        new ToolRunner(
            new ToolRegistry(
                List.of(new EchoTool()),
                ToolGrants.from(java.util.Map.of(ToolGrants.RESTRICTED, "echo"))),
            dev.threadline.config.Limits.defaults());
    var outcome =
        restricted.run(
            Requests.tool("t-1", "echo", "{}", Requests.T0.plusSeconds(60)), Requests.T0);
    assertThat(outcome.error().getCode()).isEqualTo("tool_not_granted");
    assertThat(outcome.error().getMessage()).contains("tenant 'acme'");
  }

  @Test
  void outputOverBudgetIsCutInTheMiddleWithAMarker() {
    String output = run("lookup", "{\"q\":\"k\",\"limit\":1000}").output();
    assertThat(output)
        .hasSizeLessThanOrEqualTo(100)
        .contains("[truncated")
        .startsWith("x")
        .endsWith("x");
  }

  @Test
  void aToolCanAskTheRuntimeToTellItsParent() {
    var effects = run("reporter", "{}").effects();

    assertThat(effects)
        .extracting(e -> e.getKind() + ":" + e.getContent())
        .containsExactly("set_status:halfway", "notify_parent:found something");
  }

  @Test
  void aToolThatThrowsAfterWritingWritesNothing() {
    ToolRunner.Outcome outcome =
        runAlone(
            "halfway",
            (context, args) -> {
              context.state().queueMessage("should not arrive");
              throw new IllegalStateException("boom");
            },
            new java.util.HashMap<>());

    assertThat(outcome.error().getMessage()).isEqualTo("boom");
    assertThat(outcome.effects()).isEmpty();
  }

  @Test
  void aToolsThreadStateContextIsItsExecutionsScratchMap() {
    var execution = new java.util.HashMap<String, Object>();

    runAlone(
        "marker",
        (context, args) -> {
          context.state().context().put("mark", 42);
          return "{}";
        },
        execution);

    assertThat(execution).containsEntry("mark", 42);
  }

  /** Spec §14.1.2: a value a call sets is what every later read of the execution sees. */
  @Test
  void aCallsOwnSetValueIsWhatItsNestedCallsRead() {
    Tool reader =
        Tools.of(
            "reader",
            "reads a value",
            (context, args) -> context.state().getValue("city").map(JsonNode::asText).orElse("-"));
    Tool writer =
        Tools.of(
            "writer",
            "sets a value, then calls reader",
            (context, args) -> {
              context.state().setValue("city", JSON.getNodeFactory().textNode("Porto"));
              return context.runTool("reader", JSON.createObjectNode()).output();
            });

    var outcome =
        new ToolRunner(
                new ToolRegistry(List.of(reader, writer)), dev.threadline.config.Limits.defaults())
            .run(Requests.tool("t-1", "writer", "{}", Requests.T0.plusSeconds(60)), Requests.T0);

    assertThat(outcome.output()).isEqualTo("Porto");
  }

  /** A failed call's writes are not applied: a value it set is no longer what its caller reads. */
  @Test
  void aFailedNestedCallsValueIsTakenBack() {
    Tool failing =
        Tools.of(
            "failing",
            "sets a value, then fails",
            (context, args) -> {
              context.state().setValue("city", JSON.getNodeFactory().textNode("Lisbon"));
              throw new IllegalStateException("no");
            });
    Tool caller =
        Tools.of(
            "caller",
            "sets a value, calls failing, reads it",
            (context, args) -> {
              context.state().setValue("city", JSON.getNodeFactory().textNode("Porto"));
              context.runTool("failing", JSON.createObjectNode());
              return context.state().getValue("city").map(JsonNode::asText).orElse("-");
            });

    var outcome =
        new ToolRunner(
                new ToolRegistry(List.of(failing, caller)), dev.threadline.config.Limits.defaults())
            .run(Requests.tool("t-1", "caller", "{}", Requests.T0.plusSeconds(60)), Requests.T0);

    assertThat(outcome.output()).isEqualTo("Porto");
  }

  @Test
  void aToolKnowsWhoSentTheMessageThatStartedItsTurn() {
    var request = Requests.tool("t-1", "whoami", "{}", Requests.T0.plusSeconds(60));
    request.setUserId("ada");

    var outcome =
        new ToolRunner(
                new ToolRegistry(
                    List.of(Tools.of("whoami", "says who asked", (c, args) -> "" + c.userId()))),
                dev.threadline.config.Limits.defaults())
            .run(request, Requests.T0);

    assertThat(outcome.output()).isEqualTo("ada");
  }

  /** A call of tool {@code name}, doing {@code body}, alone in its runner. */
  private static ToolRunner.Outcome runAlone(
      String name, Tools.Body body, java.util.Map<String, Object> execution) {
    return new ToolRunner(
            new ToolRegistry(List.of(Tools.of(name, "a tool of this test", body))),
            dev.threadline.config.Limits.defaults())
        .run(Requests.tool("t-1", name, "{}", Requests.T0.plusSeconds(60)), Requests.T0, execution);
  }
}
