package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.Delivery;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.Values.Usage;
import dev.threadline.step.core.machine.ThreadMachine;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Given/when/then harness for the state machine: {@code given(inputs...)} folds inputs into a
 * state, {@code when(input)} decides one more and keeps the transition for assertions. A fake clock
 * advances one second per input.
 */
final class Scenario {
  static final String THREAD = "t-1";
  static final String TENANT = "acme";
  static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");

  final ThreadMachine machine;
  MachineState state;
  Transition last;
  final List<Output> all = new ArrayList<>();
  private Instant now = T0;
  private String threadId = THREAD;
  private int commands;

  Scenario(MachineConfig config) {
    this.machine = new ThreadMachine(config);
  }

  /** A scenario whose machine resolves {@code optional} subagent flags in {@code environment}. */
  Scenario(Map<String, String> environment) {
    this.machine =
        new ThreadMachine(MachineConfig.defaults(), ContextPolicy.DEFAULTS, environment::get);
  }

  Scenario() {
    this(MachineConfig.defaults());
  }

  /** The thread this scenario creates is {@code id} instead of {@link #THREAD}. */
  Scenario onThread(String id) {
    threadId = id;
    return this;
  }

  Instant now() {
    return now;
  }

  Instant tick() {
    now = now.plusSeconds(1);
    return now;
  }

  Scenario advance(Duration d) {
    now = now.plus(d);
    return this;
  }

  // ---- named givens -------------------------------------------------------------------------

  /** A thread of {@link TestAgents#agent()} in its first turn, its first model call pending. */
  Scenario givenRunning() {
    return given(create(), message("go"));
  }

  /** A thread in its first turn whose model asked for {@code calls}; the first is pending. */
  Scenario givenCalling(ToolCall... calls) {
    return given(create(), message("go"), reply(null, calls));
  }

  /** A thread whose model called {@code deploy} (permission ask): it awaits approval. */
  Scenario givenAwaitingApproval() {
    return given(create(), message("ship it"), reply(null, call("c1", "deploy", "{}")));
  }

  Scenario given(Input... inputs) {
    for (Input input : inputs) {
      when(input);
    }
    all.clear();
    return this;
  }

  /** Inputs as decided, with placeholders bound. */
  final List<Input> inputs = new ArrayList<>();

  /** What the shell would tell the machine of the tenant: its running threads and usage. */
  TenantLoad tenant = TenantLoad.NONE;

  Transition when(Input input) {
    input = bind(input);
    inputs.add(input);
    last = machine.decide(state, input, tenant);
    state = last.state();
    all.addAll(last.outputs());
    return last;
  }

  static final String PENDING = "<pending>";
  static final long CURRENT_EPOCH = Long.MIN_VALUE;

  /**
   * Results built before the request they answer exists (as arguments of {@link #given}) name the
   * pending request and current epoch by placeholder; they are bound when decided.
   */
  private Input bind(Input input) {
    return switch (input) {
      case Input.ModelResultReceived r when r.requestId().equals(PENDING) ->
          new Input.ModelResultReceived(
              pendingId(), epoch(r.epoch()), r.at(), r.outcome(), r.hookFailures());
      case Input.ToolResultReceived r when r.requestId().equals(PENDING) ->
          new Input.ToolResultReceived(
              pendingId(),
              epoch(r.epoch()),
              r.at(),
              r.output(),
              r.error(),
              r.durationMs(),
              r.effects(),
              r.hookFailures(),
              r.attachments());
      case Input.DeadlinePassed d when d.requestId().equals(PENDING) -> {
        now = state.awaiting().deadline();
        yield new Input.DeadlinePassed(pendingId(), now);
      }
      default -> input;
    };
  }

  private long epoch(long e) {
    return e == CURRENT_EPOCH ? state.epoch() : e;
  }

  // ---- inputs ------------------------------------------------------------------------------

  String nextCommandId() {
    return "cmd-" + (++commands);
  }

  Input.CreateThread create(AgentSnapshot agent) {
    return creating(agent, null, null);
  }

  /** A child thread of {@code parent}: {@code agent} frozen, its task as the first message. */
  Input.CreateThread createChild(AgentSnapshot agent, ParentRef parent, String task) {
    return creating(agent, InboundMessage.invoke(task), parent);
  }

