package dev.threadline.step.core;

import static dev.threadline.step.core.Scenario.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Event.CustomEvent;
import dev.threadline.step.core.Event.EffectCancelled;
import dev.threadline.step.core.Event.EffectScheduled;
import dev.threadline.step.core.Event.ValueChanged;
import dev.threadline.step.core.Values.ToolEffect;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ThreadState writes: what a tool asks of its thread arrives with its result and is applied with
 * it, in the order the tool made them — or, if one of them is invalid, none is and the result is an
 * error naming it.
 */
class ToolWritesTest {
  private final Scenario scenario = new Scenario();

  private Input.ToolResultReceived okWith(ToolEffect... effects) {
    return scenario.toolOk("{}", effects);
  }

  private void givenAToolRunning() {
    scenario.givenCalling(call("c1", "echo", "{}"));
  }

  @Test
  void aValueQueuedMessageAndScheduledEffectApplyWithTheResultInOrder() {
    givenAToolRunning();

    scenario.when(
        okWith(
            new ToolEffect("set_value", "{\"key\":\"k\",\"value\":{\"a\":1}}"),
            new ToolEffect("queue_message", "{\"text\":\"follow up\"}"),
            new ToolEffect(
                "schedule_effect",
                "{\"effectId\":\"fx-1\",\"delaySeconds\":60,\"text\":\"ping\"}")));

    assertThat(scenario.outputs(Output.WriteValue.class))
        .containsExactly(new Output.WriteValue("k", "{\"a\":1}"));
    assertThat(scenario.events(ValueChanged.class))
        .containsExactly(new ValueChanged("k", "{\"a\":1}"));
    // Queued work joins the context before the step's next model call (spec §3).
    assertThat(scenario.events(Event.MessageAppended.class))
        .extracting(m -> m.message().content())
        .containsSubsequence("{}", "follow up");
    assertThat(scenario.events(EffectScheduled.class))
        .singleElement()
        .satisfies(e -> assertThat(e.effectId()).isEqualTo("fx-1"));
    List<Class<?>> order =
        scenario.events().stream()
            .filter(
                e ->
                    e instanceof ValueChanged
                        || e instanceof Event.MessageQueued
                        || e instanceof EffectScheduled
                        || e instanceof Event.ToolCallCompleted)
            .<Class<?>>map(Object::getClass)
            .toList();
    assertThat(order)
        .containsExactly(
            ValueChanged.class,
            Event.MessageQueued.class,
            EffectScheduled.class,
            Event.ToolCallCompleted.class);
  }

  @Test
  void updateMessageChangesAStoredMessagesTextAndTheWindowCountsItAgain() {
    givenAToolRunning();
    long bytesBefore = scenario.state.contextBytes();

    scenario.when(okWith(new ToolEffect("update_message", "{\"seq\":1,\"content\":\"edited\"}")));

    assertThat(scenario.outputs(Output.UpdateMessage.class))
        .containsExactly(new Output.UpdateMessage(1, "edited"));
    assertThat(scenario.event(Event.MessageUpdated.class))
        .isEqualTo(new Event.MessageUpdated(1, "edited"));
    assertThat(scenario.state.contextBytes()).isGreaterThan(bytesBefore + "edited".length());
  }

  @Test
  void anUpdateOverTheMessageLimitIsRefusedNamingIt() {
    givenAToolRunning();
    String huge = "x".repeat(scenario.machine.config().limits().messageBytes() + 1);

    scenario.when(
        okWith(new ToolEffect("update_message", "{\"seq\":1,\"content\":\"" + huge + "\"}")));

    assertThat(scenario.outputs(Output.UpdateMessage.class)).isEmpty();
    assertThat(scenario.toolResult().content()).contains("message.bytes");
  }

  @Test
  void anUpdateOfAMessageTheThreadDoesNotHaveAppliesNoneOfTheCallsWrites() {
    givenAToolRunning();
    long next = scenario.state.nextMessageSeq();

    scenario.when(
        okWith(
            new ToolEffect("set_value", "{\"key\":\"k\",\"value\":1}"),
            new ToolEffect("update_message", "{\"seq\":" + next + ",\"content\":\"edited\"}")));

    assertThat(scenario.outputs(Output.UpdateMessage.class)).isEmpty();
    assertThat(scenario.outputs(Output.WriteValue.class)).isEmpty();
    assertThat(scenario.toolResult().content())
        .contains("write 2 (update_message)")
        .contains("the thread has messages 1 to " + (next - 1));
  }

