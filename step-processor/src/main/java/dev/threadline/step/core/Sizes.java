package dev.threadline.step.core;

import dev.threadline.config.Utf8;
import dev.threadline.step.core.Values.Attachment;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.ToolCall;
import java.util.List;
import java.util.Map;

/**
 * How much of a record each thing takes, in UTF-8 bytes, as the limits ({@code
 * dev.threadline.config.Limits}) count them. Fixed-size fields are not counted: the limits leave
 * room for them.
 */
public final class Sizes {
  private Sizes() {}

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