  private Input.CreateThread creating(
      AgentSnapshot agent, InboundMessage message, ParentRef parent) {
    return new Input.CreateThread(
        nextCommandId(),
        TENANT,
        threadId,
        tick(),
        agent.name(),
        agent,
        message,
        Map.of(),
        parent,
        Map.of());
  }

  /** A thread of {@code agent} created with {@code firstMessage}, which starts its first turn. */
  Input.CreateThread create(AgentSnapshot agent, String firstMessage) {
    return creating(agent, InboundMessage.invoke(firstMessage), null);
  }

  Input.CreateThread create() {
    return create(TestAgents.agent());
  }

  Input.SendMessage message(String text) {
    return message(InboundMessage.invoke(text), Delivery.AUTO);
  }

  Input.SendMessage message(InboundMessage m, Delivery delivery) {
    return new Input.SendMessage(nextCommandId(), TENANT, tick(), m, delivery);
  }

  Input.QueueTool queueTool(String name, String args) {
    return new Input.QueueTool(nextCommandId(), TENANT, tick(), name, args);
  }

  /** Cancels effect {@code effectId}; {@code scheduled}: whether the timer store holds it. */
  Input.CancelEffect cancel(String effectId, boolean scheduled) {
    return new Input.CancelEffect(nextCommandId(), TENANT, tick(), effectId, scheduled);
  }

  Input.Abort abort() {
    return new Input.Abort(nextCommandId(), TENANT, tick(), "user pressed stop");
  }

  Input.Terminate terminate() {
    return new Input.Terminate(nextCommandId(), TENANT, tick(), "done here");
  }

  /** The model answers the pending request. */
  Input.ModelResultReceived reply(String text, ToolCall... calls) {
    return replyTo(PENDING, text, calls);
  }

  /** The model's answer to the pending request: one call, {@code c1}, of {@code tool}. */
  Input.ModelResultReceived calls(String tool, String argumentsJson) {
    return reply(null, call("c1", tool, argumentsJson));
  }

  /** Child thread {@code childId} reports {@code kind} with {@code status} and {@code content}. */
  Input.ChildUpdate childUpdate(String childId, ChildReport kind, String status, String content) {
    return new Input.ChildUpdate(
        nextCommandId(), TENANT, tick(), childId, kind, status, content, List.of());
  }

  /** A decision for the call {@code callId} waiting for approval, unfenced. */
  Input.ApprovalDecision decision(String callId, boolean approve, String reason) {
    return new Input.ApprovalDecision(
        nextCommandId(), TENANT, tick(), callId, approve, reason, null, null, null);
  }

  /** A decision for the call {@code callId} waiting for approval, fenced if given ids. */
  Input.ApprovalDecision decision(String callId, boolean approve, String requestId, Long epoch) {
    return new Input.ApprovalDecision(
        nextCommandId(), TENANT, tick(), callId, approve, null, requestId, epoch, null);
  }

  Input.ModelResultReceived replyTo(String requestId, String text, ToolCall... calls) {
    return new Input.ModelResultReceived(
        requestId,
        CURRENT_EPOCH,
        tick(),
        new Input.ModelReply(text, List.of(calls), new Usage(10, 2), "stop"),
        List.of());
  }

  Input.ModelResultReceived modelError(boolean retryable) {
    return new Input.ModelResultReceived(
        PENDING,
        CURRENT_EPOCH,
        tick(),
        new Input.ModelFailure(retryable ? "rate_limited" : "bad_request", "nope", retryable),
        List.of());
  }

  /**
   * A model reply drawn from {@code random}: text, or up to two calls of {@code tools} with {@code
   * argumentsJson} (for interleaving tests; ids made from {@code dice}).
   */
  Input.ModelResultReceived randomReply(
      java.util.Random random, int dice, String[] tools, String argumentsJson) {
    int calls = random.nextInt(3);
    ToolCall[] toolCalls = new ToolCall[calls];
    for (int c = 0; c < calls; c++) {
      toolCalls[c] =
          new ToolCall(
              "call-" + dice + "-" + c, tools[random.nextInt(tools.length)], argumentsJson);
    }
    return reply(calls == 0 ? "text" : null, toolCalls);
  }

