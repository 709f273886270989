package dev.threadline.projector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.Role;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ThreadStatus;
import dev.threadline.avro.store.RunSummary;
import dev.threadline.config.ModelProfiles;
import dev.threadline.serde.InMemorySchemaRegistryClient;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.util.Map;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Runs as the projector folds them from the events that name their commands. */
class RunsTopologyTest {
  private final SerdeFactory serdes =
      new SerdeFactory(Map.of(), new InMemorySchemaRegistryClient());
  private final Topics topics = new Topics(TopicsConfig.defaults(), serdes);
  private final Events t = new Events("t-1", "acme");
  private TopologyTestDriver driver;
  private TestInputTopic<String, ThreadEvent> events;

  @BeforeEach
  void start() throws Exception {
    driver = ProjectorTestDriver.start(topics, serdes, new LiveFeed(), new ModelProfiles(Map.of()));
    events = ProjectorTestDriver.events(driver, topics);
    pipe(t.created("helper", null));
  }

  @AfterEach
  void close() {
    driver.close();
  }

  @Test
  void aRunRunsFromItsInputToTheEndOfItsTurn() {
    pipe(t.turnStarted(), t.status(ThreadStatus.IDLE, ThreadStatus.RUNNING));
    long start = pipe(t.input("r-1", "hello"));
    assertThat(run("r-1").getStatus()).isEqualTo("running");

    pipe(t.message(Role.ASSISTANT, "hi"));
    long end = pipe(t.turnCompleted(1));

    RunSummary run = run("r-1");
    assertThat(run.getStatus()).isEqualTo("success");
    assertThat(run.getStartSeq()).isEqualTo(start);
    assertThat(run.getLastSeq()).isEqualTo(end);
    assertThat(run.getTurn()).isEqualTo(1);
    assertThat(openRuns().get("t-1")).isNull();
  }

  /** Every run handed out ends: a chore joined to a queued one ends with that one's turn. */
  @Test
  void aChoreJoinedToAQueuedOneRunsAndEndsWithIt() {
    pipe(t.turnStarted(), t.input("r-1", "first"), t.queued("r-2"));
    pipe(t.queued("r-3", "chore_coalesced", "r-2"));
    assertThat(run("r-3").getStatus()).isEqualTo("pending");
    assertThat(run("r-3").getTakenBy()).isEqualTo("r-2");

    pipe(t.message(Role.ASSISTANT, "first answer"), t.turnCompleted(1));
    pipe(t.turnStarted(), t.input("r-2", "second and third"));
    assertThat(run("r-3").getStatus()).isEqualTo("running");
    pipe(t.message(Role.ASSISTANT, "both answered"));
    long end = pipe(t.turnCompleted(1));

    assertThat(run("r-3").getStatus()).isEqualTo("success");
    assertThat(run("r-3").getLastSeq()).isEqualTo(end);
    assertThat(openRuns().get("t-1")).isNull();
  }

  /** A will replaced in the queue ends at once, naming the run that took its place. */
  @Test
  void aWillReplacedInTheQueueEndsNamingTheRunThatReplacedIt() {
    pipe(t.turnStarted(), t.input("r-1", "first"), t.queued("r-2"));
    pipe(t.queued("r-3", "will_replaced", "r-2"));

    RunSummary replaced = run("r-2");
    assertThat(replaced.getStatus()).isEqualTo("cancelled");
    assertThat(replaced.getTakenBy()).isEqualTo("r-3");
    assertThat(replaced.getReason()).contains("replaced", "r-3");
    assertThat(run("r-3").getStatus()).isEqualTo("pending");
  }

  /** A queued chore refused (its thread ended) takes the chores that joined it along. */
  @Test
  void theChoresJoinedToARefusedOneAreRefusedWithIt() {
    pipe(t.turnStarted(), t.input("r-1", "first"), t.queued("r-2"));
    pipe(t.queued("r-3", "chore_coalesced", "r-2"), t.rejected("r-2", "the thread ended"));

    assertThat(run("r-3").getStatus()).isEqualTo("error");
    assertThat(openRuns().get("t-1")).isEqualTo("[\"r-1\"]");
  }

  @Test
  void twoConcurrentMessagesEachEndWithTheirOwnTurn() {
    pipe(t.turnStarted(), t.input("r-1", "first"));
    long queued = pipe(t.queued("r-2"));
    assertThat(run("r-2").getStatus()).isEqualTo("pending");

    pipe(t.message(Role.ASSISTANT, "first answer"));
    long firstEnd = pipe(t.turnCompleted(1));
    assertThat(run("r-1").getLastSeq()).isEqualTo(firstEnd);
    assertThat(run("r-2").getStatus()).isEqualTo("pending");

    pipe(t.turnStarted(), t.input("r-2", "second"), t.message(Role.ASSISTANT, "second answer"));
    long secondEnd = pipe(t.turnCompleted(1));

    RunSummary second = run("r-2");
    assertThat(second.getStatus()).isEqualTo("success");
    assertThat(second.getQueuedSeq()).isEqualTo(queued);
    assertThat(second.getTurn()).isEqualTo(2);
    assertThat(second.getLastSeq()).isEqualTo(secondEnd);
  }