  @Test
  void anInjectedMessageGoesAheadOfAQueuedTool() {
    givenAToolRunning();

    scenario.when(
        okWith(
            new ToolEffect("queue_tool", "{\"name\":\"echo\",\"arguments\":{\"n\":1}}"),
            new ToolEffect("inject_message", "{\"text\":\"steer now\"}")));

    // Drained before the next model call: the steering message first, then the queued tool runs.
    assertThat(scenario.events(Event.MessageAppended.class))
        .extracting(m -> m.message().content())
        .contains("steer now");
    assertThat(((Awaiting.Tool) scenario.state.awaiting()).call().name()).isEqualTo("echo");
    assertThat(((Awaiting.Tool) scenario.state.awaiting()).call().argumentsJson())
        .isEqualTo("{\"n\":1}");
  }

  @Test
  void anEmittedEventIsOnTheThreadsLog() {
    givenAToolRunning();

    scenario.when(okWith(new ToolEffect("emit", "{\"name\":\"progress\",\"data\":{\"pct\":40}}")));

    assertThat(scenario.events(CustomEvent.class))
        .containsExactly(new CustomEvent("progress", "{\"pct\":40}"));
  }

  @Test
  void aScheduledEffectTheThreadHoldsCanBeRemoved() {
    givenAToolRunning();

    scenario.when(
        okWith(
            new ToolEffect(
                "remove_scheduled_effect", "{\"effectId\":\"fx-9\"}", List.of(), 0, true)));

    assertThat(scenario.events(EffectCancelled.class)).containsExactly(new EffectCancelled("fx-9"));
  }

  @Test
  void oneInvalidWriteMeansNoneIsAppliedAndTheResultIsAnErrorNamingIt() {
    givenAToolRunning();

    scenario.when(
        okWith(
            new ToolEffect("set_value", "{\"key\":\"k\",\"value\":1}"),
            new ToolEffect("queue_message", "{\"text\":\"\"}"),
            new ToolEffect("teleport", "{}")));

    assertThat(scenario.outputs(Output.WriteValue.class)).isEmpty();
    assertThat(scenario.state.queue()).isEmpty();
    assertThat(scenario.toolResults().getLast().isError()).isTrue();
    assertThat(scenario.toolResults().getLast().content())
        .contains("write 2 (queue_message)")
        .contains("none of this call's writes were applied");
  }

  @Test
  void unknownKindsRemovalsOfEffectsNotHeldAndTooManyTimersAreRefused() {
    givenAToolRunning();
    scenario.when(okWith(new ToolEffect("teleport", "{}")));
    assertThat(scenario.toolResults().getLast().content()).contains("unknown write 'teleport'");

    givenAToolRunning();
    scenario.when(okWith(new ToolEffect("remove_scheduled_effect", "{\"effectId\":\"nope\"}")));
    assertThat(scenario.toolResults().getLast().content()).contains("no scheduled effect 'nope'");

    givenAToolRunning();
    int most = MachineConfig.defaults().limits().timersPerThread();
    scenario.when(
        okWith(
            new ToolEffect(
                "schedule_effect",
                "{\"effectId\":\"fx-2\",\"delaySeconds\":5,\"message\":\"m\"}",
                List.of(),
                most,
                false)));
    assertThat(scenario.toolResults().getLast().content()).contains("timers.per.thread");
  }

  @Test
  void aFailedToolsWritesAreNotApplied() {
    givenAToolRunning();

    scenario.when(
        new Input.ToolResultReceived(
            Scenario.PENDING,
            Scenario.CURRENT_EPOCH,
            scenario.tick(),
            null,
            "tool_failed: boom",
            5,
            List.of(new ToolEffect("set_value", "{\"key\":\"k\",\"value\":1}")),
            List.of()));

    assertThat(scenario.outputs(Output.WriteValue.class)).isEmpty();
  }

