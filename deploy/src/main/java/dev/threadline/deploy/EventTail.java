package dev.threadline.deploy;

import dev.threadline.avro.ChildStatusUpdated;
import dev.threadline.avro.MessageAppended;
import dev.threadline.avro.ModelCallCompleted;
import dev.threadline.avro.ModelCallRequested;
import dev.threadline.avro.SubagentCreated;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ThreadStatusChanged;
import dev.threadline.avro.ToolCallCompleted;
import dev.threadline.avro.ToolCallRequested;
import dev.threadline.avro.TurnCompleted;
import dev.threadline.avro.TurnStarted;
import dev.threadline.topics.Topics;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/** Prints a thread's canonical events as they are committed, one line each. */
final class EventTail {
  private final String bootstrap;
  private final Topics topics;
  private final Deserializer<ThreadEvent> events;

  EventTail(String bootstrap, Topics topics, Deserializer<ThreadEvent> events) {
    this.bootstrap = bootstrap;
    this.topics = topics;
    this.events = events;
  }

  /**
   * Prints the thread's events and its children's until a turn completes with no child still
   * working (a child's result starts another turn of the parent).
   */
  void printUntilSettled(String threadId, Duration timeout) {
    Map<String, Object> config =
        Map.of(
            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
            bootstrap,
            ConsumerConfig.GROUP_ID_CONFIG,
            "threadline-demo-tail-" + threadId,
            ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
            "earliest",
            ConsumerConfig.ISOLATION_LEVEL_CONFIG,
            "read_committed");
    long deadline = System.nanoTime() + timeout.toNanos();
    int working = 0;
    try (var consumer =
        new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer())) {
      consumer.subscribe(List.of(topics.threadEvents().name()));
      while (System.nanoTime() < deadline) {
        for (var record : consumer.poll(Duration.ofMillis(100))) {
          boolean child = record.key() != null && record.key().startsWith(threadId + "/");
          if (!threadId.equals(record.key()) && !child) {
            continue;
          }
          ThreadEvent event = events.deserialize(record.topic(), record.value());
          System.out.println(
              (child ? "    ↳ " + record.key().substring(threadId.length() + 1) + " " : "  ")
                  + format(event));
          if (child) {
            continue;
          }
          if (event.getPayload() instanceof SubagentCreated) {
            working++;
          } else if (event.getPayload() instanceof ChildStatusUpdated c
              && (c.getKind().equals("completed") || c.getKind().equals("failed"))) {
            working--;
          } else if (event.getPayload() instanceof TurnCompleted && working <= 0) {
            return;
          }
        }
      }
      System.out.println(
          "  (the demo did not settle within " + timeout.toSeconds() + " s; see .threadline/logs)");
    }
  }

  static String format(ThreadEvent e) {
    String where = String.format("#%-3d turn %d step %d  ", e.getSeq(), e.getTurn(), e.getStep());
    String detail =
        switch (e.getPayload()) {
          case TurnStarted t -> "TurnStarted (" + t.getTrigger() + ", lane " + t.getGroup() + ")";
          case MessageAppended m ->
              "MessageAppended " + m.getMessage().getRole() + ": " + describe(m);
          case ModelCallRequested r ->
              "ModelCallRequested "
                  + r.getProvider()
                  + (r.getModel() == null ? "" : "/" + r.getModel());
          case ModelCallCompleted c ->
              "ModelCallCompleted in "
                  + c.getDurationMs()
                  + " ms, "
                  + c.getUsage().getInputTokens()
                  + "+"
                  + c.getUsage().getOutputTokens()
                  + " tokens";
          case ToolCallRequested t ->
              "ToolCallRequested " + t.getToolName() + " " + t.getArgumentsJson();
          case ToolCallCompleted t ->
              "ToolCallCompleted "
                  + t.getToolName()
                  + " in "
                  + t.getDurationMs()
                  + " ms"
                  + (t.getError() == null ? "" : " error: " + t.getError());
          case TurnCompleted t ->
              "TurnCompleted (" + t.getReason() + ") after " + t.getSteps() + " steps";
          case ThreadStatusChanged s -> "ThreadStatusChanged " + s.getFrom() + " -> " + s.getTo();
          case SubagentCreated c ->
              "SubagentCreated " + c.getName() + " -> " + c.getChildThreadId();
          case ChildStatusUpdated c ->
              "ChildStatusUpdated "
                  + c.getChildThreadId()
                  + " "
                  + c.getKind()
                  + " "
                  + c.getStatus();
          default -> e.getPayload().getClass().getSimpleName();
        };
    return where + detail;
  }

  private static String describe(MessageAppended m) {
    var message = m.getMessage();
    if (message.getContent() != null && !message.getContent().isBlank()) {
      String text = message.getContent().replace('\n', ' ');
      return text.length() > 100 ? text.substring(0, 100) + "…" : text;
    }
    return message.getToolCalls().stream().map(c -> c.getName()).toList().toString();
  }
}
