package dev.threadline.step;

import dev.threadline.config.Limits;
import dev.threadline.step.core.ContextAssembler;
import dev.threadline.step.core.ContextPolicy;
import dev.threadline.step.core.Continuation;
import dev.threadline.step.core.Event;
import dev.threadline.step.core.Input;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.ThreadState;
import dev.threadline.step.core.Transition;
import dev.threadline.step.mapping.EventMapping;
import dev.threadline.step.mapping.RequestMapping;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * Carries out a transition's outputs, in order: events and requests to their sinks (model requests
 * assembled from the stored window, and incremental), messages, timers, deadlines and the agent
 * snapshot into the stores, commands to other threads, refused input to the dead letters. Outputs
 * that need an answer at once (a store tool, a rule-built continuation) are handed back to the
 * processor as follow-ups.
 */
final class OutputRouter {
  private final ProcessorContext<Object, Object> context;
  private final ThreadStores stores;
  private final RequestReuse reuse;
  private final ContextPolicy policy;
  private final long transcriptBytes;
  private final BlobStore blobs;
  private final DeadLetterWriter deadLetters;

  OutputRouter(
      ProcessorContext<Object, Object> context,
      ThreadStores stores,
      RequestReuse reuse,
      ContextPolicy policy,
      Limits limits,
      BlobStore blobs,
      DeadLetterWriter deadLetters) {
    this.context = context;
    this.stores = stores;
    this.reuse = reuse;
    this.policy = policy;
    this.transcriptBytes = limits.recordBytes() - Limits.ENVELOPE_BYTES;
    this.blobs = blobs;
    this.deadLetters = deadLetters;
  }

  /**
   * @param tenant the tenant events outside any thread's log are filed under (the caller's)
   * @param source the input record, for dead letters (null for punctuated inputs)
   * @return the outputs to be answered at once, in order
   */
  List<Output> carryOut(
      String threadId, String tenant, Transition t, Record<String, Object> source) {
    ThreadState s = t.state();
    List<Output> followUps = new ArrayList<>();
    long ts = context.currentSystemTimeMs(); // one timestamp for every record of the transition
    int sent = 0;
    for (Output output : t.outputs()) {
      switch (output) {
        case Output.Emit e -> {
          String owner = e.event().seq() > 0 ? s.tenantId() : tenant;
          forward(
              threadId, EventMapping.toAvro(threadId, owner, e.event()), Routes.EVENTS_SINK, ts);
        }
        case Output.AppendMessage m -> stores.append(threadId, m);
        case Output.RequestModel r -> {
          var window = stores.window(s, r.contextFromSeq());
          var assembled = ContextAssembler.assemble(s, window, r.issuedAt(), policy);
          var request = RequestMapping.modelRequest(s, r, assembled);
          reuse.fill(request, threadId, r.contextFromSeq(), assembled);
          forward(threadId, request.build(), Routes.modelRequestsSink(r.lane()), ts);
        }
        case Output.RequestTool r ->
            forward(threadId, RequestMapping.toolRequest(s, r), Routes.TOOL_REQUESTS_SINK, ts);
        case Output.RequestCompaction r -> {
          String transcript =
              Continuation.transcript(stores.window(s, r.fromSeq()), transcriptBytes);
          forward(
              threadId,
              RequestMapping.compactionRequest(s, r, transcript),
              Routes.modelRequestsSink(r.lane()),
              ts);
        }
        case Output.RunStoreTool r -> followUps.add(r);
        case Output.BuildHeuristicContinuation b -> followUps.add(b);
        case Output.SetDeadline d -> stores.setDeadline(threadId, d);
        case Output.ClearDeadline d -> stores.clearDeadline(threadId, d);
        case Output.StoreAgent a -> stores.storeAgent(threadId, a.agent());
        case Output.SetTimer timer -> stores.setTimer(threadId, timer);
        case Output.CancelTimer cancel -> stores.cancelTimer(threadId, cancel.effectId());
        case Output.SpawnChild child -> send(ThreadCommands.createChild(s, child, ts, blobs), ts);
        case Output.NotifyParent notify when s == null ->
            send(ThreadCommands.creationFailed(threadId, tenant, notify, ts), ts);
        case Output.NotifyParent notify -> {
          String reply =
              notify.replySeq() > 0 ? stores.messageText(threadId, notify.replySeq()) : null;
          send(ThreadCommands.notifyParent(s, notify, reply, ts, ++sent, blobs), ts);
        }
        case Output.TerminateChild child ->
            send(ThreadCommands.terminateChild(s, child, ts, ++sent), ts);
        case Output.MessageChild message ->
            send(ThreadCommands.messageChild(s, message, ts, ++sent, blobs), ts);
        case Output.DeadLetter d -> deadLetters.write(source, threadId, d.reason());
      }
    }
    return followUps;
  }

  /**
   * An input could not be decided: an event outside the thread's log ({@code seq 0}), for {@code
   * tenant}, saying which input and why — beside its dead letter.
   */
  void reportFailure(String threadId, String tenant, Input input, String reason) {
    String about =
        switch (input) {
          case Input.Command c -> c.commandId();
          case Input.EffectFired e -> e.effectId();
          case Input.DeadlinePassed p -> p.requestId();
          case Input.ModelResultReceived r -> r.requestId();
          case Input.ToolResultReceived r -> r.requestId();
          case Input.ContextMissing c -> c.requestId();
          case Input.HeuristicContinuation h -> h.requestId();
        };
    Event event =
        new Event(
            0,
            0,
            0,
            0,
            input.at(),
            new Event.CommandRejected(about, input.getClass().getSimpleName(), reason));
    forward(
        threadId,
        EventMapping.toAvro(threadId, tenant == null ? "" : tenant, event),
        Routes.EVENTS_SINK,
        context.currentSystemTimeMs());
  }

  private void send(dev.threadline.avro.ThreadCommand command, long ts) {
    forward(command.getThreadId(), command, Routes.COMMANDS_SINK, ts);
  }

  private void forward(String key, Object value, String sink, long ts) {
    context.forward(new Record<>(key, value, ts), sink);
  }
}
