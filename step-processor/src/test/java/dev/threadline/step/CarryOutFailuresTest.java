package dev.threadline.step;

import static dev.threadline.step.Fixtures.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.CommandRejected;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.TurnCompleted;
import dev.threadline.step.core.Event;
import dev.threadline.step.core.Input;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Transition;
import dev.threadline.testkit.ScratchDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.kafka.streams.errors.TaskMigratedException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An input whose decision cannot be carried out fails whole: nothing of it is written, it is parked
 * in the dead letters with the reason, an event outside the thread's log says so, and the partition
 * goes on with the next input.
 */
class CarryOutFailuresTest {
  private StepDriver d;

  @AfterEach
  void close() {
    d.close();
  }

  @Test
  void anInputThatWouldWriteARecordOverTheLimitFailsWholeAndThePartitionGoesOn() {
    // The budgets keep every record under the limit; a decision that broke them anyway (a bug)
    // must still never reach Kafka: here one more event, of 2 MB, slipped into a transition.
    d =
        new StepDriver(
            StepSettings.defaults(),
            decider ->
                (state, input, tenant) -> {
                  Transition t = decider.decide(state, input, tenant);
                  if (!(input instanceof Input.SendMessage m
                      && m.message().text().equals("bloat"))) {
                    return t;
                  }
                  List<Output> outputs = new ArrayList<>(t.outputs());
                  outputs.add(
                      new Output.Emit(
                          new Event(
                              0,
                              0,
                              0,
                              0,
                              input.at(),
                              new Event.CommandRejected("x", "bloat", "b".repeat(2_000_000)))));
                  return new Transition(t.state(), outputs);
                });
    d.agent(Fixtures.agent("helper", 5));
    d.command(Fixtures.create("c-1", "t-big", "helper"));
    d.drainEvents();

    d.command(Fixtures.message("c-2", "t-big", "bloat"));

    ThreadEvent refusal = d.drainEvents().getFirst();
    assertThat(refusal.getSeq()).isZero();
    assertThat(((CommandRejected) refusal.getPayload()).getReason())
        .contains("the threadline.thread-events record this input would write is")
        .contains("the limit is 1000000 (threadline.limits.record.bytes)");
    assertThat(d.modelRequests.get(dev.threadline.avro.ThreadGroup.TASK).isEmpty()).isTrue();
    assertThat(d.drainDeadLetters()).hasSize(1);
    assertThat(d.stateStore().get("t-big").getNextMessageSeq()).isEqualTo(1);

    d.command(Fixtures.message("c-3", "t-big", "hello"));
    assertThat(d.nextModelRequest().getThreadId()).isEqualTo("t-big");
  }

  /**
   * A model's answer that cannot be carried out is parked, and the thread hears it as a failed
   * model call naming why: it does not wait for good for an answer the executor already gave.
   */
  @Test
  void anAnswerThatCannotBeCarriedOutFailsTheTurnVisiblyInsteadOfStrandingIt() throws Exception {
    Path blobs = ScratchDirs.create("blobs-");
    d = new StepDriver(StepSettings.from(Map.of("threadline.blobs.dir", blobs.toString())));
    d.agent(Fixtures.agent("researcher", 5));
    AgentDefinition boss =
        Fixtures.withSubagent(Fixtures.agent("boss", 5), "research", "researcher");
    boss.getSubagents().getFirst().setInitAttachmentsProperty("attachments");
    d.agent(boss);
    d.command(Fixtures.create("c-1", "p-1", "boss"));
    d.command(Fixtures.message("c-2", "p-1", "look into it"));
    ModelRequest parent = d.nextModelRequest();
    Path file = folder(blobs, "p-1").resolve("notes.md");
    Files.createDirectories(file.getParent());
    Files.writeString(file, "notes");
    // Where the child's folder must go, a file: no copy into it can succeed.
    Files.createDirectories(folder(blobs, "p-1/research-1.1.0").getParent());
    Files.writeString(folder(blobs, "p-1/research-1.1.0"), "in the way");
    d.drainEvents();

    d.answer(
        parent,
        null,
        call("c1", "research", "{\"message\":\"read this\",\"attachments\":[\"notes.md\"]}"));

    List<ThreadEvent> events = d.drainEvents();
    assertThat(events.getFirst().getSeq()).isZero();
    assertThat(((CommandRejected) events.getFirst().getPayload()).getReason())
        .startsWith("could not copy attachment 'notes.md' from thread p-1 to p-1/research-1.1.0")
        .doesNotContain(blobs.toString());
    assertThat(d.drainDeadLetters()).hasSize(1);
    assertThat(events)
        .map(ThreadEvent::getPayload)
        .anySatisfy(
            p ->
                assertThat(p)
                    .isInstanceOfSatisfying(
                        TurnCompleted.class,
                        turn -> assertThat(turn.getReason()).isEqualTo("model_error")));
    assertThat(events.toString()).contains("the runtime could not carry out this answer");
    assertThat(d.stateStore().get("p-1").getPending()).isNull();

    d.command(Fixtures.message("c-3", "p-1", "are you there?"));
    assertThat(d.nextModelRequest().getThreadId()).isEqualTo("p-1");
  }

  /**
   * An instance that loses its task while deciding is not the input's fault: nothing is parked or
   * reported, and Streams hears it, aborts the open transaction and has the input decided again.
   */
  @Test
  void aTaskLostWhileDecidingIsThrownNotDeadLettered() {
    d =
        new StepDriver(
            StepSettings.defaults(),
            decider ->
                (state, input, tenant) -> {
                  if (input instanceof Input.SendMessage m && m.message().text().equals("die")) {
                    throw new TaskMigratedException("the task moved to another instance");
                  }
                  return decider.decide(state, input, tenant);
                });
    d.agent(Fixtures.agent("helper", 5));
    d.command(Fixtures.create("c-1", "t-lost", "helper"));
    d.drainEvents();

    Throwable thrown = catchThrowable(() -> d.command(Fixtures.message("c-2", "t-lost", "die")));

    assertThat(Stream.iterate(thrown, java.util.Objects::nonNull, Throwable::getCause))
        .hasAtLeastOneElementOfType(TaskMigratedException.class);
    assertThat(d.drainDeadLetters()).isEmpty();
  }

  private static Path folder(Path root, String threadId) {
    return new dev.threadline.files.FolderThreadFiles(root).folder(Fixtures.TENANT, threadId);
  }
}
