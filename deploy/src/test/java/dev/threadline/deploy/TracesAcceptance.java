package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.testkit.OtlpReceiver;
import dev.threadline.testkit.OtlpReceiver.ReceivedSpan;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A thread's turn is one connected trace across the processes, as an OTLP collector receives it:
 * the ingest's request and the command it published, the step processor's decisions, the executor's
 * model and tool calls and the projector's projections, each span a child of one in the same trace;
 * and the turn's model calls counted in the tenant's usage ({@code /v1/usage}).
 */
record TracesAcceptance(StackClient stack, OtlpReceiver receiver) {
  static final String TRACED =
      """
      {"model": {"provider": "scripted", "script": [
         {"toolCalls": [{"name": "echo", "arguments": {"n": 1}}]},
         {"text": "traced"}]},
       "tools": [{"name": "echo", "permission": "allow"}],
       "stop": {"stopOnResponse": true, "maxSteps": 5}}""";

  void run() throws Exception {
    stack.putAgent("traced", TRACED);
    String threadId =
        stack.createThread("{\"agent\": \"traced\", \"message\": {\"text\": \"go\"}}");
    stack.awaitEvents(threadId, e -> StackClient.count(e, "TurnCompleted") >= 1, "a turn");

    List<ReceivedSpan> trace = awaitTrace(threadId);
    // The turn's calls are counted in the tenant's usage, which any projector answers whole.
    stack.await(
        stack.projector() + "/v1/usage",
        u -> u.path("callsThisHour").asLong() >= 2,
        "the turn's model calls in the tenant's usage");

    assertThat(trace.stream().map(ReceivedSpan::service).collect(Collectors.toSet()))
        .contains(
            "threadline-ingest",
            "threadline-step-processor",
            "threadline-tool-executor",
            "threadline-projector");
    ReceivedSpan root = trace.stream().filter(s -> s.parentSpanId().isEmpty()).findFirst().get();
    assertThat(root.service()).isEqualTo("threadline-ingest");
    assertThat(root.name()).isEqualTo("POST /v1/threads");
    assertThat(root.attributes()).containsEntry("http.route", "/v1/threads");
    ReceivedSpan publish =
        trace.stream().filter(s -> s.name().equals("publish CreateThread")).findFirst().get();
    assertThat(publish.parentSpanId())
        .as("the command is published within the request")
        .isEqualTo(root.spanId());
    assertThat(trace.stream().map(ReceivedSpan::name))
        .contains("step ThreadCommand", "step ModelResult", "step ToolResult")
        .contains("execute_tool echo")
        .anyMatch(n -> n.startsWith("chat"))
        .anyMatch(n -> n.startsWith("project"));
    assertThat(publish.attributes())
        .containsEntry("messaging.system", "kafka")
        .containsEntry("messaging.kafka.message.key", threadId);
    ReceivedSpan turn =
        trace.stream().filter(s -> s.name().equals("invoke_agent traced")).findFirst().get();
    assertThat(turn.attributes())
        .containsEntry("gen_ai.operation.name", "invoke_agent")
        .containsEntry("gen_ai.conversation.id", threadId);
    assertThat(trace)
        .as("the turn's span is a child of the decision that started the turn")
        .anyMatch(s -> s.spanId().equals(turn.parentSpanId()) && s.name().startsWith("step"));
    Set<String> ids = trace.stream().map(ReceivedSpan::spanId).collect(Collectors.toSet());
    assertThat(trace)
        .as("every span but the root is a child of one in the trace")
        .allMatch(s -> s.parentSpanId().isEmpty() || ids.contains(s.parentSpanId()));
  }

  /**
   * The trace the thread's first decision began, once it holds the turn's whole path: its tool
   * call, the decision on the tool's result, the model call after it and a projection (60 s).
   */
  private List<ReceivedSpan> awaitTrace(String threadId) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (true) {
      List<ReceivedSpan> trace = traceOf(threadId);
      long chats = trace.stream().filter(s -> s.name().startsWith("chat")).count();
      // Each process exports in batches of its own: a projection's span may come in before the
      // decision it is a child of. The trace is whole when every span's parent has come too.
      Set<String> ids = trace.stream().map(ReceivedSpan::spanId).collect(Collectors.toSet());
      boolean whole =
          trace.stream()
              .allMatch(s -> s.parentSpanId().isEmpty() || ids.contains(s.parentSpanId()));
      // The projector exports its projections' spans in batches of its own, often last.
      boolean projected =
          trace.stream().anyMatch(s -> s.name().startsWith("project"))
              && trace.stream().anyMatch(s -> s.name().startsWith("invoke_agent"));
      if (chats >= 2
          && whole
          && projected
          && trace.stream().anyMatch(s -> s.name().equals("step ToolResult"))) {
        return trace;
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "no whole trace of thread "
                + threadId
                + " within 60 s: "
                + trace.stream().map(s -> s.service() + " " + s.name()).toList()
                + "; unreadable exports: "
                + receiver.failures());
      }
      Thread.sleep(200);
    }
  }

  private List<ReceivedSpan> traceOf(String threadId) {
    List<ReceivedSpan> all = receiver.spans();
    return all.stream()
        .filter(
            s ->
                s.name().equals("step ThreadCommand")
                    && threadId.equals(s.attributes().get("threadline.thread.id")))
        .findFirst()
        .map(root -> all.stream().filter(s -> s.traceId().equals(root.traceId())).toList())
        .orElse(List.of());
  }
}
