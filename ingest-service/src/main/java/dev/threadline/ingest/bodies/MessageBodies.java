package dev.threadline.ingest.bodies;

import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A message as the HTTP API takes it, read by {@link TypedBody}'s strict shape (each field of its
 * type, no field the record does not have) before {@link MessageJson} holds it to the message
 * model.
 */
public final class MessageBodies {
  private MessageBodies() {}

  /**
   * {@code POST /v1/threads/{id}/messages} and the runs endpoints: a message and how to send it.
   */
  public record SendMessage(
      @Schema(description = "the message's text", required = true) String text,
      @Schema(
              enumeration = {"invoke", "chat", "task", "chore", "will"},
              defaultValue = "invoke")
          String origin,
      @Schema(description = "required when origin is chat, not allowed otherwise") String channel,
      @Schema(description = "self (or absent) for task, chore and will") String sender,
      Map<String, String> meta,
      List<AttachmentRef> attachments,
      @Schema(
              enumeration = {"auto", "queue", "steer"},
              defaultValue = "auto",
              description = "auto: sent as is; queue: after the running turn; steer: into it")
          String mode) {

    Message message() {
      return new Message(text, origin, channel, sender, meta, attachments);
    }
  }

  /** A message where it is a field ({@code message} of a thread or an effect). */
  @Schema(description = "a message; the field may also be just its text")
  record Message(
      @Schema(required = true) String text,
      @Schema(
              enumeration = {"invoke", "chat", "task", "chore", "will"},
              defaultValue = "invoke")
          String origin,
      String channel,
      String sender,
      Map<String, String> meta,
      List<AttachmentRef> attachments) {}

  /** A file of the thread's the message refers to (uploaded with {@code …/files}). */
  record AttachmentRef(
      @Schema(required = true, description = "the file's path in the thread's folder") String path,
      String mediaType,
      String name,
      Long sizeBytes) {}

  /** The schema of a {@code message} field: its text, or a {@link Message}. */
  @Schema(oneOf = {String.class, Message.class})
  interface TextOrMessage {}
}
