package dev.threadline.projector.http;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.store.ThreadSummary;
import dev.threadline.topics.RecordJson;
import java.time.Instant;

/**
 * A thread's summary as the HTTP API shows it; events and the other records are {@link
 * RecordJson}'s: every Avro field by name, timestamps as ISO-8601, enums as their names.
 */
final class AvroJson {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private AvroJson() {}

  static ObjectNode summary(ThreadSummary s) {
    ObjectNode node = F.objectNode();
    node.put("threadId", s.getThreadId());
    node.put("agent", s.getAgentName());
    node.put("status", s.getStatus().name());
    node.put("parentThreadId", s.getParentThreadId());
    node.put("childName", s.getChildName());
    // Spec (initAgentNameProperty): the name a parent gives its child is the thread tag
    // name:<value>.
    ArrayNode tags = node.putArray("tags");
    if (s.getChildName() != null) {
      tags.add("name:" + s.getChildName());
    }
    ArrayNode children = node.putArray("children");
    s.getChildren().forEach(children::add);
    node.put("childCount", Math.max(s.getChildCount(), s.getChildren().size()));
    node.put("turns", s.getTurns());
    node.put("steps", s.getSteps());
    node.put("toolCalls", s.getToolCalls());
    node.put("recoveries", s.getRecoveries());
    node.put("inputTokens", s.getInputTokens());
    node.put("outputTokens", s.getOutputTokens());
    node.put("createdAt", Instant.ofEpochMilli(s.getCreatedAt()).toString());
    node.put("lastActivity", Instant.ofEpochMilli(s.getLastActivity()).toString());
    node.put("lastSeq", s.getLastSeq());
    node.put("lastEvent", s.getLastEventType());
    ObjectNode metadata = node.putObject("metadata");
    s.getMetadata().forEach(metadata::put);
    if (s.getWaitingForBudget() != null) {
      // A budget holds the thread's next model call: which, and until when.
      node.put("waitingForBudget", s.getWaitingForBudget());
      node.put(
          "waitingForBudgetUntil", Instant.ofEpochMilli(s.getWaitingForBudgetUntil()).toString());
    }
    if (s.getForkedFrom() != null) {
      // A fork, once it holds what it copied: the thread and the event it goes on from.
      node.putObject("forkedFrom")
          .put("threadId", s.getForkedFrom())
          .put("atSeq", s.getForkedAtSeq());
    }
    return node;
  }
}
