package dev.threadline.step.core;

import dev.threadline.agents.Senders;
import dev.threadline.config.Limits;
import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.Enums.Origin;
import dev.threadline.step.core.Values.Attachment;
import dev.threadline.step.core.Values.InboundMessage;

/**
 * The message model (Toolang): {@code origin} is one of invoke, chat, task, chore, will; chat
 * requires a channel and the others forbid one; task, chore and will are sent by {@code self}.
 */
public final class MessageRules {
  public static final String SELF = Senders.SELF;

  private MessageRules() {}

  /** The sender of the messages a child gets from its parent thread (silent). */
  public static String parent(String parentThreadId) {
    return Senders.parent(parentThreadId);
  }

  /** A valid, normalized message, or the reason it is invalid. */
  public sealed interface Checked {}

  public record Valid(InboundMessage message) implements Checked {}

  public record Invalid(String reason) implements Checked {}

  public static Checked check(InboundMessage m, Limits limits) {
    if (m.origin() == null) {
      return new Invalid("origin is required: one of invoke, chat, task, chore, will");
    }
    if (m.text() == null) {
      return new Invalid("text is required");
    }
    if (m.text().isBlank()) {
      // A chat-completions endpoint refuses a user message without content.
      return new Invalid("text must not be empty");
    }
    long bytes = Sizes.of(m);
    if (bytes > limits.messageBytes()) {
      return new Invalid(Limits.over("the message", bytes, limits.messageBytes(), "message.bytes"));
    }
    boolean hasChannel = m.channel() != null && !m.channel().isBlank();
    if (m.origin() == Origin.CHAT && !hasChannel) {
      return new Invalid("origin chat requires a channel");
    }
    if (m.origin() != Origin.CHAT && m.channel() != null) {
      return new Invalid("origin " + name(m.origin()) + " must not have a channel");
    }
    for (Attachment a : m.attachments()) {
      if (a.path() == null || a.path().isBlank() || a.path().contains("..")) {
        return new Invalid("attachment path '" + a.path() + "' is not a path inside the thread");
      }
    }
    String sender = m.sender();
    if (m.origin() == Origin.TASK || m.origin() == Origin.CHORE || m.origin() == Origin.WILL) {
      if (sender == null) {
        sender = SELF;
      } else if (!sender.equals(SELF)) {
        return new Invalid(
            "origin " + name(m.origin()) + " requires sender 'self', not '" + sender + "'");
      }
    }
    return new Valid(
        new InboundMessage(m.origin(), m.channel(), sender, m.text(), m.meta(), m.attachments()));
  }

  /** The lane a message's turn runs on: its origin's group, or the agent's for invoke. */
  public static Lane lane(Origin origin, Lane agentGroup) {
    return switch (origin) {
      case CHAT -> Lane.CHAT;
      case TASK -> Lane.TASK;
      case CHORE -> Lane.CHORE;
      case WILL -> Lane.WILL;
      case INVOKE -> agentGroup;
    };
  }

  private static String name(Origin o) {
    return o.name().toLowerCase(java.util.Locale.ROOT);
  }
}
