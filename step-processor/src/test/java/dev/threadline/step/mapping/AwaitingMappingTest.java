package dev.threadline.step.mapping;

import static dev.threadline.step.mapping.MappingRoundTripTest.AT;
import static dev.threadline.step.mapping.MappingRoundTripTest.agent;
import static dev.threadline.step.mapping.MappingRoundTripTest.throughBytes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.store.CallKind;
import dev.threadline.avro.store.PendingCall;
import dev.threadline.step.core.Awaiting;
import dev.threadline.step.core.Awaiting.CompactionPhase;
import dev.threadline.step.core.Awaiting.ModelPhase;
import dev.threadline.step.core.ChildEntry;
import dev.threadline.step.core.ChildRegistry;
import dev.threadline.step.core.Enums.CallBatch;
import dev.threadline.step.core.Enums.ChildStatus;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Values.ToolCall;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every kind of wait, in each of its phases, through the state value's bytes and back; and the
 * fields of the shared {@code PendingCall} record that a kind does not have are written as their
 * defaults, so a value reads the same whichever version wrote it.
 */
class AwaitingMappingTest {
  private static final ToolCall CALL = new ToolCall("c1", "echo", "{\"n\":1}");
  private static final String CHILD = "t-1/researcher-1.1.0";

  static Stream<Awaiting> everyKindAndPhase() {
    var model =
        new Awaiting.Model("t-1/t1/s1/model", 2, AT, AT.plusSeconds(60), 1, ModelPhase.IN_FLIGHT);
    var compaction =
        new Awaiting.Compaction(
            "t-1/t1/s1/compact-manual-m4",
            3,
            AT,
            AT.plusSeconds(9),
            true,
            CompactionPhase.SUMMARIZING);
    var onAFallback =
        new Awaiting.Model(
            "t-1/t1/s1/model/f2", 1, AT, AT.plusSeconds(60), 0, ModelPhase.IN_FLIGHT, 2);
    return Stream.of(
        model,
        model.backingOff(AT.plusSeconds(5)),
        onAFallback,
        onAFallback.backingOff(AT.plusSeconds(1)),
        new Awaiting.Tool("t-1/t1/s1/c0", 2, AT, AT.plusSeconds(30), CALL, CallBatch.RUNTIME),
        new Awaiting.Tool("t-1/t1/s1/c1", 1, AT, null, CALL, CallBatch.MODEL),
        new Awaiting.Approval("t-1/t1/s1/c2", AT, null, CALL, CallBatch.MODEL),
        new Awaiting.Approval("t-1/t1/s1/c2", AT, AT.plusSeconds(600), CALL, CallBatch.RUNTIME),
        new Awaiting.Subprompt(
            "t-1/t1/s1/c3",
            2,
            AT,
            AT.plusSeconds(5),
            CALL,
            CallBatch.MODEL,
            1,
            Awaiting.ModelPhase.BACKING_OFF),
        new Awaiting.Subprompt(
            "t-1/t1/s1/c3/r1",
            3,
            AT,
            AT.plusSeconds(40),
            CALL,
            CallBatch.RUNTIME,
            1,
            Awaiting.ModelPhase.IN_FLIGHT),
        new Awaiting.Child("t-1/t1/s1/c0", AT, CALL, CallBatch.MODEL, CHILD, "scout"),
        compaction,
        compaction.buildingByRule(),
        new Awaiting.Hook(
            "t-1/hook-after_thread_created",
            2,
            AT,
            AT.plusSeconds(30),
            new ToolCall("after_thread_created", "greet", "{\"threadId\":\"t-1\"}")));
  }

  @ParameterizedTest
  @MethodSource("everyKindAndPhase")
  void everyKindOfWaitReadsBackAsItWasWritten(Awaiting awaiting) {
    MachineState state =
        MachineState.created("t-1", "acme", agent(), null, AT, 0)
            .with(
                b -> {
                  b.awaiting = awaiting;
                  b.children =
                      new ChildRegistry(
                          List.of(
                              new ChildEntry(
                                  CHILD,
                                  "scout",
                                  "researcher",
                                  false,
                                  ChildStatus.RUNNING,
                                  null,
                                  1,
                                  "t-1/t1/s1/c0")));
                });

    assertThat(StateMapping.toCore(throughBytes(StateMapping.toAvro(state)), agent(), List.of()))
        .isEqualTo(state);
  }

  @ParameterizedTest
  @MethodSource("everyKindAndPhase")
  void fieldsAKindDoesNotHaveAreWrittenAsTheirDefaults(Awaiting awaiting) {
    PendingCall p = AwaitingMapping.toAvro(awaiting);

    if (!(awaiting instanceof Awaiting.ForCall) && !(awaiting instanceof Awaiting.Hook)) {
      assertThat(p.getCall()).isNull();
      assertThat(p.getFromQueue()).isFalse();
    }
    if (!(awaiting instanceof Awaiting.Model) && !(awaiting instanceof Awaiting.Subprompt)) {
      assertThat(p.getRetries()).isZero();
    }
    if (awaiting instanceof Awaiting.Approval || awaiting instanceof Awaiting.Child) {
      assertThat(p.getAttempt()).isEqualTo(1);
    }
    assertThat(p.getManualCompaction())
        .isEqualTo(awaiting instanceof Awaiting.Compaction c && c.manual());
    assertThat(p.getWaitingForRetry())
        .isEqualTo(
            awaiting instanceof Awaiting.Model m && m.phase() == ModelPhase.BACKING_OFF
                || awaiting instanceof Awaiting.Subprompt sp && sp.phase() == ModelPhase.BACKING_OFF
                || awaiting instanceof Awaiting.Compaction c
                    && c.phase() == CompactionPhase.BUILDING_BY_RULE);
    assertThat(p.getKind())
        .isEqualTo(
            switch (awaiting) {
              case Awaiting.Model m -> CallKind.MODEL;
              case Awaiting.Tool t -> CallKind.TOOL;
              case Awaiting.Approval a -> CallKind.APPROVAL;
              case Awaiting.Subprompt s -> CallKind.SUBPROMPT;
              case Awaiting.Child c -> CallKind.SUBAGENT;
              case Awaiting.Compaction c -> CallKind.COMPACTION;
              case Awaiting.Hook h -> CallKind.HOOK;
            });
  }
}
