package dev.threadline.executor.tools.builtin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ToolRequest;
import dev.threadline.config.Limits;
import dev.threadline.executor.Requests;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.ToolRunner;
import java.util.HashMap;
import org.junit.jupiter.api.Test;

/**
 * {@code record_creation}, run as the step processor calls a creation hook (a tool request for the
 * function, the hook's input as its arguments): it asks its thread to keep that input as its value
 * {@code creation}.
 */
class RecordCreationTest {
  @Test
  void aCreationHooksInputIsKeptAsTheThreadsCreationValue() {
    ToolRunner runner = new ToolRunner(new ToolRegistry(BuiltinHooks.all()), Limits.defaults());
    String input = "{\"threadId\":\"t-1\",\"agent\":\"clerk\",\"parentThreadId\":null}";
    ToolRequest call = Requests.tool("t-1", "record_creation", input, Requests.T0.plusSeconds(60));
    call.setCallId("after_thread_created");

    ToolRunner.Outcome outcome = runner.run(call, Requests.T0, new HashMap<>());

    assertThat(outcome.error()).isNull();
    assertThat(outcome.effects()).hasSize(1);
    assertThat(outcome.effects().getFirst().getKind()).isEqualTo("set_value");
    assertThat(outcome.effects().getFirst().getContent())
        .contains("\"key\":\"" + BuiltinHooks.CREATION + "\"")
        .contains("\"agent\":\"clerk\"");
  }
}