  @Test
  void aBranchsRunRunsFromTheBranchToTheEndOfItsTurnAndItsCopiesOpenNoRun() {
    pipe(t.turnStarted(), t.input("r-1", "hi"), t.message(Role.ASSISTANT, "hello"));
    pipe(t.turnCompleted(1), t.turnStarted());

    long start = pipe(t.next(new dev.threadline.avro.ThreadBranched(1L, 3L, 1, "r-regen")));
    pipe(t.messageAt(3, Role.USER, "hi"));
    assertThat(run("r-regen").getStatus()).isEqualTo("running");
    pipe(t.messageAt(4, Role.ASSISTANT, "hello again"));
    pipe(t.turnCompleted(1));

    RunSummary run = run("r-regen");
    assertThat(run.getStatus()).isEqualTo("success");
    assertThat(run.getStartSeq()).isEqualTo(start);
    assertThat(openRuns().get("t-1")).isNull();
  }

  @Test
  void aRunIsInterruptedWhileItsTurnAwaitsAnApprovalAndTheDecisionRunsOnToTheTurnsEnd() {
    pipe(t.turnStarted(), t.input("r-1", "deploy it"), t.approvalRequested("c1"));
    assertThat(run("r-1").getStatus()).isEqualTo("interrupted");

    long decided = pipe(t.approvalDecided("c1", "r-2"));
    assertThat(run("r-1").getStatus()).isEqualTo("running");
    assertThat(run("r-2").getStartSeq()).isEqualTo(decided);

    pipe(t.turnCompleted(1));
    assertThat(run("r-1").getStatus()).isEqualTo("success");
    assertThat(run("r-2").getStatus()).isEqualTo("success");
  }

  @Test
  void anAbortedTurnCancelsItsRunsAndAFailedOneErrsThem() {
    pipe(t.turnStarted(), t.input("r-1", "long job"), t.turnEnded("aborted"));
    pipe(t.turnStarted(), t.input("r-2", "again"), t.turnEnded("model_error_retries_exhausted"));

    assertThat(run("r-1").getStatus()).isEqualTo("cancelled");
    assertThat(run("r-2").getStatus()).isEqualTo("error");
    assertThat(run("r-2").getReason()).isEqualTo("model_error_retries_exhausted");
  }

  @Test
  void aRefusedCommandIsARunThatErredWithTheReason() {
    long refused = pipe(t.rejected("r-9", "thread is terminated"));

    RunSummary run = run("r-9");
    assertThat(run.getStatus()).isEqualTo("error");
    assertThat(run.getReason()).isEqualTo("thread is terminated");
    assertThat(run.getLastSeq()).isEqualTo(refused);
  }

  @Test
  void aQueuedRunRefusedWhenTheThreadEndsLeavesNoOpenRun() {
    pipe(t.turnStarted(), t.input("r-1", "first"), t.queued("r-2"));
    pipe(t.rejected("r-2", "thread terminated"), t.turnEnded("terminated"));

    assertThat(run("r-2").getStatus()).isEqualTo("error");
    assertThat(run("r-1").getStatus()).isEqualTo("cancelled");
    assertThat(openRuns().get("t-1")).isNull();
  }

  @Test
  void aDeletedThreadsRunsAreForgotten() {
    pipe(t.turnStarted(), t.input("r-1", "first"), t.queued("r-2"));

    pipe(t.next(new dev.threadline.avro.ThreadDeleted("asked")));

    assertThat(run("r-1")).isNull();
    assertThat(run("r-2")).isNull();
    assertThat(openRuns().get("t-1")).isNull();
  }

  /** A run deleted (LangGraph's runs.delete) is forgotten once it ended; a running one stays. */
  @Test
  void aDeletedRunThatEndedIsForgottenAndARunningOneIsKept() {
    pipe(t.turnStarted(), t.input("r-1", "first"), t.turnCompleted(1));
    pipe(t.turnStarted(), t.input("r-2", "second"));

    pipe(t.next(new dev.threadline.avro.RunDeleted("r-1", "c-d1")));
    pipe(t.next(new dev.threadline.avro.RunDeleted("r-2", "c-d2")));

    assertThat(run("r-1")).isNull();
    assertThat(run("r-2").getStatus()).isEqualTo("running");
    assertThat(openRuns().get("t-1")).contains("r-2");
  }

  private long pipe(ThreadEvent... batch) {
    for (ThreadEvent e : batch) {
      events.pipeInput(e.getThreadId(), e);
    }
    return t.lastSeq();
  }

  private RunSummary run(String runId) {
    KeyValueStore<String, RunSummary> runs = driver.getKeyValueStore(ProjectorStores.RUNS);
    return runs.get(ProjectorStores.valueKey("t-1", runId));
  }

  private KeyValueStore<String, String> openRuns() {
    return driver.getKeyValueStore(ProjectorStores.OPEN_RUNS);
  }
}
