package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ModelResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Through the production topology, the step processor tells its commit pacer what each result says
 * of its request ({@code readBeforeCommit}) and of which kind each request it sends is: a model
 * request is waited on (for an early commit) until a model result says the executor read its
 * request before the decision committed, and again once one says otherwise.
 */
class CommitPacingTopologyTest {
  private final StepDriver d = new StepDriver();

  @AfterEach
  void close() {
    d.close();
    // Other tests on this thread meet the pacer as a new processor would: knowing nothing.
    CommitPacer.ofThisStreamThread().answered(CommitPacer.MODEL, false);
  }

  @Test
  void modelRequestsAreNotWaitedOnOnceAnExecutorSaysItReadsThemBeforeTheirCommit() {
    // The driver runs the processor on this thread: the pacer is this thread's, and outlives the
    // driver, so each test names its own threads and first sets what the pacer knows.
    CommitPacer pacer = CommitPacer.ofThisStreamThread();
    answerFirstRequest("t-early-1", true);

    int before = pacer.waiting();
    d.startThread("t-next-1", "hello");
    d.nextRawModelRequest();

    assertThat(pacer.waiting()).as("the new model request is not waited on").isEqualTo(before);
  }

  @Test
  void modelRequestsAreWaitedOnAgainOnceAResultSaysItWasReadAfterItsCommit() {
    CommitPacer pacer = CommitPacer.ofThisStreamThread();
    answerFirstRequest("t-early-2", true);
    answerFirstRequest("t-committed-2", false);

    int before = pacer.waiting();
    d.startThread("t-next-2", "hello");
    d.nextRawModelRequest();

    assertThat(pacer.waiting()).as("the new model request is waited on").isEqualTo(before + 1);
  }

  /** Starts {@code threadId} and answers its first model request, ending its turn. */
  private void answerFirstRequest(String threadId, boolean readBeforeCommit) {
    d.startThread(threadId, "hello");
    ModelRequest request = d.nextRawModelRequest();
    ModelResult reply =
        Fixtures.reply(threadId, request.getRequestId(), request.getEpoch(), "done");
    reply.setReadBeforeCommit(readBeforeCommit);
    d.modelResults.pipeInput(threadId, reply);
  }
}
