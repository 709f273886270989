package dev.threadline.ingest;

import static dev.threadline.ingest.Json.array;
import static dev.threadline.ingest.Json.optionalText;
import static dev.threadline.ingest.Json.requiredText;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.Attachment;
import dev.threadline.avro.Origin;
import dev.threadline.avro.UserMessage;
import dev.threadline.config.Limits;
import dev.threadline.config.Utf8;
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
  static Object command(JsonNode request, Limits limits) {
    UserMessage message = message(request, "", limits);
    return switch (request.path("mode").asText("auto")) {
      case "auto" -> message;
      case "queue" -> new dev.threadline.avro.QueueMessage(message);
      case "steer" -> new dev.threadline.avro.Steer(message);
      default -> throw Problem.invalidMessage("mode", "must be auto, queue or steer");
    };
  }

  /** A message field that may also be given as just its text: {@code "message": "hi"}. */
  public static UserMessage messageOrText(JsonNode m, String prefix, Limits limits) {
    return message(
        m.isTextual() ? Json.MAPPER.createObjectNode().put("text", m.asText()) : m, prefix, limits);
  }

  /** A message body: {text, origin, channel?, sender?, meta?, attachments?}. */
  static UserMessage message(JsonNode m, String prefix, Limits limits) {
    if (!m.isObject()) {
      throw Problem.invalidMessage(prefix, "must be a JSON object with at least 'text'");
    }
    JsonNode text = m.get("text");
    if (text == null || !text.isTextual()) {
      throw Problem.invalidMessage(prefix + "text", "required string");
    }
    if (text.asText().isBlank()) {
      throw Problem.invalidMessage(prefix + "text", "must not be empty");
    }
    String originName = m.path("origin").asText("invoke").toUpperCase(Locale.ROOT);
    Origin origin;
    try {
      origin = Origin.valueOf(originName);
    } catch (IllegalArgumentException e) {
      throw Problem.invalidMessage(
          prefix + "origin", "must be one of invoke, chat, task, chore, will");
    }
    String channel = optionalText(m, "channel");
    if (origin == Origin.CHAT && (channel == null || channel.isBlank())) {
      throw Problem.invalidMessage(prefix + "channel", "required when origin is chat");
    }
    if (origin != Origin.CHAT && channel != null) {
      throw Problem.invalidMessage(
          prefix + "channel", "not allowed when origin is " + originName.toLowerCase(Locale.ROOT));
    }
    String sender = optionalText(m, "sender");
    if (origin == Origin.TASK || origin == Origin.CHORE || origin == Origin.WILL) {
      if (sender != null && !sender.equals("self")) {
        throw Problem.invalidMessage(
            prefix + "sender",
            "must be 'self' (or absent) when origin is " + originName.toLowerCase(Locale.ROOT));
      }
      sender = "self";
    }
    Map<String, String> meta = new HashMap<>();
    m.path("meta")
        .properties()
        .forEach(
            e ->
                meta.put(
                    e.getKey(),
                    e.getValue().isTextual() ? e.getValue().asText() : e.getValue().toString()));
    List<Attachment> attachments = new ArrayList<>();
    for (JsonNode a : array(m, "attachments")) {
      String path = requiredText(a, prefix + "attachments[" + attachments.size() + "].path");
      if (path.contains("..")) {
        throw Problem.invalidMessage(
            prefix + "attachments[" + attachments.size() + "].path",
            "must stay inside the thread's folder");
      }
      attachments.add(
          new Attachment(
              path,
              optionalText(a, "mediaType"),
              optionalText(a, "name"),
              a.has("sizeBytes") ? a.get("sizeBytes").asLong() : null));
    }
    UserMessage message =
        new UserMessage(origin, channel, sender, text.asText(), meta, attachments);
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
