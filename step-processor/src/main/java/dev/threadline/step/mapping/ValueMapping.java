package dev.threadline.step.mapping;

import dev.threadline.avro.Attachment;
import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.CommunicationMode;
import dev.threadline.avro.ParentLink;
import dev.threadline.avro.ToolCall;
import dev.threadline.avro.Usage;
import dev.threadline.avro.UserMessage;
import dev.threadline.step.core.Enums;
import dev.threadline.step.core.ParentRef;
import dev.threadline.step.core.Values;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Messages, tool calls, attachments, usage and the shared enums. */
public final class ValueMapping {
  private ValueMapping() {}

  public static Enums.Origin origin(dev.threadline.avro.Origin o) {
    return o == null ? null : Enums.Origin.valueOf(o.name());
  }

  public static dev.threadline.avro.Origin origin(Enums.Origin o) {
    return o == null ? null : dev.threadline.avro.Origin.valueOf(o.name());
  }

  public static Enums.Lane lane(dev.threadline.avro.ThreadGroup g) {
    return Enums.Lane.valueOf(g.name());
  }

  public static dev.threadline.avro.ThreadGroup lane(Enums.Lane l) {
    return dev.threadline.avro.ThreadGroup.valueOf(l.name());
  }

  public static Enums.Status status(dev.threadline.avro.ThreadStatus s) {
    return Enums.Status.valueOf(s.name());
  }

  public static dev.threadline.avro.ThreadStatus status(Enums.Status s) {
    return dev.threadline.avro.ThreadStatus.valueOf(s.name());
  }

  public static Values.Attachment attachment(Attachment a) {
    return new Values.Attachment(a.getPath(), a.getMediaType(), a.getName(), a.getSizeBytes());
  }

  public static Attachment attachment(Values.Attachment a) {
    return new Attachment(a.path(), a.mediaType(), a.name(), a.sizeBytes());
  }

  public static List<Values.Attachment> attachments(List<Attachment> list) {
    return list.stream().map(ValueMapping::attachment).toList();
  }

  public static List<Attachment> attachmentsToAvro(List<Values.Attachment> list) {
    List<Attachment> avro = new ArrayList<>(list.size());
    for (Values.Attachment a : list) {
      avro.add(attachment(a));
    }
    return avro;
  }

  public static Values.ToolCall toolCall(ToolCall c) {
    return new Values.ToolCall(c.getCallId(), c.getName(), c.getArgumentsJson());
  }

  public static ToolCall toolCall(Values.ToolCall c) {
    return new ToolCall(c.callId(), c.name(), c.argumentsJson());
  }

  public static List<Values.ToolCall> toolCalls(List<ToolCall> list) {
    return list.stream().map(ValueMapping::toolCall).toList();
  }

  public static List<ToolCall> toolCallsToAvro(List<Values.ToolCall> list) {
    List<ToolCall> avro = new ArrayList<>(list.size());
    for (Values.ToolCall c : list) {
      avro.add(toolCall(c));
    }
    return avro;
  }

  public static Values.Usage usage(Usage u) {
    return new Values.Usage(
        u.getInputTokens(), u.getOutputTokens(), u.getCacheReadTokens(), u.getCacheWriteTokens());
  }

  public static Usage usage(Values.Usage u) {
    return new Usage(u.input(), u.output(), u.cacheRead(), u.cacheWrite());
  }

  public static Values.Message message(ChatMessage m) {
    return new Values.Message(
        Enums.Role.valueOf(m.getRole().name()),
        m.getContent(),
        toolCalls(m.getToolCalls()),
        m.getToolCallId(),
        m.getToolName(),
        m.getIsError(),
        origin(m.getOrigin()),
        m.getChannel(),
        m.getSender(),
        attachments(m.getAttachments()),
        m.getProviderItemsJson());
  }

  public static ChatMessage message(Values.Message m) {
    // The all-arguments constructor, not the builder: a model request maps every message of the
    // window, and the builder's per-instance set-up cost as much as the mapping itself.
    return new ChatMessage(
        dev.threadline.avro.Role.valueOf(m.role().name()),
        m.content(),
        toolCallsToAvro(m.toolCalls()),
        m.toolCallId(),
        m.toolName(),
        m.isError(),
        origin(m.origin()),
        m.channel(),
        m.sender(),
        attachmentsToAvro(m.attachments()),
        m.providerItems());
  }

  public static Values.InboundMessage inbound(UserMessage m) {
    return new Values.InboundMessage(
        origin(m.getOrigin()),
        m.getChannel(),
        m.getSender(),
        m.getText(),
        m.getMeta() == null ? Map.of() : m.getMeta(),
        attachments(m.getAttachments()));
  }

  public static UserMessage inbound(Values.InboundMessage m) {
    return UserMessage.newBuilder()
        .setOrigin(origin(m.origin()))
        .setChannel(m.channel())
        .setSender(m.sender())
        .setText(m.text())
        .setMeta(new TreeMap<>(m.meta())) // key order: the same bytes in every JVM
        .setAttachments(attachmentsToAvro(m.attachments()))
        .build();
  }

  /** A child's link to its parent, as a {@code CreateThread} command carries it. */
  public static ParentLink parentLink(ParentRef ref) {
    return ref == null
        ? null
        : new ParentLink(
            ref.parentThreadId(),
            null,
            ref.subagentName(),
            ref.childName(),
            ref.resumable(),
            ref.explicit() ? CommunicationMode.EXPLICIT : CommunicationMode.AUTO,
            ref.depth(),
            ref.granted());
  }

  public static ParentRef parentRef(ParentLink link) {
    return link == null
        ? null
        : new ParentRef(
            link.getParentThreadId(),
            link.getSubagentName(),
            link.getChildName(),
            link.getResumable(),
            link.getParentCommunication() == CommunicationMode.EXPLICIT,
            link.getDepth(),
            link.getBudget());
  }

  /** A thread's env, Avro → core (secrets stay sealed). */
  public static java.util.Map<String, dev.threadline.step.core.Env.Value> env(
      java.util.Map<String, dev.threadline.avro.EnvValue> env) {
    java.util.Map<String, dev.threadline.step.core.Env.Value> out = new java.util.TreeMap<>();
    env.forEach((name, value) -> out.put(name, env(value)));
    return out;
  }

  public static dev.threadline.step.core.Env.Value env(dev.threadline.avro.EnvValue v) {
    return new dev.threadline.step.core.Env.Value(v.getValue(), v.getSecret());
  }

  public static dev.threadline.avro.EnvValue env(dev.threadline.step.core.Env.Value v) {
    return new dev.threadline.avro.EnvValue(v.value(), v.secret());
  }

  /** A thread's env, core → Avro, in name order. */
  public static java.util.Map<String, dev.threadline.avro.EnvValue> envToAvro(
      java.util.Map<String, dev.threadline.step.core.Env.Value> env) {
    java.util.Map<String, dev.threadline.avro.EnvValue> out = new java.util.TreeMap<>();
    env.forEach((name, value) -> out.put(name, env(value)));
    return out;
  }
}
