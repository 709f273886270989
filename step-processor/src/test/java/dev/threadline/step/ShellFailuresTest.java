package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.CommandRejected;
import dev.threadline.avro.QueueMessage;
import dev.threadline.avro.ScheduleEffect;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.step.core.Input;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The shell around the machine, through the real topology: whose log a refusal goes to, and what
 * happens to an input whose decision fails — it is parked and said, never dropped.
 */
class ShellFailuresTest {
  private StepDriver d;

  @AfterEach
  void close() {
    d.close();
  }

  @Test
  void aCommandOnAnotherTenantsThreadIsRefusedUnderTheCallersTenant() {
    d = new StepDriver();
    d.agent(Fixtures.agent("helper", 5));
    d.command(Fixtures.create("c-1", "t-1", "helper"));
    d.drainEvents();
    ThreadCommand foreign = Fixtures.message("c-2", "t-1", "let me in");
    foreign.setTenantId("mallory");

    d.command(foreign);

    ThreadEvent event = d.onlyEvent();
    assertThat(event.getSeq()).isZero();
    assertThat(event.getTenantId()).isEqualTo("mallory");
    assertThat(event.getPayload()).isInstanceOf(CommandRejected.class);
  }

  @Test
  void aFiredEffectWhoseDecisionFailsIsDeadLetteredWithAnEventAndFiresOnce() {
    d =
        StepDriver.failingOn(
            input -> input instanceof Input.EffectFired,
            () -> {
              throw new IllegalStateException("injected: the decision of a fired effect");
            });
    d.agent(Fixtures.agent("helper", 5));
    d.command(Fixtures.create("c-1", "t-fx", "helper"));
    var action = new QueueMessage(Fixtures.userMessage("it is time"));
    d.command(
        Fixtures.command(
            "c-2", "t-fx", new ScheduleEffect("fx-1", Fixtures.T0.plusSeconds(5), action, null)));
    d.drainEvents();

    d.advance(Duration.ofSeconds(10));

    List<ThreadEvent> events = d.drainEvents();
    assertThat(events)
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.getSeq()).isZero();
              assertThat(e.getTenantId()).isEqualTo(Fixtures.TENANT);
              CommandRejected r = (CommandRejected) e.getPayload();
              assertThat(r.getCommandId()).isEqualTo("fx-1");
              assertThat(r.getCommandType()).isEqualTo("EffectFired");
              assertThat(r.getReason()).contains("injected");
            });
    var parked = d.drainDeadLetters();
    assertThat(parked).hasSize(1);
    assertThat(new String(parked.getFirst().value(), StandardCharsets.UTF_8))
        .contains("fx-1")
        .contains("it is time");

    d.advance(Duration.ofSeconds(10));
    assertThat(d.drainDeadLetters()).isEmpty();
  }

  @Test
  void aStackOverflowInADecisionIsDeadLetteredWithAnEventAndTheThreadGoesOn() {
    d =
        StepDriver.failingOn(
            input -> input instanceof Input.SendMessage m && m.message().text().equals("overflow"),
            () -> {
              throw new StackOverflowError("injected");
            });
    d.agent(Fixtures.agent("helper", 5));
    d.command(Fixtures.create("c-1", "t-so", "helper"));
    d.drainEvents();

    d.command(Fixtures.message("c-2", "t-so", "overflow"));

    ThreadEvent event = d.onlyEvent();
    assertThat(event.getSeq()).isZero();
    CommandRejected r = (CommandRejected) event.getPayload();
    assertThat(r.getCommandId()).isEqualTo("c-2");
    assertThat(r.getReason()).contains("StackOverflowError");
    assertThat(d.drainDeadLetters()).hasSize(1);
    d.command(Fixtures.message("c-3", "t-so", "hello"));
    assertThat(d.nextModelRequest().getThreadId()).isEqualTo("t-so");
  }
}
