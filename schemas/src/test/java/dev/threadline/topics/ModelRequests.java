package dev.threadline.topics;

import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ModelSpec;
import dev.threadline.avro.ThreadGroup;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Step requests of agent {@code helper} of tenant {@code acme}, for the contexts' tests. */
final class ModelRequests {
  private ModelRequests() {}

  /** Request {@code id} of {@code thread}'s first step, carrying {@code messages} whole. */
  static ModelRequest step(String thread, String id, List<ChatMessage> messages) {
    return ModelRequest.newBuilder()
        .setRequestId(id)
        .setThreadId(thread)
        .setTenantId("acme")
        .setAgentName("helper")
        .setEpoch(0)
        .setTurn(1)
        .setStep(1)
        .setGroup(ThreadGroup.TASK)
        .setModel(new ModelSpec("scripted", null, "{}"))
        .setMessages(new ArrayList<>(messages))
        .setIssuedAt(Instant.EPOCH)
        .setDeadline(Instant.EPOCH)
        .build();
  }
}
