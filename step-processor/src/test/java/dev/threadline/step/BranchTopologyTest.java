package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.Branch;
import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.CommandRejected;
import dev.threadline.avro.MessageAppended;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ThreadBranched;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.UserMessage;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A Branch command through the real topology: the shell reads the messages up to the branch point
 * from the thread-messages store, the copies are logged as the new window's first messages, and the
 * next model request — rebuilt as an executor does, after requests that reused the old window —
 * carries the branch and nothing after its point.
 */
class BranchTopologyTest {
  private final StepDriver d = new StepDriver();

  @AfterEach
  void close() {
    d.close();
  }

  /** The request's messages after its system prompt. */
  private static List<String> texts(ModelRequest r) {
    return r.getMessages().stream().skip(1).map(ChatMessage::getContent).toList();
  }

  private void givenTwoTurns() {
    d.startThread("t-b", "hi");
    d.answer(d.nextModelRequest(), "hello");
    d.command(Fixtures.message("c-2", "t-b", "and now?"));
    d.answer(d.nextModelRequest(), "this");
    d.drainEvents();
  }

  private void branch(String commandId, long at, String message) {
    UserMessage edited = message == null ? null : Fixtures.userMessage(message);
    d.command(Fixtures.command(commandId, "t-b", new Branch(at, edited)));
  }

  @Test
  void regeneratingAsksTheModelWithTheMessagesUpToTheBranchPointOnly() {
    givenTwoTurns();

    branch("c-regen", 3, null);

    List<ThreadEvent> events = d.drainEvents();
    ThreadBranched branched =
        events.stream()
            .map(ThreadEvent::getPayload)
            .filter(ThreadBranched.class::isInstance)
            .map(ThreadBranched.class::cast)
            .findFirst()
            .orElseThrow(() -> new AssertionError("no ThreadBranched in " + events));
    assertThat(branched.getFirstMessageSeq()).isEqualTo(5);
    assertThat(branched.getCopied()).isEqualTo(3);
    assertThat(branched.getCommandId()).isEqualTo("c-regen");
    assertThat(
            events.stream()
                .map(ThreadEvent::getPayload)
                .filter(MessageAppended.class::isInstance)
                .map(p -> ((MessageAppended) p).getMessageSeq()))
        .containsExactly(5L, 6L, 7L);
    ModelRequest again = d.nextModelRequest();
    assertThat(texts(again)).containsExactly("hi", "hello", "and now?");
  }

  @Test
  void anEditedMessageIsSentInsteadOfTheOneItReplaces() {
    givenTwoTurns();

    branch("c-edit", 2, "and then?");
    d.answer(d.nextModelRequest(), "then this");
    d.command(Fixtures.message("c-3", "t-b", "ok"));

    assertThat(texts(d.nextModelRequest()))
        .containsExactly("hi", "hello", "and then?", "then this", "ok");
  }

  @Test
  void aBranchWhileATurnRunsIsRefusedAndTheTurnGoesOn() {
    givenTwoTurns();
    d.command(Fixtures.message("c-3", "t-b", "more"));
    ModelRequest running = d.nextModelRequest();
    d.drainEvents();

    branch("c-regen", 2, null);

    assertThat(d.onlyPayload(CommandRejected.class).getReason()).contains("running a turn");
    d.answer(running, "done");
    assertThat(d.drainEvents()).isNotEmpty();
  }
}
