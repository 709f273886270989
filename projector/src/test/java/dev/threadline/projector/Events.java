package dev.threadline.projector;

import dev.threadline.avro.AgentHandedOff;
import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.MessageAppended;
import dev.threadline.avro.ModelCallCompleted;
import dev.threadline.avro.ModelCallRequested;
import dev.threadline.avro.Role;
import dev.threadline.avro.SubagentCreated;
import dev.threadline.avro.ThreadCreated;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.avro.ThreadStatus;
import dev.threadline.avro.ThreadStatusChanged;
import dev.threadline.avro.ToolCallCompleted;
import dev.threadline.avro.TurnCompleted;
import dev.threadline.avro.TurnStarted;
import dev.threadline.avro.Usage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Canonical events of one thread as the step processor writes them: seq gap-free from 1, one second
 * apart (from {@link #T0} unless given).
 */
public final class Events {
  public static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");
  private final String threadId;
  private final String tenant;
  private final Instant start;
  private long seq;
  private int turn;

  public Events(String threadId, String tenant) {
    this(threadId, tenant, T0);
  }

  /** Events one second apart from {@code start}. */
  public Events(String threadId, String tenant, Instant start) {
    this.threadId = threadId;
    this.tenant = tenant;
    this.start = start;
  }

  /** The seq of the last event made (0 before the first). */
  public long lastSeq() {
    return seq;
  }

  public ThreadEvent next(Object payload) {
    seq++;
    return ThreadEvent.newBuilder()
        .setThreadId(threadId)
        .setTenantId(tenant)
        .setSeq(seq)
        .setTurn(turn)
        .setStep(0)
        .setTimestamp(start.plusSeconds(seq))
        .setPayload(payload)
        .build();
  }

  public ThreadEvent created(String agent, String parent) {
    return created(agent, parent, Map.of());
  }

  public ThreadEvent created(String agent, String parent, Map<String, String> metadata) {
    return next(
        ThreadCreated.newBuilder()
            .setAgentName(agent)
            .setParentThreadId(parent)
            .setMetadata(metadata)
            .build());
  }

  public ThreadEvent turnStarted() {
    turn++;
    return next(TurnStarted.newBuilder().setTrigger("message").setGroup(ThreadGroup.TASK).build());
  }

  public ThreadEvent status(ThreadStatus from, ThreadStatus to) {
    return next(ThreadStatusChanged.newBuilder().setFrom(from).setTo(to).build());
  }

  public ThreadEvent message(Role role, String text) {
    return next(
        MessageAppended.newBuilder()
            .setMessageSeq(seq)
            .setMessage(ChatMessage.newBuilder().setRole(role).setContent(text).build())
            .build());
  }

  /** Message {@code messageSeq} (a thread's messages are numbered apart from its events). */
  public ThreadEvent messageAt(long messageSeq, Role role, String text) {
    return next(
        MessageAppended.newBuilder()
            .setMessageSeq(messageSeq)
            .setMessage(ChatMessage.newBuilder().setRole(role).setContent(text).build())
            .build());
  }

  /** The input of command {@code commandId}, taken by the turn. */
  public ThreadEvent input(String commandId, String text) {
    return next(
        MessageAppended.newBuilder()
            .setMessageSeq(seq)
            .setMessage(ChatMessage.newBuilder().setRole(Role.USER).setContent(text).build())
            .setCommandId(commandId)
            .build());
  }

  /** Command {@code commandId}'s message queued behind the running turn. */
  public ThreadEvent queued(String commandId) {
    return next(
        dev.threadline.avro.MessageQueued.newBuilder()
            .setKind("message")
            .setQueueLength(1)
            .setCommandId(commandId)
            .build());
  }

  /**
   * Command {@code commandId}'s work queued as {@code kind} ({@code chore_coalesced}, {@code
   * will_replaced}), joining or replacing {@code joined}'s.
   */
  public ThreadEvent queued(String commandId, String kind, String joined) {
    return next(
        dev.threadline.avro.MessageQueued.newBuilder()
            .setKind(kind)
            .setQueueLength(1)
            .setCommandId(commandId)
            .setJoined(joined)
            .build());
  }

  /** Command {@code commandId} refused. */
  public ThreadEvent rejected(String commandId, String reason) {
    return next(
        dev.threadline.avro.CommandRejected.newBuilder()
            .setCommandId(commandId)
            .setCommandType("SendMessage")
            .setReason(reason)
            .build());
  }

  /** The turn waits for a decision on call {@code callId}. */
  public ThreadEvent approvalRequested(String callId) {
    return next(
        dev.threadline.avro.ApprovalRequested.newBuilder()
            .setRequestId(threadId + "/t" + seq)
            .setCallId(callId)
            .setToolName("deploy")
            .setArgumentsJson("{}")
            .build());
  }

  /** Command {@code commandId} decided call {@code callId}. */
  public ThreadEvent approvalDecided(String callId, String commandId) {
    return next(
        dev.threadline.avro.ApprovalDecided.newBuilder()
            .setCallId(callId)
            .setApproved(true)
            .setCommandId(commandId)
            .build());
  }

  /** The turn ends for {@code reason} (a {@code TurnCompleted.reason}). */
  public ThreadEvent turnEnded(String reason) {
    return next(TurnCompleted.newBuilder().setReason(reason).setSteps(1).build());
  }

  /** A dual_ai side's assistant message ({@code side}: a or b). */
  public ThreadEvent sideMessage(String side, String text) {
    return next(
        MessageAppended.newBuilder()
            .setMessageSeq(seq)
            .setMessage(
                ChatMessage.newBuilder()
                    .setRole(Role.ASSISTANT)
                    .setContent(text)
                    .setSender("side_" + side)
                    .build())
            .build());
  }

  public ThreadEvent modelRequested(String model) {
    return subpromptRequested(model, null);
  }

  /** A model call of subprompt {@code subprompt} (null: of the agent's own step). */
  public ThreadEvent subpromptRequested(String model, String subprompt) {
    return next(
        ModelCallRequested.newBuilder()
            .setSubprompt(subprompt)
            .setRequestId(threadId + "/m" + seq)
            .setAttempt(1)
            .setProvider("scripted")
            .setModel(model)
            .setGroup(ThreadGroup.TASK)
            .setMessageCount(2)
            .setDeadline(T0.plusSeconds(600))
            .build());
  }

  public ThreadEvent modelCompleted(long input, long output) {
    return modelCompleted(input, output, 0);
  }

  /** A completed call {@code cacheRead} of whose {@code input} tokens the cache served. */
  public ThreadEvent modelCompleted(long input, long output, long cacheRead) {
    return next(
        ModelCallCompleted.newBuilder()
            .setRequestId(threadId + "/m" + seq)
            .setUsage(new Usage(input, output, cacheRead, 0L))
            .setToolCallCount(1)
            .setDurationMs(30)
            .build());
  }

  /** A call of {@code tool} sent to the executor as request {@code requestId}. */
  public ThreadEvent toolRequested(String tool, String requestId) {
    return next(
        dev.threadline.avro.ToolCallRequested.newBuilder()
            .setRequestId(requestId)
            .setCallId("c" + seq)
            .setToolName(tool)
            .setArgumentsJson("{}")
            .setRuntime(false)
            .build());
  }

  public ThreadEvent toolCompleted(String tool, long millis, String error) {
    return next(
        ToolCallCompleted.newBuilder()
            .setRequestId(threadId + "/t" + seq)
            .setCallId("c" + seq)
            .setToolName(tool)
            .setDurationMs(millis)
            .setError(error)
            .build());
  }

  public ThreadEvent subagent(String childThreadId) {
    return next(
        SubagentCreated.newBuilder()
            .setChildThreadId(childThreadId)
            .setName("research")
            .setSubagentName("research")
            .setAgentName("researcher")
            .build());
  }

  /** A value of the thread's key-value store set ({@code valueJson} null: deleted). */
  public ThreadEvent valueChanged(String key, String valueJson) {
    return next(
        dev.threadline.avro.ValueChanged.newBuilder().setKey(key).setValueJson(valueJson).build());
  }

  public ThreadEvent handedOff(String from, String to) {
    return next(AgentHandedOff.newBuilder().setFromAgent(from).setToAgent(to).build());
  }

  public ThreadEvent turnCompleted(int steps) {
    return next(TurnCompleted.newBuilder().setReason("response").setSteps(steps).build());
  }

  /** A whole turn: created, one tool step (echo, 12 ms) and a text answer. */
  public List<ThreadEvent> oneTurn(String agent, String model) {
    List<ThreadEvent> events = new ArrayList<>();
    events.add(created(agent, null));
    events.add(turnStarted());
    events.add(status(ThreadStatus.IDLE, ThreadStatus.RUNNING));
    events.add(message(Role.USER, "hello"));
    events.add(modelRequested(model));
    events.add(modelCompleted(100, 20));
    events.add(toolCompleted("echo", 12, null));
    events.add(modelRequested(model));
    events.add(modelCompleted(150, 30));
    events.add(message(Role.ASSISTANT, "done"));
    events.add(turnCompleted(2));
    events.add(status(ThreadStatus.RUNNING, ThreadStatus.IDLE));
    return events;
  }
}
