package dev.threadline.projector;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.avro.ApprovalDecided;
import dev.threadline.avro.ApprovalRequested;
import dev.threadline.avro.CommandRejected;
import dev.threadline.avro.MessageAppended;
import dev.threadline.avro.MessageQueued;
import dev.threadline.avro.ThreadBranched;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.TurnCompleted;
import dev.threadline.avro.store.RunSummary;
import dev.threadline.projector.view.Runs;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Folds a thread's events into its runs: a run is the handling of one command's input, named by the
 * command's id, which the events it causes carry. It waits while its input is queued ({@code
 * MessageQueued}), runs from the moment its turn takes the input ({@code MessageAppended}, {@code
 * ThreadBranched} for a branch, or {@code ApprovalDecided} for a decision that resumes a turn), is
 * interrupted while its turn waits for an approval, and ends with its turn ({@code TurnCompleted})
 * or its refusal ({@code CommandRejected}); an ended run is forgotten when deleted ({@code
 * RunDeleted}). Runs not yet ended are listed per thread, so a turn's end finds its runs without
 * reading the thread's history.
 */
final class RunFold {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final TypeReference<List<String>> IDS = new TypeReference<>() {};
  private final KeyValueStore<String, RunSummary> runs;
  private final KeyValueStore<String, String> openRuns;

  RunFold(KeyValueStore<String, RunSummary> runs, KeyValueStore<String, String> openRuns) {
    this.runs = runs;
    this.openRuns = openRuns;
  }

  void apply(ThreadEvent e) {
    switch (e.getPayload()) {
      // A chore joined to one already queued is answered in that one's run: its own follows it.
      case MessageQueued q when q.getCommandId() != null && q.getKind().equals("chore_coalesced") ->
          follow(e, q.getCommandId(), q.getJoined());
      case MessageQueued q when q.getCommandId() != null -> {
        if (q.getKind().equals("will_replaced")) {
          replaced(e, q.getJoined(), q.getCommandId());
        }
        open(e, q.getCommandId(), true);
      }
      case MessageAppended m when m.getCommandId() != null -> open(e, m.getCommandId(), false);
      // A branch's turn starts with the branch, which may append no message of its own.
      case ThreadBranched b when b.getCommandId() != null -> open(e, b.getCommandId(), false);
      case ApprovalRequested r -> turnsRuns(e, Runs.RUNNING, Runs.INTERRUPTED);
      case ApprovalDecided d -> {
        turnsRuns(e, Runs.INTERRUPTED, Runs.RUNNING);
        if (d.getCommandId() != null) {
          open(e, d.getCommandId(), false);
        }
      }
      case TurnCompleted t -> endTurn(e, t.getReason());
      case CommandRejected r when r.getCommandId() != null -> refused(e, r);
      case dev.threadline.avro.RunDeleted d -> deleted(e, d.getRunId());
      default -> {}
    }
  }

  /** A run deleted from outside: forgotten once it ended (one still open is its turn's). */
  private void deleted(ThreadEvent e, String runId) {
    RunSummary run = runs.get(key(e, runId));
    if (run != null && Runs.isEnded(run)) {
      runs.delete(key(e, runId));
    }
  }

  /** A deleted thread: its runs go. */
  void forget(String threadId) {
    List<String> keys = new ArrayList<>();
    try (var range =
        runs.range(ProjectorStores.valueKey(threadId, ""), ProjectorStores.valuesEnd(threadId))) {
      range.forEachRemaining(entry -> keys.add(entry.key));
    }
    keys.forEach(runs::delete);
    openRuns.delete(threadId);
  }

  private void open(ThreadEvent e, String runId, boolean queued) {
    RunSummary before = runs.get(key(e, runId));
    if (before != null && Runs.isEnded(before)) {
      return; // a command id used again on the thread: its run ended
    }
    RunSummary run = before != null ? before : Runs.created(e, runId);
    if (queued) {
      run.setQueuedSeq(e.getSeq());
    } else if (run.getStartSeq() == null) {
      run.setStatus(Runs.RUNNING);
      run.setTurn(e.getTurn());
      run.setStartSeq(e.getSeq());
    }
    run.setUpdatedAt(e.getTimestamp().toEpochMilli());
    runs.put(key(e, runId), run);
    markOpen(e.getThreadId(), runId, true);
    if (!queued) {
      for (RunSummary follower : followers(e, runId)) {
        if (follower.getStartSeq() == null) {
          follower.setStatus(run.getStatus());
          follower.setTurn(run.getTurn());
          follower.setStartSeq(run.getStartSeq());
          follower.setUpdatedAt(run.getUpdatedAt());
          runs.put(key(e, follower.getRunId()), follower);
        }
      }
    }
  }

