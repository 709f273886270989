package dev.threadline.projector.http;

import dev.threadline.avro.ContentDelta;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which content deltas a run's stream sends, and when. Deltas travel apart from events, so they may
 * come before the {@code ModelCallRequested} of their request (held until it is sent: a run queued
 * behind another's turn never shows that turn's tokens) or after the call's answer (dropped: the
 * answer's message carries the whole text, and a client that builds the message from deltas would
 * start a new one from the late tail). The second happens when executors act on a request before
 * its decision commits: the result, its decision and the answer's events can all overtake the last
 * deltas.
 */
final class RunDeltas {
  static final int HELD = 1_024;

  private final Set<String> requested = new HashSet<>();
  private final Set<String> answered = new HashSet<>();
  private final ArrayDeque<ContentDelta> held = new ArrayDeque<>();

  /** The deltas to send for {@code delta}, arrived now: itself, or none (held or dropped). */
  List<ContentDelta> arrived(ContentDelta delta) {
    String request = delta.getRequestId();
    if (answered.contains(request)) {
      return List.of();
    }
    if (requested.contains(request)) {
      return List.of(delta);
    }
    if (held.size() == HELD) {
      held.removeFirst(); // the oldest: another turn's, most likely
    }
    held.add(delta);
    return List.of();
  }

  /**
   * The run's stream sent the {@code ModelCallRequested} of {@code requestId} (a retry sends it
   * again, under the same id): the deltas held for it, to send now.
   */
  List<ContentDelta> requested(String requestId) {
    requested.add(requestId);
    answered.remove(requestId);
    List<ContentDelta> own = held.stream().filter(d -> d.getRequestId().equals(requestId)).toList();
    held.removeAll(own);
    return own;
  }

  /** The run's stream is about to send the answer of {@code requestId}: no deltas of it after. */
  void answered(String requestId) {
    requested.remove(requestId);
    answered.add(requestId);
  }
}