  @Test
  void aResultDeliveredTwiceAppliesItsWritesOnce() {
    givenAToolRunning();
    Input.ToolResultReceived result =
        new Input.ToolResultReceived(
            scenario.pendingId(),
            scenario.state.epoch(),
            scenario.tick(),
            "{}",
            null,
            5,
            List.of(
                new ToolEffect("set_value", "{\"key\":\"k\",\"value\":1}"),
                new ToolEffect("queue_message", "{\"text\":\"once\"}")),
            List.of());

    scenario.when(result);
    scenario.when(result); // a redelivery after a crash before the offsets were committed

    assertThat(scenario.outputs(Output.WriteValue.class)).isEmpty();
    assertThat(scenario.events(ValueChanged.class)).isEmpty();
    assertThat(
            scenario.allEvents().stream()
                .filter(
                    e ->
                        e.payload() instanceof Event.MessageAppended m
                            && m.message().content().equals("once"))
                .count())
        .isEqualTo(1);
  }

  @Test
  void aToolSetsAnEnvVariableAndPlacesAFileItStaged() {
    givenAToolRunning();

    scenario.when(
        okWith(
            new ToolEffect("set_env", "{\"name\":\"CITY\",\"value\":\"Porto\"}"),
            new ToolEffect(
                "write_file", "{\"path\":\"/attachments/report.md\",\"staged\":\"r-1\"}")));

    assertThat(scenario.state.env()).containsEntry("CITY", new Env.Value("Porto", false));
    assertThat(scenario.outputs(Output.PlaceFile.class))
        .containsExactly(new Output.PlaceFile("r-1", "/attachments/report.md"));
  }

  /**
   * A result shows files it placed (an MCP tool's images): they go with its tool message, where a
   * model that sees images is shown them. A file its writes did not place is not shown.
   */
  @Test
  void aResultShowsOnItsMessageTheFilesItsWritesPlaced() {
    givenAToolRunning();
    Values.Attachment image =
        new Values.Attachment("/attachments/chart.png", "image/png", null, 68L);
    Values.Attachment elsewhere =
        new Values.Attachment("/attachments/secret.png", "image/png", null, 9L);

    scenario.when(
        showing(
            List.of(image, elsewhere),
            new ToolEffect(
                "write_file", "{\"path\":\"/attachments/chart.png\",\"staged\":\"s\"}")));

    assertThat(scenario.toolResults().getLast().attachments()).containsExactly(image);
    assertThat(scenario.outputs(Output.PlaceFile.class))
        .containsExactly(new Output.PlaceFile("s", "/attachments/chart.png"));
  }

  @Test
  void aResultWhoseWritesAreRefusedShowsNothing() {
    givenAToolRunning();
    Values.Attachment image = new Values.Attachment("/notes/chart.png", "image/png", null, 68L);

    scenario.when(
        showing(
            List.of(image),
            new ToolEffect("write_file", "{\"path\":\"/notes/chart.png\",\"staged\":\"s\"}")));

    Values.Message message = scenario.toolResults().getLast();
    assertThat(message.isError()).isTrue();
    assertThat(message.attachments()).isEmpty();
  }

  private Input.ToolResultReceived showing(List<Values.Attachment> shown, ToolEffect... effects) {
    Input.ToolResultReceived r = okWith(effects);
    return new Input.ToolResultReceived(
        r.requestId(),
        r.epoch(),
        r.at(),
        "[image]",
        null,
        r.durationMs(),
        r.effects(),
        r.hookFailures(),
        shown);
  }

  /** A tool writes where an upload may: under /attachments/, each part of the path a name. */
  @Test
  void aToolWritesAFileOnlyWhereAnUploadMay() {
    for (String path : new String[] {"/notes/x.md", "/attachments/a\\\\b.md", "/attachments/"}) {
      givenAToolRunning();
      scenario.when(
          okWith(new ToolEffect("write_file", "{\"path\":\"" + path + "\",\"staged\":\"r\"}")));
      assertThat(scenario.toolResults().getLast().content()).contains("write 1 (write_file)");
      assertThat(scenario.outputs(Output.PlaceFile.class)).isEmpty();
    }
  }

  @Test
  void aFileOutsideTheThreadOrAnUnsealedSecretIsRefused() {
    givenAToolRunning();
    scenario.when(
        okWith(new ToolEffect("write_file", "{\"path\":\"/../other/x\",\"staged\":\"r\"}")));
    assertThat(scenario.toolResults().getLast().content()).contains("write 1 (write_file)");

    givenAToolRunning();
    scenario.when(
        okWith(
            new ToolEffect("set_env", "{\"name\":\"TOKEN\",\"value\":\"plain\",\"secret\":true}")));
    assertThat(scenario.toolResults().getLast().content()).contains("not sealed");
  }
}
