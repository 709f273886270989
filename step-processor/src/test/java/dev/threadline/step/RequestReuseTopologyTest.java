package dev.threadline.step;

import static dev.threadline.step.Fixtures.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.Role;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.avro.TurnCompleted;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A step's model request carries what is new since the thread's previous one and reuses the rest
 * ({@code ModelRequest.reuse}), through the production topology: rebuilt whole it is the same; an
 * executor without the reused context gets it whole; with reuse off every request is whole.
 */
class RequestReuseTopologyTest {
  private final StepDriver d = new StepDriver();

  @AfterEach
  void close() {
    d.close();
  }

  @Test
  void aStepRequestCarriesOnlyWhatIsNewAndReusesTheRestOfThePreviousOne() {
    d.startThread("t-r", "hello");
    ModelRequest first = d.nextRawModelRequest();
    assertThat(first.getReuse()).isNull();
    d.answer(d.whole(first), null, call("c1", "echo", "{\"n\":1}"));
    d.answer(d.toolRequests.readValue(), "{\"n\":1}");

    ModelRequest second = d.nextRawModelRequest();

    // Sent: the prompt and working set (always rebuilt), then what is new; "hello" is reused.
    assertThat(second.getMessages())
        .extracting(m -> m.getRole())
        .containsExactly(Role.SYSTEM, Role.SYSTEM, Role.ASSISTANT, Role.TOOL);
    assertThat(second.getReuse().getBaseRequestId()).isEqualTo(first.getRequestId());
    assertThat(second.getReuse().getFrom()).isEqualTo(1);
    assertThat(second.getReuse().getCount()).isEqualTo(1);
    assertThat(second.getReuse().getAt()).isEqualTo(2);
    // Rebuilt: what the model sees, the same as a whole request would have carried.
    assertThat(d.whole(second).getMessages())
        .extracting(m -> m.getRole() + ": " + m.getContent())
        .containsExactly(
            "SYSTEM: You are a test agent for t-r.",
            "SYSTEM: Working set — tools used recently: echo",
            "USER: hello",
            "ASSISTANT: null",
            "TOOL: {\"n\":1}");
  }

  @Test
  void anExecutorWithoutTheReusedContextGetsTheSameRequestWholeAndTheTurnGoesOn() {
    d.startThread("t-m", "hello");
    ModelRequest first = d.nextRawModelRequest();
    d.answer(d.whole(first), null, call("c1", "echo", "{}"));
    d.answer(d.toolRequests.readValue(), "{}");
    ModelRequest second = d.nextRawModelRequest();
    assertThat(second.getReuse()).isNotNull();
    d.drainEvents();

    // An executor that restarted holds no context: it says so instead of answering.
    d.modelResults.pipeInput(
        "t-m",
        new dev.threadline.avro.ModelResult(
            second.getRequestId(),
            "t-m",
            second.getEpoch(),
            java.time.Instant.now(),
            new dev.threadline.avro.ModelError(
                dev.threadline.topics.ContextDigest.MISSING, "no context held", true, null),
            new java.util.ArrayList<>(),
            false));

    ModelRequest again = d.nextRawModelRequest();
    assertThat(again.getRequestId()).isEqualTo(second.getRequestId());
    assertThat(again.getAttempt()).isEqualTo(second.getAttempt());
    assertThat(again.getTurnCall()).isEqualTo(second.getTurnCall());
    assertThat(again.getReuse()).isNull();
    assertThat(again.getMessages()).hasSize(5);
    assertThat(d.modelRequests.get(ThreadGroup.TASK).isEmpty()).isTrue();
    // Not a model failure: no error, retry or re-issue on the event log, no step counted.
    assertThat(d.drainEvents()).isEmpty();

    d.answer(again, "done");
    assertThat(d.drainEvents())
        .filteredOn(e -> e.getPayload() instanceof TurnCompleted)
        .singleElement()
        .satisfies(e -> assertThat(((TurnCompleted) e.getPayload()).getSteps()).isEqualTo(2));
  }

  @Test
  void withReuseOffEveryRequestCarriesItsWholeContext() {
    try (StepDriver off =
        new StepDriver(
            StepSettings.from(java.util.Map.of("threadline.step.request.reuse.bytes", "0")))) {
      off.agent(Fixtures.agent("helper", 20));
      off.command(Fixtures.create("c-1", "t-o", "helper"));
      off.command(Fixtures.message("c-2", "t-o", "hello"));
      off.answer(off.nextRawModelRequest(), null, call("c1", "echo", "{}"));
      off.answer(off.toolRequests.readValue(), "{}");

      ModelRequest second = off.nextRawModelRequest();

      assertThat(second.getReuse()).isNull();
      assertThat(second.getMessages()).hasSize(5);
    }
  }
}
