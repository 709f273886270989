package dev.threadline.step.core;

import dev.threadline.config.Utf8;
import dev.threadline.step.core.Values.Attachment;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.Values.ToolCall;
import java.util.List;
import java.util.Map;

/**
 * How much of a record each thing takes, in UTF-8 bytes, as the limits ({@code
 * dev.threadline.config.Limits}) count them. Fixed-size fields are not counted: the limits leave
 * room for them.
 */
public final class Sizes {
  /** What a stored or sent message costs beside its texts: role, flags, framing. */
  static final int PER_MESSAGE = 32;

  /** What a tool call costs beside its texts. */
  static final int PER_CALL = 16;

  private Sizes() {}

  /** A persisted message as it is stored and sent in a model request. */
  public static long of(Message m) {
    long bytes =
        PER_MESSAGE
            + Utf8.total(m.content(), m.toolCallId(), m.toolName(), m.channel(), m.sender())
            + Utf8.length(m.providerItems())
            + attachments(m.attachments());
    for (ToolCall call : m.toolCalls()) {
      bytes += PER_CALL + of(call);
    }
    return bytes;
  }

  /**
   * What every model request of the agent carries besides the history: the system prompt, the tool
   * definitions and the model's configuration.
   */
  public static long overhead(AgentSnapshot agent) {
    long bytes =
        PER_MESSAGE
            + Utf8.total(agent.systemPrompt(), agent.model().configJson(), agent.model().model());
    for (RuntimeTools.ToolDef t : ContextAssembler.tools(agent)) {
      bytes += PER_CALL + Utf8.total(t.name(), t.description(), t.parametersJson());
    }
    return bytes;
  }

  /** A message's text, metadata and attachments. */
  public static long of(InboundMessage m) {
    return Utf8.total(m.text(), m.channel(), m.sender())
        + of(m.meta())
        + attachments(m.attachments());
  }

  /** A tool call's name and arguments. */
  public static long of(ToolCall call) {
    return Utf8.total(call.callId(), call.name(), call.argumentsJson());
  }

  /** A model reply: its text and its tool calls. */
  public static long reply(String text, List<ToolCall> calls, String providerItems) {
    long bytes = Utf8.length(text) + Utf8.length(providerItems);
    for (ToolCall call : calls) {
      bytes += of(call);
    }
    return bytes;
  }

  /** A frozen agent: its definition and those of its team. */
  public static long of(AgentSnapshot agent) {
    long bytes =
        Utf8.total(
            agent.name(),
            agent.tenantId(),
            agent.model().provider(),
            agent.model().model(),
            agent.model().configJson(),
            agent.systemPrompt(),
            agent.stop().stopTool());
    for (AgentSnapshot.AgentTool t : agent.tools()) {
      bytes += PER_CALL + Utf8.total(t.name(), t.description(), t.parametersJson());
    }
    for (Subagent sa : agent.subagents()) {
      bytes +=
          PER_CALL
              + Utf8.total(
                  sa.name(),
                  sa.agent(),
                  sa.description(),
                  sa.initUserMessageProperty(),
                  sa.initAttachmentsProperty(),
                  sa.initAgentNameProperty(),
                  sa.optional());
    }
    for (AgentSnapshot member : agent.team()) {
      bytes += PER_MESSAGE + of(member);
    }
    return bytes;
  }

  public static long of(Map<String, String> map) {
    long bytes = 0;
    for (Map.Entry<String, String> e : map.entrySet()) {
      bytes += Utf8.total(e.getKey(), e.getValue());
    }
    return bytes;
  }

  public static long attachments(List<Attachment> attachments) {
    long bytes = 0;
    for (Attachment a : attachments) {
      bytes += Utf8.total(a.path(), a.mediaType(), a.name()) + 8;
    }
    return bytes;
  }
}
