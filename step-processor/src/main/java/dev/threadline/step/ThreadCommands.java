package dev.threadline.step;

import dev.threadline.avro.ChildUpdate;
import dev.threadline.avro.ChildUpdateKind;
import dev.threadline.avro.CreateThread;
import dev.threadline.avro.Origin;
import dev.threadline.avro.SubagentMessage;
import dev.threadline.avro.Terminate;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.UserMessage;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.MessageRules;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.ParentRef;
import dev.threadline.step.mapping.AgentMapping;
import dev.threadline.step.mapping.ValueMapping;
import dev.threadline.topics.CommandEnvelope;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Commands the step processor sends to other threads, with deterministic command ids (so a replayed
 * transaction produces the same ids and the receiver applies each once) and maps in key order (so
 * it produces the same bytes).
 */
final class ThreadCommands {
  private ThreadCommands() {}

  static ThreadCommand createChild(
      MachineState parent, Output.SpawnChild child, long ts, BlobStore blobs) {
    ParentRef link = child.parent();
    UserMessage task =
        UserMessage.newBuilder()
            .setOrigin(Origin.INVOKE)
            .setSender(MessageRules.parent(parent.threadId()))
            .setText(child.message())
            .setMeta(new TreeMap<>(Map.of("parentThreadId", parent.threadId())))
            .setAttachments(
                avro(
                    blobs.copy(
                        parent.tenantId(),
                        parent.threadId(),
                        child.attachments(),
                        child.childThreadId())))
            .build();
    Map<String, String> metadata = new TreeMap<>(child.metadata());
    metadata.put("parentThreadId", parent.threadId());
    metadata.put("subagent", link.subagentName());
    CreateThread create =
        CreateThread.newBuilder()
            .setAgentName(child.agent().name())
            .setAgent(AgentMapping.toAvro(child.agent()))
            .setParent(ValueMapping.parentLink(link))
            .setMessage(child.message() == null || child.message().isBlank() ? null : task)
            .setMetadata(metadata)
            .setEnv(ValueMapping.envToAvro(child.env()))
            .build();
    return command(
        child.childThreadId() + "/create", parent.tenantId(), child.childThreadId(), ts, create);
  }

  /** The creation of the thread a cron's firing starts, on its holder's agent and env. */
  static ThreadCommand startThread(MachineState holder, Output.StartThread start, long ts) {
    CreateThread create =
        CreateThread.newBuilder()
            .setAgentName(start.agentName())
            .setAgent(AgentMapping.toAvro(start.agent()))
            .setMessage(ValueMapping.inbound(start.message()))
            .setMetadata(new TreeMap<>(start.metadata()))
            .setEnv(ValueMapping.envToAvro(start.env()))
            .build();
    return command(start.threadId() + "/create", holder.tenantId(), start.threadId(), ts, create);
  }

  /**
   * @param reply the text of the message {@code notify} refers to, if any: the report's content
   */
  static ThreadCommand notifyParent(
      MachineState child,
      Output.NotifyParent notify,
      String reply,
      long ts,
      int index,
      BlobStore blobs) {
    ChildUpdate update =
        ChildUpdate.newBuilder()
            .setChildThreadId(child.threadId())
            .setChildName(child.parent() == null ? null : child.parent().childName())
            .setKind(ChildUpdateKind.valueOf(notify.kind().name()))
            .setStatus(notify.status())
            .setPayloadJson(reply != null ? reply : notify.content())
            .setAttachments(
                avro(
                    blobs.copy(
                        child.tenantId(),
                        child.threadId(),
                        notify.attachments(),
                        notify.parentThreadId())))
            .build();
    return command(
        child.threadId() + "/notify/" + child.nextEventSeq() + "." + index,
        child.tenantId(),
        notify.parentThreadId(),
        ts,
        update);
  }

  /**
   * A child thread that could not be created tells its parent, from the child's key (there is no
   * child state to take a seq from: the id says it is the creation's one report).
   */
  static ThreadCommand creationFailed(
      String childThreadId, String tenantId, Output.NotifyParent notify, long ts) {
    ChildUpdate update =
        ChildUpdate.newBuilder()
            .setChildThreadId(childThreadId)
            .setKind(ChildUpdateKind.valueOf(notify.kind().name()))
            .setStatus(notify.status())
            .setPayloadJson(notify.content())
            .build();
    return command(childThreadId + "/create-failed", tenantId, notify.parentThreadId(), ts, update);
  }

  static ThreadCommand terminateChild(
      MachineState parent, Output.TerminateChild child, long ts, int index) {
    return toChild(
        parent, "terminate", child.childThreadId(), new Terminate(child.reason()), ts, index);
  }

  static ThreadCommand deleteChild(
      MachineState parent, Output.DeleteChild child, long ts, int index) {
    return toChild(
        parent,
        "delete",
        child.childThreadId(),
        new dev.threadline.avro.DeleteThread(child.reason()),
        ts,
        index);
  }

  /**
   * A command of {@code parent}'s to one of its children: its id names the parent, the verb and the
   * event it goes out with, so a replayed transition sends the same command again.
   */
  private static ThreadCommand toChild(
      MachineState parent, String verb, String childThreadId, Object payload, long ts, int index) {
    return command(
        parent.threadId() + "/" + verb + "/" + parent.nextEventSeq() + "." + index,
        parent.tenantId(),
        childThreadId,
        ts,
        payload);
  }

  static ThreadCommand messageChild(
      MachineState parent, Output.MessageChild message, long ts, int index, BlobStore blobs) {
    SubagentMessage payload =
        new SubagentMessage(
            parent.threadId(),
            message.text(),
            message.asSideB(),
            avro(
                blobs.copy(
                    parent.tenantId(),
                    parent.threadId(),
                    message.attachments(),
                    message.childThreadId())));
    return command(
        parent.threadId() + "/message/" + parent.nextEventSeq() + "." + index,
        parent.tenantId(),
        message.childThreadId(),
        ts,
        payload);
  }

  private static List<dev.threadline.avro.Attachment> avro(
      List<dev.threadline.step.core.Values.Attachment> attachments) {
    return new ArrayList<>(attachments.stream().map(ValueMapping::attachment).toList());
  }

  private static ThreadCommand command(
      String id, String tenant, String threadId, long ts, Object payload) {
    return CommandEnvelope.of(id, tenant, threadId, Instant.ofEpochMilli(ts), payload);
  }
}
