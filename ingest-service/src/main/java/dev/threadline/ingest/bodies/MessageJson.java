package dev.threadline.ingest.bodies;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.Attachment;
import dev.threadline.avro.Origin;
import dev.threadline.avro.UserMessage;
import dev.threadline.config.Limits;
import dev.threadline.config.Utf8;
import dev.threadline.ingest.Problem;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A message's JSON → the Avro {@link UserMessage}, held to the message model (origin, channel,
 * sender) and the size limit at the door: 400 naming the field, 413 naming the limit for a message
 * whose text, metadata and attachments are over {@code threadline.limits.message.bytes}.
 */
public final class MessageJson {
  private MessageJson() {}

  /**
   * The command a message body asks for: its message as sent ({@code mode} {@code auto}, the
   * default), queued ({@code queue}) or steering the running turn ({@code steer}).
   */
  public static Object command(String body, Limits limits) {
    MessageBodies.SendMessage request =
        TypedBody.shape(Json.parse(body), MessageBodies.SendMessage.class, "");
    UserMessage message = message(request.message(), "", limits);
    String mode = request.mode() == null ? "auto" : request.mode();
    return switch (mode) {
      case "auto" -> message;
      case "queue" -> new dev.threadline.avro.QueueMessage(message);
      case "steer" -> new dev.threadline.avro.Steer(message);
      default -> throw Problem.invalidMessage("mode", "must be auto, queue or steer");
    };
  }

  /** A message field that may also be given as just its text: {@code "message": "hi"}. */
  public static UserMessage messageOrText(JsonNode m, String prefix, Limits limits) {
    if (!m.isTextual() && !m.isObject()) {
      String field = prefix.endsWith(".") ? prefix.substring(0, prefix.length() - 1) : prefix;
      throw Problem.invalid(field, "must be the message's text or a JSON object {\"text\", …}");
    }
    MessageBodies.Message message =
        m.isTextual()
            ? new MessageBodies.Message(m.asText(), null, null, null, null, null)
            : TypedBody.shape(m, MessageBodies.Message.class, prefix);
    return message(message, prefix, limits);
  }

  /** A message: {text, origin, channel?, sender?, meta?, attachments?}, held to the model. */
  private static UserMessage message(MessageBodies.Message m, String prefix, Limits limits) {
    String text = m.text();
    if (text == null) {
      throw Problem.invalidMessage(prefix + "text", "required string");
    }
    if (text.isBlank()) {
      throw Problem.invalidMessage(prefix + "text", "must not be empty");
    }
    String originName = (m.origin() == null ? "invoke" : m.origin()).toUpperCase(Locale.ROOT);
    Origin origin;
    try {
      origin = Origin.valueOf(originName);
    } catch (IllegalArgumentException e) {
      throw Problem.invalidMessage(
          prefix + "origin", "must be one of invoke, chat, task, chore, will");
    }
    String channel = m.channel();
    if (origin == Origin.CHAT && (channel == null || channel.isBlank())) {
      throw Problem.invalidMessage(prefix + "channel", "required when origin is chat");
    }
    if (origin != Origin.CHAT && channel != null) {
      throw Problem.invalidMessage(
          prefix + "channel", "not allowed when origin is " + originName.toLowerCase(Locale.ROOT));
    }
    String sender = m.sender();
    if (origin == Origin.TASK || origin == Origin.CHORE || origin == Origin.WILL) {
      if (sender != null && !sender.equals("self")) {
        throw Problem.invalidMessage(
            prefix + "sender",
            "must be 'self' (or absent) when origin is " + originName.toLowerCase(Locale.ROOT));
      }
      sender = "self";
    }
    Map<String, String> meta = m.meta() == null ? new HashMap<>() : new HashMap<>(m.meta());
    meta.forEach(
        (name, value) -> {
          if (value == null) {
            throw Problem.invalid(prefix + "meta." + name, "must be text");
          }
        });
    List<Attachment> attachments = new ArrayList<>();
    for (MessageBodies.AttachmentRef a :
        m.attachments() == null ? List.<MessageBodies.AttachmentRef>of() : m.attachments()) {
      String field = prefix + "attachments[" + attachments.size() + "]";
      if (a == null || a.path() == null || a.path().isBlank()) {
        throw Problem.invalidMessage(field + ".path", "required string");
      }
      if (a.path().contains("..")) {
        throw Problem.invalidMessage(field + ".path", "must stay inside the thread's folder");
      }
      attachments.add(new Attachment(a.path(), a.mediaType(), a.name(), a.sizeBytes()));
    }
    UserMessage message = new UserMessage(origin, channel, sender, text, meta, attachments);
    long bytes = bytes(message);
    if (bytes > limits.messageBytes()) {
      String field = prefix.isEmpty() ? "text" : prefix + "text";
      throw Problem.tooLarge(
          field, Limits.over("the message", bytes, limits.messageBytes(), "message.bytes"));
    }
    return message;
  }

  /**
   * A message's size as the step processor counts it (its {@code Sizes.of(InboundMessage)}): text,
   * channel, sender, metadata, and each attachment's path, media type and name plus 8.
   */
  static long bytes(UserMessage m) {
    long bytes =
        Utf8.length(m.getText()) + Utf8.length(m.getChannel()) + Utf8.length(m.getSender());
    for (Map.Entry<String, String> e : m.getMeta().entrySet()) {
      bytes += Utf8.length(e.getKey()) + Utf8.length(e.getValue());
    }
    for (Attachment a : m.getAttachments()) {
      bytes +=
          Utf8.length(a.getPath()) + Utf8.length(a.getMediaType()) + Utf8.length(a.getName()) + 8;
    }
    return bytes;
  }
}