  Input.ToolResultReceived toolOk(String output) {
    return new Input.ToolResultReceived(
        PENDING, CURRENT_EPOCH, tick(), output, null, 5, List.of(), List.of());
  }

  /** The pending call's {@code output}, with the thread writes {@code writes}. */
  Input.ToolResultReceived toolOk(String output, Values.ToolEffect... writes) {
    return new Input.ToolResultReceived(
        PENDING, CURRENT_EPOCH, tick(), output, null, 5, List.of(writes), List.of());
  }

  Input.ToolResultReceived toolFailed(String error) {
    return new Input.ToolResultReceived(
        PENDING, CURRENT_EPOCH, tick(), null, error, 5, List.of(), List.of());
  }

  /** The clock reaches the pending request's deadline. */
  Input.DeadlinePassed deadlinePassed() {
    return new Input.DeadlinePassed(PENDING, now);
  }

  String pendingId() {
    return state.awaiting().requestId();
  }

  static ToolCall call(String id, String name, String args) {
    return new ToolCall(id, name, args);
  }

  // ---- outputs -----------------------------------------------------------------------------

  List<Event.Payload> events() {
    return last.eventPayloads();
  }

  <T extends Event.Payload> List<T> events(Class<T> type) {
    return events().stream().filter(type::isInstance).map(type::cast).toList();
  }

  /** The one event of {@code type} the last input emitted (fails unless there is exactly one). */
  <T extends Event.Payload> T event(Class<T> type) {
    assertThat(events(type)).hasSize(1);
    return events(type).getFirst();
  }

  /** The tool results the last input appended. */
  List<Values.Message> toolResults() {
    return events(Event.MessageAppended.class).stream()
        .map(Event.MessageAppended::message)
        .filter(m -> m.toolCallId() != null)
        .toList();
  }

  /** The one tool result the steps so far appended (fails unless there is exactly one). */
  Values.Message toolResult() {
    assertThat(toolResults()).hasSize(1);
    return toolResults().getFirst();
  }

  <T extends Output> List<T> outputs(Class<T> type) {
    return last.outputs(type);
  }

  List<Event> allEvents() {
    return all.stream()
        .filter(Output.Emit.class::isInstance)
        .map(o -> ((Output.Emit) o).event())
        .toList();
  }

  // ---- then --------------------------------------------------------------------------------

  /**
   * The last decision emitted {@code expected}: among its events of the types named, exactly these,
   * in this order.
   */
  Scenario thenEmits(Event.Payload... expected) {
    Set<Class<?>> types = new HashSet<>();
    for (Event.Payload p : expected) {
      types.add(p.getClass());
    }
    assertThat(events().stream().filter(e -> types.contains(e.getClass())).toList())
        .containsExactly(expected);
    return this;
  }

  /** Among the last decision's outputs of these types, exactly one of each, in this order. */
  Scenario thenOutputsInOrder(Class<?>... types) {
    List<Class<?>> expected = List.of(types);
    assertThat(
            last.outputs().stream()
                .<Class<?>>map(Output::getClass)
                .filter(expected::contains)
                .toList())
        .isEqualTo(expected);
    return this;
  }

  /** The last decision refused a command for a reason that says {@code reason}. */
  Scenario thenRejected(String reason) {
    assertThat(events(Event.CommandRejected.class))
        .anySatisfy(r -> assertThat(r.reason()).contains(reason));
    return this;
  }

  /** The last decision asked for one model call; returns it. */
  Output.RequestModel thenRequestsModel() {
    assertThat(outputs(Output.RequestModel.class)).hasSize(1);
    return outputs(Output.RequestModel.class).getFirst();
  }

  /** The last decision told the parent one thing, of this kind; returns it. */
  Output.NotifyParent thenReports(ChildReport kind) {
    assertThat(outputs(Output.NotifyParent.class)).hasSize(1);
    Output.NotifyParent report = outputs(Output.NotifyParent.class).getFirst();
    assertThat(report.kind()).isEqualTo(kind);
    return report;
  }

  Scenario thenRequestsNoModel() {
    assertThat(outputs(Output.RequestModel.class)).isEmpty();
    return this;
  }

  Scenario thenStatus(Enums.Status status) {
    assertThat(state.status()).isEqualTo(status);
    return this;
  }
}