  /**
   * A chore's run whose input joined {@code joined}'s, queued: it follows that run — it starts with
   * it, and its turn ends both. (An event from before {@code joined} was logged opens none.)
   */
  private void follow(ThreadEvent e, String runId, String joined) {
    if (joined == null || runs.get(key(e, runId)) != null) {
      return;
    }
    RunSummary run = Runs.created(e, runId);
    run.setQueuedSeq(e.getSeq());
    run.setTakenBy(joined);
    runs.put(key(e, runId), run);
    markOpen(e.getThreadId(), runId, true);
  }

  /**
   * A queued will's run whose input {@code by}'s replaced: it ends, naming the run that took it.
   */
  private void replaced(ThreadEvent e, String runId, String by) {
    RunSummary before = runId == null ? null : runs.get(key(e, runId));
    if (before == null || Runs.isEnded(before)) {
      return;
    }
    RunSummary run = Runs.ended(before, e, Runs.CANCELLED, "replaced in the queue by run " + by);
    run.setTakenBy(by);
    runs.put(key(e, runId), run);
    markOpen(e.getThreadId(), runId, false);
  }

  /** The open runs that follow {@code runId}'s (chores that joined its input). */
  private List<RunSummary> followers(ThreadEvent e, String runId) {
    List<RunSummary> following = new ArrayList<>();
    for (String id : open(e.getThreadId())) {
      RunSummary run = runs.get(key(e, id));
      if (run != null && runId.equals(run.getTakenBy())) {
        following.add(run);
      }
    }
    return following;
  }

  /** The runs of the event's turn in status {@code from} move to {@code to}. */
  private void turnsRuns(ThreadEvent e, String from, String to) {
    for (String runId : open(e.getThreadId())) {
      RunSummary run = runs.get(key(e, runId));
      if (run != null && from.equals(run.getStatus()) && isOfTurn(run, e)) {
        run.setStatus(to);
        run.setUpdatedAt(e.getTimestamp().toEpochMilli());
        runs.put(key(e, runId), run);
      }
    }
  }

  private void endTurn(ThreadEvent e, String reason) {
    Set<String> open = open(e.getThreadId());
    boolean changed = false;
    for (String runId : List.copyOf(open)) {
      RunSummary run = runs.get(key(e, runId));
      if (run == null || isOfTurn(run, e)) {
        if (run != null) {
          runs.put(key(e, runId), Runs.ended(run, e, Runs.afterTurn(reason), reason));
        }
        open.remove(runId);
        changed = true;
      }
    }
    if (changed) {
      saveOpen(e.getThreadId(), open);
    }
  }

  private void refused(ThreadEvent e, CommandRejected r) {
    String runId = r.getCommandId();
    RunSummary before = runs.get(key(e, runId));
    if (before != null && Runs.isEnded(before)) {
      return;
    }
    RunSummary run = before != null ? before : Runs.created(e, runId);
    runs.put(key(e, runId), Runs.ended(run, e, Runs.ERROR, r.getReason()));
    Set<String> open = open(e.getThreadId());
    boolean changed = open.remove(runId);
    // The chores that joined its input are refused with it.
    for (RunSummary follower : followers(e, runId)) {
      runs.put(key(e, follower.getRunId()), Runs.ended(follower, e, Runs.ERROR, r.getReason()));
      changed |= open.remove(follower.getRunId());
    }
    if (changed) {
      saveOpen(e.getThreadId(), open);
    }
  }

  private static boolean isOfTurn(RunSummary run, ThreadEvent e) {
    return run.getTurn() != null && run.getTurn() == e.getTurn();
  }

  private static String key(ThreadEvent e, String runId) {
    return ProjectorStores.valueKey(e.getThreadId(), runId);
  }

  private Set<String> open(String threadId) {
    String ids = openRuns.get(threadId);
    if (ids == null) {
      return new LinkedHashSet<>();
    }
    try {
      return new LinkedHashSet<>(JSON.readValue(ids, IDS));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("open runs of " + threadId + " unreadable", e);
    }
  }

  /** {@code runId} among the thread's open runs ({@code open}) or not. */
  private void markOpen(String threadId, String runId, boolean open) {
    Set<String> ids = open(threadId);
    if (open ? ids.add(runId) : ids.remove(runId)) {
      saveOpen(threadId, ids);
    }
  }

  private void saveOpen(String threadId, Set<String> open) {
    if (open.isEmpty()) {
      openRuns.delete(threadId);
      return;
    }
    try {
      openRuns.put(threadId, JSON.writeValueAsString(open));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
