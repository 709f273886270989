package dev.threadline.step;

import dev.threadline.step.core.Output;
import java.util.ArrayList;
import java.util.List;

/**
 * The writes of one transition, prepared before any is made: records serialized and measured,
 * windows read, attachments copied. An input whose transition cannot be carried out — a record over
 * the limit, an attachment that cannot be copied, a bug — thus fails whole and leaves nothing
 * behind: no half-written log, no message stored at a seq the state never reached.
 */
final class Plan {
  private final List<Runnable> writes = new ArrayList<>();
  private final List<Output> followUps = new ArrayList<>();

  /** A write to make when the plan is applied, after those planned before it. */
  void then(Runnable write) {
    writes.add(write);
  }

  /** An output to answer at once, after the plan is applied. */
  void followUp(Output output) {
    followUps.add(output);
  }

  List<Output> followUps() {
    return followUps;
  }

  /** Makes the writes, in order. */
  void apply() {
    writes.forEach(Runnable::run);
  }
}
