package dev.threadline.ingest.bodies;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.config.Limits;
import dev.threadline.config.Utf8;
import dev.threadline.ingest.Problem;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The bodies of the thread endpoints as {@link TypedBody} reads them: each field of its type, the
 * constraints on each record. A message stays JSON here: it is a string or an object, and {@link
 * MessageJson} holds it to the message model (400 naming the field).
 */
public final class ThreadBodies {
  private ThreadBodies() {}

  /** {@code POST /v1/threads}: {@code metadata} is text by name. */
  public record CreateThread(
      @NotBlank(message = "required: the name of an agent of yours") String agent,
      @Schema(implementation = MessageBodies.TextOrMessage.class) JsonNode message,
      Map<String, String> metadata,
      JsonNode env) {}

  /** {@code POST /v1/threads/{id}/tools}, and an effect's {@code tool}. */
  public record QueueTool(
      @NotBlank(message = "required: the tool to run") String name, ObjectNode arguments) {}

  /**
   * {@code POST /v1/threads/{id}/effects}: a message or a tool, at an instant, after a delay, or at
   * each time of a {@code cron} schedule read at {@code timezone}'s wall clock (UTC) until {@code
   * until}.
   */
  public record ScheduleEffect(
      @Schema(implementation = MessageBodies.TextOrMessage.class) JsonNode message,
      @Valid QueueTool tool,
      String at,
      @PositiveOrZero(message = "a number of seconds, at least 0") Long delaySeconds,
      @Schema(description = "five fields, or six with the seconds last, or @hourly, @daily …")
          String cron,
      @Schema(description = "an IANA timezone such as Europe/Berlin; UTC when not given")
          String timezone,
      @Schema(description = "an ISO-8601 instant: no firing after it") String until,
      @Schema(
              description =
                  "each firing starts a new thread on this thread's agent, the message its first;"
                      + " at most once a minute")
          Boolean newThreadEachTime) {}

  /**
   * {@code POST /v1/threads/{id}/approvals/{callId}}: {@code arguments}, with an approval, runs the
   * call with them instead of the model's.
   */
  public record Approval(
      @NotNull(message = "required: true or false") Boolean approve,
      String reason,
      String requestId,
      Long epoch,
      ObjectNode arguments) {}

  /**
   * {@code POST /v1/threads/{id}/branch}: go on from the state after message {@code atMessageSeq}
   * (0: before the first), with {@code message} sent there, or without one the answer after it
   * regenerated.
   */
  public record Branch(
      @NotNull(message = "required: the message to go on from (0: before the first)")
          @PositiveOrZero(message = "a message seq, at least 0")
          Long atMessageSeq,
      @Schema(implementation = MessageBodies.TextOrMessage.class) JsonNode message) {}

  /** {@code POST /v1/threads/{id}/fork}: the event to go on from (none: the thread's last). */
  public record Fork(@Positive(message = "an event seq, at least 1") Long atSeq) {}

  /** {@code PATCH /v1/threads/{id}}: each entry set, or removed when null; the others kept. */
  public record SetMetadata(
      @NotNull(message = "required: the entries to set (null removes one)")
          Map<String, String> metadata) {}

  /** {@code POST /v1/threads/{id}/messages/append}: words added to an idle thread, no turn. */
  public record AppendMessages(
      @NotNull(message = "required: the messages to add") List<@Valid Appended> messages) {}

  /** One message added: {@code role} user or assistant. */
  public record Appended(
      @NotBlank(message = "required: user or assistant") String role,
      @NotBlank(message = "required: the message's text") String text) {}

  /** {@code POST /v1/threads/{id}/abort}, {@code /terminate}, {@code /compact}. */
  public record Reason(String reason) {}

  /** The metadata as the command carries it: text by name, no null. */
  public static Map<String, String> metadata(CreateThread body) {
    if (body.metadata() == null) {
      return Map.of();
    }
    body.metadata()
        .forEach(
            (name, value) -> {
              if (value == null) {
                throw Problem.invalid("metadata." + name, "must be text");
              }
            });
    return body.metadata();
  }

  /** Messages added as their command carries them: 1–100, each within {@code message.bytes}. */
  public static dev.threadline.avro.AppendMessages appended(AppendMessages body, Limits limits) {
    if (body.messages().isEmpty() || body.messages().size() > 100) {
      throw Problem.invalid("messages", "1 to 100 messages to add");
    }
    List<dev.threadline.avro.AppendedMessage> messages = new java.util.ArrayList<>();
    for (int i = 0; i < body.messages().size(); i++) {
      Appended m = body.messages().get(i);
      dev.threadline.avro.Role role =
          switch (m.role()) {
            case "user" -> dev.threadline.avro.Role.USER;
            case "assistant" -> dev.threadline.avro.Role.ASSISTANT;
            default ->
                throw Problem.invalid(
                    "messages[" + i + "].role", "user or assistant, not '" + m.role() + "'");
          };
      if (Utf8.length(m.text()) > limits.messageBytes()) {
        throw Problem.tooLarge(
            "messages[" + i + "].text",
            "a message is at most "
                + limits.messageBytes()
                + " bytes ("
                + Limits.key("message.bytes")
                + ")");
      }
      messages.add(new dev.threadline.avro.AppendedMessage(role, m.text()));
    }
    return new dev.threadline.avro.AppendMessages(messages);
  }

  /** A metadata change as its command carries it: 422 naming {@code metadata} past its limits. */
  public static dev.threadline.avro.SetMetadata metadataChange(Map<String, String> changes) {
    String refusal = dev.threadline.config.MetadataLimits.refusal(changes);
    if (refusal != null) {
      throw Problem.invalid("metadata", refusal);
    }
    return new dev.threadline.avro.SetMetadata(new java.util.TreeMap<>(changes));
  }

  /** A queued tool as its command carries it: arguments within {@code tool.arguments.bytes}. */
  public static dev.threadline.avro.QueueTool tool(
      QueueTool request, String prefix, Limits limits) {
    String json = request.arguments() == null ? "{}" : request.arguments().toString();
    long bytes = Utf8.length(json);
    if (bytes > limits.toolArgumentsBytes()) {
      throw Problem.tooLarge(
          prefix + "arguments",
          Limits.over(
              "the argument object", bytes, limits.toolArgumentsBytes(), "tool.arguments.bytes"));
    }
    return new dev.threadline.avro.QueueTool(request.name(), json);
  }
}
