package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.AgentTool;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.Permission;
import dev.threadline.avro.QueueMessage;
import dev.threadline.avro.QueueTool;
import dev.threadline.avro.ToolCallCompleted;
import dev.threadline.step.core.StackDepth;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What one tenant sends cannot make the step processor write a record Kafka refuses: the
 * partition-stalling attack (a thread parked on an approval, then six messages of the largest
 * accepted size queued behind it) through the production topology, every written record measured.
 */
class HostileInputTest {
  private StepDriver d;

  @AfterEach
  void close() {
    d.close();
  }

  @Test
  void queuedMessagesOfTheLargestSizeKeepEveryRecordUnderTheRecordLimit() {
    d = new StepDriver();
    d.agent(askingAgent());
    d.command(Fixtures.create("c-1", "t-1", "asker"));
    d.command(Fixtures.message("c-2", "t-1", "deploy it"));
    ModelRequest request = d.nextModelRequest();
    d.answer(request, null, Fixtures.call("call-1", "deploy", "{}"));
    String huge = "x".repeat(262_144);

    for (int i = 0; i < 6; i++) {
      d.command(Fixtures.command("c-q" + i, "t-1", new QueueMessage(Fixtures.userMessage(huge))));
    }

    assertThat(RecordSizes.largest(d.driver))
        .as("the largest record the step processor wrote")
        .isLessThan(StepSettings.defaults().machine().limits().recordBytes());
  }

  @Test
  void aThousandQueuedStoreToolsAreAnsweredOneAfterAnotherOnASmallStack() throws Exception {
    d = new StepDriver();
    d.agent(Fixtures.agent("helper", 5));
    d.command(Fixtures.create("c-1", "t-2", "helper"));
    d.command(Fixtures.message("c-2", "t-2", "busy"));
    ModelRequest request = d.nextModelRequest();
    for (int i = 0; i < 1_000; i++) {
      d.command(
          Fixtures.command(
              "c-t" + i, "t-2", new QueueTool("get_value", "{\"key\":\"k" + i + "\"}")));
    }
    d.drainEvents();

    Throwable failure = StackDepth.onASmallStack(() -> d.answer(request, "done"));

    assertThat(failure).isNull();
    assertThat(d.drainEvents())
        .filteredOn(e -> e.getPayload() instanceof ToolCallCompleted)
        .hasSize(1_000);
  }

  static AgentDefinition askingAgent() {
    AgentDefinition agent = Fixtures.agent("asker", 5);
    List<AgentTool> tools = new ArrayList<>(agent.getTools());
    tools.add(new AgentTool("deploy", Permission.ASK, "Deploy; needs approval", null));
    agent.setTools(tools);
    return agent;
  }
}
