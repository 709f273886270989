package dev.threadline.step.core;

import dev.threadline.step.core.Enums.Origin;
import dev.threadline.step.core.Enums.Role;
import java.util.List;
import java.util.Map;

/** Immutable values carried by messages, calls and requests. */
public final class Values {
  private Values() {}

  /** A file referenced by path in the owning thread's blob folder. */
  public record Attachment(String path, String mediaType, String name, Long sizeBytes) {}

  /** One tool call; arguments are a JSON object as text. */
  public record ToolCall(String callId, String name, String argumentsJson) {}

  /**
   * A hook of the agent's that did not do its part for a request (its {@code function} missing,
   * failing, late, or answering what the hook may not): the call went on as if it were not there.
   */
  public record HookFailure(String hook, String function, String message) {}

  /**
   * Something a tool asked of the runtime: {@code notify_parent} (a message for the parent thread,
   * with files of this thread's folder), {@code set_status} (this thread's status in its parent's
   * registry), or a ThreadState write ({@code ToolWrites}). {@code otherTimers} and {@code
   * scheduled} are the shell's facts for {@code schedule_effect} / {@code remove_scheduled_effect}:
   * how many other effects the thread holds, and whether the one to remove is held.
   */
  public record ToolEffect(
      String kind,
      String content,
      List<Attachment> attachments,
      int otherTimers,
      boolean scheduled) {
    public ToolEffect {
      attachments = List.copyOf(attachments);
    }

    public ToolEffect(String kind, String content, List<Attachment> attachments) {
      this(kind, content, attachments, 0, false);
    }

    public ToolEffect(String kind, String content) {
      this(kind, content, List.of());
    }
  }

  /**
   * Token usage, summed over model calls: {@code cacheRead} and {@code cacheWrite} of the {@code
   * input} tokens were read from and written to the provider's prompt cache.
   */
  public record Usage(long input, long output, long cacheRead, long cacheWrite) {
    public static final Usage ZERO = new Usage(0, 0);

    public Usage(long input, long output) {
      this(input, output, 0, 0);
    }

    public Usage plus(Usage other) {
      return new Usage(
          input + other.input,
          output + other.output,
          cacheRead + other.cacheRead,
          cacheWrite + other.cacheWrite);
    }
  }

  /** A message entering the thread from outside (user, channel, scheduler). */
  public record InboundMessage(
      Origin origin,
      String channel,
      String sender,
      String text,
      Map<String, String> meta,
      List<Attachment> attachments) {
    public InboundMessage {
      meta = Map.copyOf(meta);
      attachments = List.copyOf(attachments);
    }

    public static InboundMessage invoke(String text) {
      return new InboundMessage(Origin.INVOKE, null, null, text, Map.of(), List.of());
    }
  }

  /** One persisted conversation message. */
  public record Message(
      Role role,
      String content,
      List<ToolCall> toolCalls,
      String toolCallId,
      String toolName,
      boolean isError,
      Origin origin,
      String channel,
      String sender,
      List<Attachment> attachments,
      String providerItems) {
    public Message {
      toolCalls = List.copyOf(toolCalls);
      attachments = List.copyOf(attachments);
    }

    public static Message user(InboundMessage in) {
      return inbound(Role.USER, in, in.sender());
    }

    /** An inbound message as {@code role}'s words, said by {@code sender}. */
    public static Message inbound(Role role, InboundMessage in, String sender) {
      return new Message(
          role,
          in.text(),
          List.of(),
          null,
          null,
          false,
          in.origin(),
          in.channel(),
          sender,
          in.attachments(),
          null);
    }

    public static Message assistant(String text, List<ToolCall> calls) {
      return assistant(text, calls, null);
    }

    /**
     * @param providerItems what the provider that answered needs sent back with the answer (its
     *     thinking, say), as JSON keyed by provider kind; null when nothing
     */
    public static Message assistant(String text, List<ToolCall> calls, String providerItems) {
      return new Message(
          Role.ASSISTANT,
          text,
          calls,
          null,
          null,
          false,
          null,
          null,
          null,
          List.of(),
          providerItems);
    }

    public static Message toolResult(ToolCall call, String content, boolean isError) {
      return toolResult(call, content, isError, List.of());
    }

    /** A tool's result that shows {@code shown} (files of the thread's folder: images, say). */
    public static Message toolResult(
        ToolCall call, String content, boolean isError, List<Attachment> shown) {
      return new Message(
          Role.TOOL,
          content,
          List.of(),
          call.callId(),
          call.name(),
          isError,
          null,
          null,
          null,
          shown,
          null);
    }

    /** This message with {@code text} instead of its content. */
    public Message withContent(String text) {
      return with(text, sender);
    }

    /** This message with {@code from} as its sender. */
    public Message withSender(String from) {
      return with(content, from);
    }

    private Message with(String content, String sender) {
      return new Message(
          role,
          content,
          toolCalls,
          toolCallId,
          toolName,
          isError,
          origin,
          channel,
          sender,
          attachments,
          providerItems);
    }

    public static Message system(String text) {
      return new Message(
          Role.SYSTEM, text, List.of(), null, null, false, null, null, null, List.of(), null);
    }
  }
}
