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
            + Utf8.length(m.content())
            + Utf8.length(m.toolCallId())
            + Utf8.length(m.toolName())
            + Utf8.length(m.channel())
            + Utf8.length(m.sender())
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
            + Utf8.length(agent.systemPrompt())
            + Utf8.length(agent.model().configJson())
            + Utf8.length(agent.model().model());
    for (RuntimeTools.ToolDef t : ContextAssembler.tools(agent)) {
      bytes +=
          PER_CALL
              + Utf8.length(t.name())
              + Utf8.length(t.description())
              + Utf8.length(t.parametersJson());
    }
    return bytes;
  }

  /** A message's text, metadata and attachments. */
  public static long of(InboundMessage m) {
    return Utf8.length(m.text())
        + Utf8.length(m.channel())
        + Utf8.length(m.sender())
        + of(m.meta())
        + attachments(m.attachments());
  }

  /** A tool call's name and arguments. */
  public static long of(ToolCall call) {
    return Utf8.length(call.callId())
        + Utf8.length(call.name())
        + Utf8.length(call.argumentsJson());
  }

  /** A model reply: its text and its tool calls. */
  public static long reply(String text, List<ToolCall> calls) {
    long bytes = Utf8.length(text);
    for (ToolCall call : calls) {
      bytes += of(call);
    }
    return bytes;
  }

  /** A frozen agent: its definition and those of its team. */
  public static long of(AgentSnapshot agent) {
    long bytes =
        Utf8.length(agent.name())
            + Utf8.length(agent.tenantId())
            + Utf8.length(agent.model().provider())
            + Utf8.length(agent.model().model())
            + Utf8.length(agent.model().configJson())
            + Utf8.length(agent.systemPrompt())
            + Utf8.length(agent.stop().stopTool());
    for (AgentSnapshot.AgentTool t : agent.tools()) {
      bytes +=
          PER_CALL
              + Utf8.length(t.name())
              + Utf8.length(t.description())
              + Utf8.length(t.parametersJson());
    }
    for (Subagent sa : agent.subagents()) {
      bytes +=
          PER_CALL
              + Utf8.length(sa.name())
              + Utf8.length(sa.agent())
              + Utf8.length(sa.description())
              + Utf8.length(sa.initUserMessageProperty())
              + Utf8.length(sa.initAttachmentsProperty())
              + Utf8.length(sa.initAgentNameProperty())
              + Utf8.length(sa.optional());
    }
    for (AgentSnapshot member : agent.team()) {
      bytes += PER_MESSAGE + of(member);
    }
    return bytes;
  }

  public static long of(Map<String, String> map) {
    long bytes = 0;
    for (Map.Entry<String, String> e : map.entrySet()) {
      bytes += Utf8.length(e.getKey()) + Utf8.length(e.getValue());
    }
    return bytes;
  }

  public static long attachments(List<Attachment> attachments) {
    long bytes = 0;
    for (Attachment a : attachments) {
      bytes += Utf8.length(a.path()) + Utf8.length(a.mediaType()) + Utf8.length(a.name()) + 8;
    }
    return bytes;
  }
}
