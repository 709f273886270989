package dev.threadline.step.core;

import dev.threadline.step.core.Values.Attachment;
import java.time.Instant;
import java.util.List;

/**
 * A subagent its parent could not start for missing variables (spec §7.5): what it was asked to do,
 * kept until {@code POST /v1/threads/{parent}/variables/{requestId}} supplies the variables. Its
 * env is worked out again then, from the parent's env as it is at that moment.
 *
 * @param subagent the parent's subagent entry that runs it
 */
public record DeferredSubagent(
    String requestId,
    String subagent,
    String childName,
    String task,
    List<Attachment> attachments,
    Instant requestedAt) {
  public DeferredSubagent {
    attachments = List.copyOf(attachments);
  }
}
