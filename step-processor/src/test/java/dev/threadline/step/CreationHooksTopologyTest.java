package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.ToolEffect;
import dev.threadline.avro.ToolRequest;
import dev.threadline.avro.ValueChanged;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An agent's {@code after_thread_created} through the real topology: its call is a tool request for
 * the function (carrying no hooks of its own), the thread waits for it across records — the wait
 * kept in the state store — with the messages that arrive meanwhile queued, and its result's writes
 * land before the first model call.
 */
class CreationHooksTopologyTest {
  private final StepDriver d = new StepDriver();

  @AfterEach
  void close() {
    d.close();
  }

  @Test
  void theFirstTurnWaitsForAfterThreadCreatedAndItsWritesLandFirst() {
    d.agent(
        AgentDefinition.newBuilder(Fixtures.agent("greeter", 10))
            .setHooks(
                Map.of(
                    "after_thread_created",
                    "record_creation",
                    "before_store_tool_result",
                    "redact_emails"))
            .build());
    d.command(Fixtures.create("c-1", "t-h", "greeter"));
    d.command(Fixtures.message("c-2", "t-h", "hello"));

    ToolRequest hook = d.toolRequests.readValue();
    assertThat(hook.getToolName()).isEqualTo("record_creation");
    assertThat(hook.getCallId()).isEqualTo("after_thread_created");
    assertThat(hook.getHooks()).isEmpty();
    assertThat(hook.getArgumentsJson()).contains("\"agent\":\"greeter\"");
    assertThat(d.modelRequests.get(dev.threadline.avro.ThreadGroup.TASK).isEmpty()).isTrue();
    d.drainEvents();

    d.answer(
        hook,
        "{}",
        List.of(
            new ToolEffect(
                "set_value", "{\"key\":\"creation\",\"value\":{\"by\":\"hook\"}}", List.of())));

    assertThat(d.onlyPayload(ValueChanged.class).getKey()).isEqualTo("creation");
    assertThat(d.nextModelRequest().getMessages().getLast().getContent()).isEqualTo("hello");
  }
}
