package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.ApprovalDecision;
import dev.threadline.avro.Branch;
import dev.threadline.avro.UserMessage;
import dev.threadline.config.Limits;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.ThreadCommandSender;
import dev.threadline.ingest.ThreadCreation;
import dev.threadline.ingest.bodies.MessageJson;
import dev.threadline.ingest.kafka.CommandLog;
import dev.threadline.ingest.reads.ProjectorJson;
import dev.threadline.ingest.reads.ProjectorReads;
import dev.threadline.store.StoreLimits;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.Map;
import java.util.TreeMap;

/**
 * How a LangGraph run begins on Threadline: {@code input.messages} sends its last human message
 * (and creates the thread on {@code assistant_id}'s agent when the thread does not exist yet, as a
 * LangGraph thread exists before its first run); {@code command.resume} decides the approval the
 * thread awaits; a {@code checkpoint} before the head branches the thread there ({@link
 * Checkpoints}): the input resent, or without one the answer regenerated. The run's id is the
 * command's.
 */
@ApplicationScoped
public class RunStarts {
  @Inject ProjectorReads reads;
  @Inject ThreadCommandSender sender;
  @Inject ThreadCreation creation;
  @Inject Limits limits;
  @Inject CommandLog log;
  @Inject StoreLimits storeLimits;

  /** A new run's id: its command's, known before the command is sent. */
  String runId(HttpHeaders headers, String tenant, String threadId) {
    return sender.commandId(headers, tenant, threadId, "run");
  }

  /** Starts the run {@code body} asks for on {@code threadId}, as command {@code runId}. */
  void start(HttpHeaders headers, String tenant, String threadId, String runId, JsonNode body) {
    ProjectorJson projector = new ProjectorJson(reads, tenant);
    JsonNode command = body.path("command");
    Interrupts.refuseGoto(command);
    if (command.has("resume")) {
      JsonNode pending = Interrupts.pending(projector, threadId, projector.summary(threadId));
      if (pending == null) {
        throw Problem.conflict("thread " + threadId + " awaits no approval to resume");
      }
      Interrupts.Decision decision = Interrupts.Decision.of(command.get("resume"));
      String callId = pending.path("callId").asText();
      sender.publishAs(
          headers,
          tenant,
          threadId,
          runId,
          new ApprovalDecision(
              callId,
              decision.approve(),
              decision.reason(),
              pending.path("requestId").asText(),
              null,
              decision.argumentsJson()));
      return;
    }
    JsonNode summary = projector.summary(threadId);
    String checkpoint = Checkpoints.requested(body);
    if (summary != null && checkpoint != null) {
      Branch branch = branch(body, threadId, checkpoint, ThreadMessages.read(projector, threadId));
      if (branch != null) {
        sender.publishAs(headers, tenant, threadId, runId, branch);
        return;
      }
    }
    UserMessage message = message(body);
    if (summary != null) {
      sender.publishAs(headers, tenant, threadId, runId, message);
      return;
    }
    String assistant = body.path("assistant_id").asText("");
    if (assistant.isBlank()) {
      throw Problem.invalid("assistant_id", "required: the agent a new thread runs");
    }
    // A thread declared without a graph is created with the metadata it was declared with.
    DeclaredThreads declared = DeclaredThreads.of(log, projector, storeLimits, tenant);
    Map<String, String> metadata = new TreeMap<>();
    Map<String, String> declaredWith = declared.metadata(threadId);
    if (declaredWith != null) {
      metadata.putAll(declaredWith);
    }
    metadata.putAll(metadata(body.path("metadata")));
    creation.createAs(headers, tenant, threadId, runId, assistant, message, metadata, null);
    if (declaredWith != null) {
      declared.forget(threadId);
    }
  }

  /**
   * The branch a run from {@code checkpoint} asks for: its input message resent there, or — no
   * input — the answer after it regenerated; null at the head, where a run is an ordinary message;
   * 409 for a checkpoint not on the thread's current branch.
   */
  private Branch branch(JsonNode body, String threadId, String checkpoint, ThreadMessages state) {
    int count = Checkpoints.count(state, checkpoint);
    if (count < 0) {
      throw Problem.conflict(
          "checkpoint " + checkpoint + " is not on thread " + threadId + "'s current branch");
    }
    if (count == state.kept().size()) {
      return null;
    }
    long at = count == 0 ? 0 : state.kept().get(count - 1).seq();
    JsonNode input = body.path("input");
    boolean resend = input.path("messages").isArray() && !input.path("messages").isEmpty();
    return new Branch(at, resend ? message(body) : null);
  }

  /** The message a run's {@code input} sends: its last human message's text. */
  UserMessage message(JsonNode body) {
    String text = LangChainMessages.inputText(body.path("input"));
    return MessageJson.messageOrText(JSON.createObjectNode().put("text", text), "input.", limits);
  }

  /** Metadata as a thread keeps it: text values by name (others as their JSON). */
  static Map<String, String> metadata(JsonNode metadata) {
    Map<String, String> out = new TreeMap<>();
    if (metadata.isObject()) {
      metadata
          .properties()
          .forEach(
              e ->
                  out.put(
                      e.getKey(),
                      e.getValue().isTextual() ? e.getValue().asText() : e.getValue().toString()));
    }
    return out;
  }
}
